import type { ChainAuthorId } from '../kubeproxy';
import type { RuleId, TableId } from '../ruleset';
import type { Origin, Outcome, PathStep } from '../trace';

/**
 * The chain graph the UI draws: plain data (structured-clone safe, so it can cross to the layout
 * worker). Built by `buildChainGraph` from a Ruleset; React Flow nodes/edges are derived from it in
 * `src/ui/flow`, never stored.
 */

/**
 * What a node stands for. The order of the roles is the order of the columns, left to right, as a
 * first packet of a connection meets them in kube-proxy's nat table (proxier.go `iptablesJumpChains`
 * hooks PREROUTING/OUTPUT → KUBE-SERVICES → KUBE-NODEPORTS / KUBE-EXT / KUBE-FW → KUBE-SVC / KUBE-SVL →
 * KUBE-SEP → DNAT to the endpoint → POSTROUTING → KUBE-POSTROUTING).
 */
export type NodeRole =
  | 'hook'
  | 'services'
  | 'external'
  | 'service'
  | 'endpointChain'
  | 'endpoint'
  | 'postrouting'
  | 'other'
  | 'verdict';

/** `nat/KUBE-SERVICES` for chains (the ChainId), `ep/10.244.169.161:80` for endpoint (pod) nodes. */
export type GraphNodeId = string;

export interface GraphNode {
  readonly id: GraphNodeId;
  readonly role: NodeRole;
  /** Column in the layered layout (0 = left). */
  readonly column: number;
  /** The chain name verbatim, or `ip:port` for an endpoint. */
  readonly title: string;
  /** What the node belongs to: `default/web:80`, a pod name, `policy ACCEPT`, or null. */
  readonly subtitle: string | null;
  readonly table: TableId | null;
  /** The chain's name (null for endpoint nodes). */
  readonly chain: string | null;
  /** 1-based line of the chain declaration (0 when the dump has none). */
  readonly line: number;
  /** Number of rules in the chain (0 for endpoints). */
  readonly ruleCount: number;
  /**
   * Helper chains this chain's rules jump to but which are not drawn as nodes (KUBE-MARK-MASQ,
   * KUBE-MARK-DROP): shown as badges so hundreds of edges into them do not hide the flow.
   */
  readonly marks: readonly ('masquerade' | 'drop')[];
  /** Terminal verdicts written in this chain (REJECT for no endpoints, DROP, MASQUERADE, …). */
  readonly verdicts: readonly string[];
  /** Edges left out by the focus view (jumps into chains not shown). */
  readonly hiddenEdges: number;
  /** The verdict node only (`role: 'verdict'`): what was decided, where, and where the packet went. */
  readonly verdict?: VerdictFacts;
  /** Who wrote the chain when it is not kube-proxy (Calico, Docker, firewalld…: kubeproxy/chainAuthors.ts). */
  readonly author?: ChainAuthorId;
}

/** What the final node of a traced path says: the verdict, the rule (or policy) that decided, the delivery. */
export interface VerdictFacts {
  readonly verdict: Outcome['verdict'];
  readonly delivery: Outcome['delivery'];
  /** `ip:port` the destination was rewritten to, or null. */
  readonly dnat: string | null;
  /** Where the deciding step ran (the last step of the path). */
  readonly table: TableId | null;
  readonly chain: string | null;
  readonly hook: string | null;
  /** 1-based line of the deciding rule; 0 for a chain policy. */
  readonly line: number;
  /** The deciding rule's match in short form (`tcp dpt:80 → 172.30.0.46`), or `policy ACCEPT`. */
  readonly rule: string;
  /** The rule's comment (kube-proxy writes "ns/svc:port has no endpoints"), or null. */
  readonly comment: string | null;
  /** The DNAT endpoint's pod and node, where kubectl names them (absent otherwise). */
  readonly place?: { readonly pod: string | null; readonly node: string | null };
}

/**
 * The chosen outcome of a trace, as the graph needs it (GraphFocus.path on the wire): the steps,
 * where the packet came from and what happened to it. Plain data.
 */
export interface PathFocus {
  readonly origin: Origin;
  readonly steps: readonly PathStep[];
  readonly verdict: Outcome['verdict'];
  readonly delivery: Outcome['delivery'];
  readonly dnat: string | null;
}

/** Where the packet is in the graph after one path step, and the edges it took to get there. */
export interface StepPlace {
  /** Null only before the packet reaches any drawn node. */
  readonly node: GraphNodeId | null;
  /** The edge the packet moves along to get to `node` (the last of `via`), or null. */
  readonly edge: string | null;
  /** The drawn node of the chain the step's rule is in (null when that chain is not drawn). */
  readonly chainNode: GraphNodeId | null;
  /** Every edge this step traverses, in order (a hook change, then a jump; a DNAT, then the verdict). */
  readonly via?: readonly string[];
  /** Nodes passed on the way to `node` in this step (the next hook's chain, entered before a jump). */
  readonly passed?: readonly GraphNodeId[];
}

/** The path a graph was built for (buildChainGraph with `path`): its key and its steps' places. */
export interface GraphPath {
  /** `pathKey(steps)`: placePath uses `places` only for the very path they were computed for. */
  readonly key: string;
  readonly places: readonly StepPlace[];
  /** Chains the path enters that are not drawn (past `MAX_PATH_NODES`): the UI says how many. */
  readonly undrawn?: number;
}

/**
 * `jump`/`goto`/`dnat`: a rule. `flow`: the packet moving on to the next table or hook of its way
 * (no rule: netfilter's order, trace/hooks.ts). `verdict`: from the deciding chain to the verdict node.
 */
export type EdgeKind = 'jump' | 'goto' | 'dnat' | 'flow' | 'verdict';

export interface GraphEdge {
  /** The rule's id (`nat/KUBE-SERVICES#3`): one edge per rule; `flow/<from>><to>` and `verdict/in` otherwise. */
  readonly id: RuleId | string;
  readonly kind: EdgeKind;
  readonly source: GraphNodeId;
  readonly target: GraphNodeId;
  /** The match in short form: `tcp dpt:80 → 10.104.247.10`, `p=0.333`, `otherwise`. */
  readonly label: string;
  /** 1-based line of the rule in the pasted text. */
  readonly line: number;
  /** The `statistic --probability` as written, when the rule has one. */
  readonly probability: number | null;
  /**
   * Share of new connections this rule of an endpoint lottery gets (model PolicyTarget.share:
   * remaining mass × effective p), when the model knows it; also printed in `label`.
   */
  readonly share?: number | null;
}

export interface ChainGraph {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  /** Service count in the dump and how many the (focused) graph shows. */
  readonly services: { readonly total: number; readonly shown: number };
  /** True when the graph is a focus view (some Services hidden). */
  readonly focused: boolean;
  /** The traced path drawn in this graph (every table, the hooks, a verdict node), if any. */
  readonly path?: GraphPath | null;
  /**
   * The nat chains the view would draw and how many it does: fewer when the graph is cut to
   * `BuildOptions.maxChains` (a dump of thousands of chains), whether Services or not.
   */
  readonly chains?: { readonly total: number; readonly shown: number };
}

/** Id of the verdict node of a path graph. */
export const VERDICT_NODE: GraphNodeId = 'verdict';

/** A laid-out edge: the points to draw it through and where its label goes (off every node). */
export interface EdgeRoute {
  /** `polyline`: straight segments through `points` (elk's orthogonal sections); `bezier`: start, two controls, end. */
  readonly shape: 'polyline' | 'bezier';
  readonly points: readonly { readonly x: number; readonly y: number }[];
  /** Top-left corner and size of the label box, or null (no label). */
  readonly label: NodePosition | null;
}

export type GraphRoutes = Readonly<Record<string, EdgeRoute>>;

/** Top-left position and size of each node after layout, in React Flow's coordinate space. */
export interface NodePosition {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type GraphPositions = Readonly<Record<GraphNodeId, NodePosition>>;

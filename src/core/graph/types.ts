import type { TableName } from '../iptables/ast';
import type { RuleId } from '../model/ruleset';

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
  | 'other';

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
  readonly table: TableName | null;
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
}

export type EdgeKind = 'jump' | 'goto' | 'dnat';

export interface GraphEdge {
  /** The rule's id (`nat/KUBE-SERVICES#3`): one edge per rule. */
  readonly id: RuleId;
  readonly kind: EdgeKind;
  readonly source: GraphNodeId;
  readonly target: GraphNodeId;
  /** The match in short form: `tcp dpt:80 → 10.104.247.10`, `p=0.333`, `otherwise`. */
  readonly label: string;
  /** 1-based line of the rule in the pasted text. */
  readonly line: number;
  /** The `statistic --probability` as written, when the rule has one. */
  readonly probability: number | null;
}

export interface ChainGraph {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  /** Service count in the dump and how many the (focused) graph shows. */
  readonly services: { readonly total: number; readonly shown: number };
  /** True when the graph is a focus view (some Services hidden). */
  readonly focused: boolean;
  /**
   * Chains in the nat table and how many are drawn: fewer when the graph is cut to
   * `BuildOptions.maxChains` (a dump of thousands of chains), whether Services or not.
   */
  readonly chains?: { readonly total: number; readonly shown: number };
}

/** Top-left position and size of each node after layout, in React Flow's coordinate space. */
export interface NodePosition {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type GraphPositions = Readonly<Record<GraphNodeId, NodePosition>>;

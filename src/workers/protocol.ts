import type { Comparison } from '../core/compare';
import type { IpsetDiagnostic } from '../core/ipset';
import type { IpvsDiagnostic } from '../core/ipvs';
import type { KubectlData } from '../core/kubectl';
import type { KubeProxyModel, ServiceGroup } from '../core/kubeproxy';
import type { Chain, RuleId, TableId } from '../core/ruleset';
import type { Diagnostic } from '../core/text';
import type { Packet, SimulationResult, TraceEnv, TraceResult } from '../core/trace';
import type {
  ChainGraph,
  GraphPositions,
  GraphRoutes,
  PacketSuggestion,
  PathFocus,
  PodPlaces,
  RuleLookup,
} from '../core/view';

/**
 * The one message protocol between the UI thread and the analysis worker (analyze.worker.ts);
 * both sides import this file. Every request carries a numeric `id` (increasing per client) and a
 * `type`; every response echoes the `id`. Errors are data (`type: 'error'`), never a thrown
 * message event. Payloads are plain structured-clone-safe objects.
 *
 * Latest request wins, per kind: the client ignores an `analyzed` whose id is older than the last
 * `analyze` it sent (and likewise for `layout`, `trace`, `simulate`); the worker drops a
 * `simulate` stream as soon as a newer `simulate` or a `cancel` for it arrives.
 */

/** Which part of a big dump the graph shows. `null` = everything (or the worker's automatic focus). */
export interface GraphFocus {
  /**
   * Service groups to draw: `ServiceGroup.key`, the portProtoHash suffix (`LOLE4ISW44XBNF3G`), as
   * `groups` of the `analyzed` response lists them (`findServiceGroups` searches them).
   */
  readonly services: readonly string[];
  /** Extra chain names to keep (e.g. the chains on the current packet path). */
  readonly chains: readonly string[];
  /**
   * The chosen outcome of the current trace: the graph then draws its chains in every table, its
   * hooks in kernel order and a verdict node, and carries the steps' places (`graph.path`).
   * Absent or null: no path.
   */
  readonly path?: PathFocus | null;
}

/** Parse + lower + kubectl + kube-proxy model + graph + layout for the two texts. */
export interface AnalyzeRequest {
  readonly type: 'analyze';
  readonly id: number;
  readonly iptablesText: string;
  readonly kubectlText: string;
  /** `ipset list` / `ipset save` output (issue 12); absent or empty = none. */
  readonly ipsetText?: string;
  /** `ipvsadm -Ln` output (issue 12); absent or empty = none. */
  readonly ipvsText?: string;
  readonly focus: GraphFocus | null;
  /**
   * Optional: trace this packet first, reading only what the trace needs (core/lazy `traceTexts`),
   * and answer `firstTraced` before the full analysis's `analyzed`. Its outcomes are the ones the
   * full Ruleset gives.
   */
  readonly firstTrace?: { readonly packet: Packet; readonly env: TraceEnv } | null;
}

/** Rebuild graph + layout of the last analyzed input with another focus (no re-parse). */
export interface LayoutRequest {
  readonly type: 'layout';
  readonly id: number;
  readonly focus: GraphFocus | null;
}

/** `trace(ruleset, packet, env)` on the worker's last good Ruleset. */
export interface TraceRequest {
  readonly type: 'trace';
  readonly id: number;
  readonly packet: Packet;
  readonly env: TraceEnv;
}

/**
 * `simulate(...)` on the worker's last good Ruleset, answered by several `simulated` messages
 * (one per `chunk` connections, `final: true` last) so the bars fill live.
 */
export interface SimulateRequest {
  readonly type: 'simulate';
  readonly id: number;
  readonly packet: Packet;
  readonly env: TraceEnv;
  readonly connections: number;
  readonly seed: number;
  /** Connections per progress message (default 100). */
  readonly chunk?: number;
}

/** What the last good analysis knows about the chains named `name` (editor hover, Ctrl/Cmd-click). */
export interface ChainFactsRequest {
  readonly type: 'chainFacts';
  readonly id: number;
  readonly name: string;
}

/** The rule written on 1-based `line` of the last good iptables text (editor cursor → graph selection). */
export interface RuleAtRequest {
  readonly type: 'ruleAt';
  readonly id: number;
  readonly line: number;
}

/** Stop the `simulate` stream with this id. */
export interface CancelRequest {
  readonly type: 'cancel';
  readonly id: number;
}

/** One dump of a `compare` request: its ruleset text and (optionally empty) kubectl text. */
export interface CompareInput {
  readonly iptablesText: string;
  readonly kubectlText: string;
}

/**
 * Compare two dumps of one cluster Service port by Service port (core/compare), each read afresh
 * (the worker's last good analysis is not used: A is usually the current text, B a pasted one).
 */
export interface CompareRequest {
  readonly type: 'compare';
  readonly id: number;
  readonly a: CompareInput;
  readonly b: CompareInput;
}

export type WorkerRequest =
  | CompareRequest
  | AnalyzeRequest
  | LayoutRequest
  | TraceRequest
  | SimulateRequest
  | ChainFactsRequest
  | RuleAtRequest
  | CancelRequest;

/** Counts and timings of one analysis (shown in the status line, printed by benchmarks). */
export interface AnalysisSummary {
  readonly bytes: number;
  readonly lines: number;
  readonly tables: number;
  readonly chains: number;
  readonly rules: number;
  readonly servicePorts: number;
  readonly kubectlServices: number;
  /** kube-proxy's IPVS mode recognised in the rules (a sentence), or null (absent: before issue 12). */
  readonly ipvsMode?: string | null;
  /** IPVS virtual services and ipsets read from the pasted ipvsadm / ipset outputs (null: none). */
  readonly ipvsServices?: number | null;
  readonly ipsets?: number | null;
  /** Milliseconds per stage, measured in the worker. */
  readonly timings: Readonly<Record<'parse' | 'lower' | 'kubectl' | 'model' | 'graph' | 'layout', number>>;
}

/**
 * The analysis of the texts of an `analyze` request. `diagnostics` and `summary` describe those
 * texts; `ruleCount`/`pods`/`groups`/`graph` describe the last GOOD input: when the
 * iptables text has error diagnostics the worker keeps (and answers with) the previous good one
 * (the UI marks it stale), so a half-typed rule never blanks the graph.
 */
export interface AnalyzedResponse {
  readonly type: 'analyzed';
  readonly id: number;
  readonly diagnostics: {
    readonly iptables: readonly Diagnostic[];
    readonly kubectl: readonly Diagnostic[];
    /** Of the `ipsetText` (absent: none pasted). */
    readonly ipset?: readonly IpsetDiagnostic[];
    /** Of the `ipvsText` (absent: none pasted). */
    readonly ipvs?: readonly IpvsDiagnostic[];
  };
  /** Rules in the last good Ruleset (the Ruleset itself stays in the worker). */
  readonly ruleCount: number;
  /** Endpoint IP → pod name from kubectl's Endpoints (json/yaml `targetRef`); `{}` without kubectl. */
  readonly pods: Readonly<Record<string, string>>;
  /** kubectl's pods and nodes by IP, and each Service's endpoint IPs (core/view/podPlaces.ts); absent = none. */
  readonly places?: PodPlaces;
  /** Every Service port the nat table implements (search box, destination picker). */
  readonly groups: readonly ServiceGroup[];
  /** A first packet for the last good input (a real Service address, the node IP where inferable). */
  readonly suggestion: PacketSuggestion | null;
  readonly graph: ChainGraph | null;
  readonly positions: GraphPositions | null;
  /** Edge routes and label boxes of that layout (edges drawn around nodes, labels off nodes). */
  readonly routes?: GraphRoutes | null;
  readonly summary: AnalysisSummary;
  /**
   * How many more groups follow in `groups` messages with this id (absent or 0: none). The page
   * decodes a message in one task; 10,000 groups in one piece took ~100 ms of it, so the worker
   * sends a large list in slices and the client hands the whole answer on once the last arrives.
   */
  readonly groupsToFollow?: number;
}

/** A slice of the Service groups of the `analyzed` answer with the same id (see `groupsToFollow`). */
export interface GroupsResponse {
  readonly type: 'groups';
  readonly id: number;
  readonly groups: readonly ServiceGroup[];
}

export interface LayoutResponse {
  readonly type: 'layout';
  readonly id: number;
  readonly graph: ChainGraph | null;
  readonly positions: GraphPositions | null;
  readonly routes?: GraphRoutes | null;
}

export interface TracedResponse {
  readonly type: 'traced';
  readonly id: number;
  readonly result: TraceResult;
  /** The rules on the outcomes' paths and the endpoint lotteries they cross (describePath, endpointBars). */
  readonly rules: RuleLookup;
  /** The kube-proxy model cut to the Service ports on the paths (`pathModel`); `null` without one. */
  readonly model: KubeProxyModel | null;
}

/**
 * The answer to an `analyze` request's `firstTrace`, posted before its `analyzed`: the trace, the
 * rules on its paths (as `traced` carries them), and how much of the text was read for it.
 * Its diagnostics are those of the lines read; the `analyzed` answer has them all.
 */
export interface FirstTracedResponse {
  readonly type: 'firstTraced';
  readonly id: number;
  readonly result: TraceResult;
  readonly rules: RuleLookup;
  /** False when the text took the full pipeline (a shape the lazy reader does not take). */
  readonly lazy: boolean;
  /** Rules read of all rules. */
  readonly rulesRead: number;
  readonly ruleCount: number;
  /** Milliseconds from the request to this answer's content. */
  readonly ms: number;
}

/**
 * The chains named `name` (one per table, nat first) and the parts of the model and kubectl data
 * about them. Shaped like the page's old ChainContext so that `describeChain` reads it unchanged.
 * A chain's `rules` array is SPARSE: it has the real length (the rule count) but holds only its
 * first rule, since KUBE-SERVICES alone has one rule per Service port.
 */
export interface ChainFacts {
  readonly chains: readonly Chain[];
  readonly model: KubeProxyModel | null;
  readonly kubectl: KubectlData | null;
}

export interface ChainFactsResponse {
  readonly type: 'chainFacts';
  readonly id: number;
  readonly facts: ChainFacts;
}

/** Where the rule on a line is: enough to select it in the graph. */
export interface RuleRef {
  readonly id: RuleId;
  readonly table: TableId;
  readonly chain: string;
}

export interface RuleAtResponse {
  readonly type: 'ruleAt';
  readonly id: number;
  readonly rule: RuleRef | null;
}

export interface SimulatedResponse {
  readonly type: 'simulated';
  readonly id: number;
  /** Connections simulated so far / asked for. */
  readonly done: number;
  readonly total: number;
  /** Cumulative counts so far (`ip:port` or `<none>` → count). */
  readonly endpointCounts: SimulationResult['endpointCounts'];
  readonly final: boolean;
}

/** Any failure, as data. `request` is the type of the request that failed. */
export interface ErrorResponse {
  readonly type: 'error';
  readonly id: number;
  readonly request: WorkerRequest['type'];
  readonly message: string;
}

/** The answer to `compare`: the comparison and each dump's ruleset diagnostics (for its editor). */
export interface ComparedResponse {
  readonly type: 'compared';
  readonly id: number;
  readonly comparison: Comparison;
  readonly diagnostics: { readonly a: readonly Diagnostic[]; readonly b: readonly Diagnostic[] };
}

export type WorkerResponse =
  | ComparedResponse
  | AnalyzedResponse
  | GroupsResponse
  | LayoutResponse
  | TracedResponse
  | FirstTracedResponse
  | SimulatedResponse
  | ChainFactsResponse
  | RuleAtResponse
  | ErrorResponse;

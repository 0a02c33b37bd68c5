import {
  chainMark,
  chainRole,
  dnatEndpoint,
  endpointHost,
  indexServiceGroups,
  KUBE_CHAIN,
  type PolicyChain,
  type ServiceGroup,
} from '../kubeproxy';
import type { Chain, Rule, Ruleset, Table } from '../ruleset';
import { ruleLabel } from './labels';
import { pathChains } from './path';
import { drawPath, TERMINAL } from './pathGraph';
import { type PodPlaces, placeOf } from './podPlaces';
import { authorOf, classifyChain, ROLE_COLUMN } from './roles';
import type { ChainGraph, GraphEdge, GraphNode, GraphNodeId, GraphPath, NodeRole, PathFocus } from './types';
import { VERDICT_NODE } from './types';

export interface BuildOptions {
  /** `indexServiceGroups(ruleset)`, when the caller already has it (memoized). */
  readonly groups?: readonly ServiceGroup[];
  /**
   * Services to show (a Service search): group keys, chain names, labels (`default/web:80`) or
   * Service keys (`default/web`). A non-empty focus turns the focus view on.
   */
  readonly focus?: readonly string[];
  /** Chains on the current packet path: always shown, with their Service groups. */
  readonly pathChains?: readonly string[];
  /** Above this many Service ports the graph is a focus view (default 25). */
  readonly maxServices?: number;
  /** Groups a focus view shows when nothing is focused and no path is known (default 8). */
  readonly defaultShown?: number;
  /** Endpoint IP → pod name, where kubectl gave one. */
  readonly pods?: Readonly<Record<string, string>>;
  /**
   * kubectl's pods and nodes (podPlaces.ts): endpoint nodes say `pod · node n`, KUBE-SEP nodes
   * `DNAT → ip:port · pod`, and the verdict node carries the endpoint's place. Over `pods`.
   */
  readonly places?: PodPlaces;
  /**
   * The chosen outcome of a trace: its chains in every table, the hooks in kernel order and a
   * verdict node are drawn (pathGraph.ts), also in the focus view; `graph.path` holds its places.
   */
  readonly path?: PathFocus | null;
  /** The model's endpoint lotteries (`KubeProxyModel.policies`): lottery edges carry their effective share. */
  readonly policies?: readonly PolicyChain[];
  /**
   * At most this many chains are drawn (default 200), Services or not: the canvas measures and
   * redraws every node it is given, and a 10,000-chain jump ladder froze the page for seconds.
   */
  readonly maxChains?: number;
}
/** The hooks a Service packet goes through, drawn even when empty (they still have a policy). */
const ALWAYS_SHOWN = new Set(['PREROUTING', 'OUTPUT', 'POSTROUTING', KUBE_CHAIN.services]);

/** The id of an endpoint (pod) node: `ep/10.244.169.161:80`. */
export function endpointNodeId(endpoint: string): GraphNodeId {
  return `ep/${endpoint}`;
}

function columnOf(role: NodeRole, name: string): number {
  if (role === 'postrouting')
    return name === 'POSTROUTING' ? ROLE_COLUMN.postrouting : ROLE_COLUMN.postrouting + 1;
  return ROLE_COLUMN[role];
}

/**
 * Whether a focus entry names this group: its hash key, a chain of it, its label
 * (`default/web:80`), or the Service without port (`default/web`, a `KubeServicePort` key).
 */
function focusMatches(g: ServiceGroup, f: string): boolean {
  if (f === g.key || g.chains.includes(f)) return true;
  if (!g.label) return false;
  return g.label === f || g.label.startsWith(`${f}:`);
}

/** Which chains the graph shows and how many Service groups that is. */
function visibleChains(
  chains: readonly string[],
  groups: readonly ServiceGroup[],
  o: BuildOptions,
): { chains: Set<string>; shown: number; focused: boolean } {
  const groupOf = new Map<string, ServiceGroup>();
  for (const g of groups) for (const c of g.chains) groupOf.set(c, g);
  const focus = o.focus ?? [];
  const focused = focus.length > 0 || groups.length > (o.maxServices ?? 25);
  if (!focused) return { chains: new Set(chains), shown: groups.length, focused };
  const keys = new Set<string>();
  for (const g of groups) if (focus.some((f) => focusMatches(g, f))) keys.add(g.key);
  const path = new Set([...(o.pathChains ?? []), ...pathChains(o.path?.steps ?? [])]);
  for (const c of path) {
    const g = groupOf.get(c);
    if (g) keys.add(g.key);
  }
  if (keys.size === 0) for (const g of groups.slice(0, o.defaultShown ?? 8)) keys.add(g.key);
  const shownChains = new Set<string>();
  for (const c of chains) {
    const g = groupOf.get(c);
    // Chains of no group: hooks, KUBE-SERVICES, … are the skeleton; stray KUBE-SEPs only on the path.
    if (g ? keys.has(g.key) : chainRole(c) !== 'sep' || path.has(c)) shownChains.add(c);
  }
  return { chains: shownChains, shown: groups.filter((g) => keys.has(g.key)).length, focused };
}

/** `33.3 %`: a share of connections, one decimal. */
function formatShare(share: number): string {
  return `${(Math.round(share * 1000) / 10).toFixed(1)} %`;
}

/**
 * At most `max` of the `shown` chains: the hooks, then the path's chains in path order, then the
 * rest breadth-first from those (the order a reader follows the jumps), then in file order.
 */
function capChains(nat: Table, shown: Set<string>, path: readonly string[], max: number): Set<string> {
  if (shown.size <= max) return shown;
  const kept = new Set<string>();
  const add = (c: string): boolean => {
    if (kept.size >= max || kept.has(c) || !shown.has(c)) return false;
    kept.add(c);
    return true;
  };
  for (const c of [...ALWAYS_SHOWN, ...path]) add(c);
  const queue = [...kept];
  for (let i = 0; i < queue.length && kept.size < max; i++) {
    for (const r of nat.chains[queue[i]!]?.rules ?? []) {
      if (r.target.kind === 'jump' && add(r.target.chain)) queue.push(r.target.chain);
    }
  }
  for (const c of nat.order) add(c);
  return kept;
}

/**
 * Builds the chain graph: the nat table's chains (one node per chain, KUBE-MARK-* as badges), one
 * node per DNAT endpoint, one edge per jump/goto/DNAT rule labelled with its match in short form
 * (and, in an endpoint lottery, the share of connections it gets: `p=0.5 · 33.3 %`). With more
 * than `maxServices` Service ports, or a `focus`, only the skeleton (chains of no Service), the
 * focused Services and those on the path are drawn (`focused: true`). With a `path`, every chain it
 * visits in every table, its hooks and a verdict node are drawn too (pathGraph.ts). Pure; never
 * throws; a Ruleset without a nat table and without a path gives an empty graph.
 */
export function buildChainGraph(ruleset: Ruleset, options: BuildOptions = {}): ChainGraph {
  const groups = options.groups ?? indexServiceGroups(ruleset);
  // nftables: kube-proxy's own table (or iptables-nft's `ip nat`) is drawn as iptables' nat is.
  const drawnTable = ruleset.tables.nat ?? nftDrawnTable(ruleset);
  const nat = drawnTable ?? { name: 'nat', chains: {}, order: [] };
  const hasPath = (options.path?.steps.length ?? 0) > 0;
  if (!drawnTable && !hasPath)
    return { nodes: [], edges: [], services: { total: groups.length, shown: 0 }, focused: false };
  const visible = visibleChains(nat.order, groups, options);
  const { shown, focused } = visible;
  const onPath = [...(options.pathChains ?? []), ...pathChains(options.path?.steps ?? [])];
  const chains = capChains(nat, visible.chains, onPath, options.maxChains ?? 200);
  const shares = new Map<string, number>();
  for (const p of options.policies ?? [])
    for (const t of p.targets)
      if (t.condition === 'probability' || t.condition === 'always') shares.set(t.rule, t.share);
  const labelOf = new Map<string, string>();
  for (const g of groups) if (g.label) for (const c of g.chains) labelOf.set(c, g.label);

  const nodes = new Map<GraphNodeId, GraphNode>();
  const edges: GraphEdge[] = [];
  const callerColumn = new Map<string, number>();
  for (const name of nat.order) {
    if (!chains.has(name) || chainMark(name) !== null) continue;
    const chain = nat.chains[name] as Chain;
    const role = classifyChain(nat.name, name);
    const column = columnOf(role, name);
    const marks = new Set<'masquerade' | 'drop'>();
    const verdicts = new Set<string>();
    let hidden = 0;
    let afterStatistic = false;
    let subtitle: string | null = labelOf.get(name) ?? (chain.policy ? `policy ${chain.policy}` : null);
    for (const rule of chain.rules) {
      const edge = edgeOf(rule, afterStatistic, chains, shares.get(rule.id), nat.name);
      afterStatistic ||= rule.matches.some((m) => m.kind === 'statistic');
      const t = rule.target;
      const mark = t.kind === 'jump' ? chainMark(t.chain) : null;
      if (mark) marks.add(mark);
      else if (edge === 'hidden') hidden++;
      else if (edge) {
        edges.push(edge);
        if (edge.kind === 'dnat') {
          const ep = edge.target.slice(3);
          if (role === 'endpointChain') subtitle = sepSubtitle(ep, options);
          if (!nodes.has(edge.target)) nodes.set(edge.target, endpointNode(ep, options));
        } else {
          const to = edge.target.slice(4);
          callerColumn.set(to, Math.max(callerColumn.get(to) ?? 0, column));
        }
      } else if (t.kind === 'other' ? t.terminal : TERMINAL.has(t.kind)) {
        verdicts.add(t.kind === 'other' ? t.name : t.kind);
      }
    }
    nodes.set(chain.id, {
      id: chain.id,
      role,
      column,
      title: name,
      subtitle,
      table: nat.name,
      chain: name,
      line: chain.line,
      ruleCount: chain.rules.length,
      marks: [...marks],
      verdicts: [...verdicts],
      hiddenEdges: hidden,
      ...authorOf(name),
    });
  }
  const path = new Set((options.pathChains ?? []).map((c) => `${nat.name}/${c}`));
  for (const s of options.path?.steps ?? []) {
    path.add(`${s.table}/${s.chain}`);
    if (s.verdict === 'jump' || s.verdict === 'goto') path.add(`${s.table}/${s.target}`);
  }
  for (const [id, n] of nodes) {
    if (!n.chain) continue;
    // Empty chains nothing jumps to (canaries, an unused nat INPUT) say nothing about the flow.
    if (n.ruleCount === 0 && !callerColumn.has(n.chain) && !path.has(id) && !ALWAYS_SHOWN.has(n.chain)) {
      nodes.delete(id);
      continue;
    }
    // Chains kube-proxy does not own sit one column right of their first caller.
    if (n.role === 'other') nodes.set(id, { ...n, column: (callerColumn.get(n.chain) ?? 0) + 1 });
  }
  let drawn: GraphPath | null = null;
  if (hasPath && options.path) {
    drawn = drawPath(ruleset, nodes, edges, options.path);
    placeVerdict(nodes, options.places);
  }
  return {
    nodes: [...nodes.values()],
    edges,
    services: { total: groups.length, shown },
    focused,
    path: drawn,
    // What the 200-chain cap left out (not the badges and empty chains every graph leaves out).
    chains: { total: visible.chains.size, shown: chains.size },
  };
}

function edgeOf(
  rule: Rule,
  afterStatistic: boolean,
  shown: ReadonlySet<string>,
  share: number | undefined,
  table: string,
): GraphEdge | 'hidden' | null {
  const t = rule.target;
  const stat = rule.matches.find((m) => m.kind === 'statistic');
  const label = ruleLabel(rule, afterStatistic);
  const base = {
    id: rule.id,
    source: `${table}/${rule.chain}`,
    label: share === undefined ? label : `${label} · ${formatShare(share)}`,
    line: rule.line,
    probability: stat?.kind === 'statistic' && stat.mode === 'random' ? stat.probability : null,
    ...(share === undefined ? {} : { share }),
  };
  if (t.kind === 'jump') {
    if (!shown.has(t.chain)) return 'hidden';
    return { ...base, kind: t.goto ? 'goto' : 'jump', target: `${table}/${t.chain}` };
  }
  const ep = dnatEndpoint(t);
  return ep ? { ...base, kind: 'dnat', target: endpointNodeId(ep) } : null;
}

/** `DNAT → 10.244.169.161:80`, and ` · web-d779974b6-csx2h` when kubectl names the pod. */
function sepSubtitle(endpoint: string, o: BuildOptions): string {
  const pod = placeOf(o.places, endpoint)?.pod ?? o.pods?.[endpointHost(endpoint)];
  return pod ? `DNAT → ${endpoint} · ${pod}` : `DNAT → ${endpoint}`;
}

/** An endpoint node's subtitle: `web-d779974b6-csx2h · node k8s-node2` (graphText translates `node`). */
function endpointSubtitle(endpoint: string, o: BuildOptions): string | null {
  const place = placeOf(o.places, endpoint);
  const pod = place?.pod ?? o.pods?.[endpointHost(endpoint)] ?? null;
  const node = place?.node ? `node ${place.node}` : null;
  return pod && node ? `${pod} · ${node}` : (pod ?? node);
}

/**
 * The verdict node of a DNATed path learns the endpoint's pod and node; its subtitle (which sizes
 * the box, sizes.ts) says them: `forwarded to the pod 10.244.169.161:80 (web-… on k8s-node2)`.
 */
function placeVerdict(nodes: Map<GraphNodeId, GraphNode>, places: PodPlaces | undefined): void {
  const v = nodes.get(VERDICT_NODE);
  const place = v?.verdict?.dnat ? placeOf(places, v.verdict.dnat) : null;
  if (!v?.verdict || !place) return;
  const where = [place.pod, place.node ? `on ${place.node}` : null].filter((w) => w !== null).join(' ');
  const subtitle = v.subtitle ? `${v.subtitle} (${where})` : v.subtitle;
  nodes.set(VERDICT_NODE, { ...v, subtitle, verdict: { ...v.verdict, place } });
}

function endpointNode(endpoint: string, o: BuildOptions): GraphNode {
  return {
    id: endpointNodeId(endpoint),
    role: 'endpoint',
    column: ROLE_COLUMN.endpoint,
    title: endpoint,
    subtitle: endpointSubtitle(endpoint, o),
    table: null,
    chain: null,
    line: 0,
    ruleCount: 0,
    marks: [],
    verdicts: [],
    hiddenEdges: 0,
  };
}

/** The nftables table the graph draws: kube-proxy's (`ip kube-proxy`), else iptables-nft's `ip nat`. */
function nftDrawnTable(ruleset: Ruleset): Table | undefined {
  const tables = Object.values(ruleset.tables).filter((t): t is Table => t?.family !== undefined);
  return tables.find((t) => t.name.endsWith(' kube-proxy')) ?? tables.find((t) => t.name === 'ip nat');
}

import { chainMark } from '../kubeproxy';
import type { Chain, Rule, Ruleset, TableId } from '../ruleset';
import { ruleLabel } from './labels';
import { pathKey } from './path';
import { assignColumns } from './pathColumns';
import { authorOf, classifyChain } from './roles';
import { hookSegments } from './route';
import { ruleFrom } from './ruleLookup';
import {
  type GraphEdge,
  type GraphNode,
  type GraphNodeId,
  type GraphPath,
  type PathFocus,
  type StepPlace,
  VERDICT_NODE,
} from './types';

/**
 * The traced path drawn into the nat overview: a node for every chain the path visits in every
 * table (raw, mangle, filter, security, and nat chains the overview lacks), a hook node per table
 * and hook in the kernel's order (route.ts), `flow` edges from one table to the next, the path's
 * jumps as edges, and a final verdict node. Columns follow the way of the packet: the tables before
 * nat's DNAT, nat's overview (hooks … endpoints), the tables after it (mangle/filter FORWARD,
 * INPUT, OUTPUT), nat POSTROUTING, then the verdict.
 */

/** Targets that end the packet's walk of the table: shown as badges on their chain. */
export const TERMINAL = new Set(['ACCEPT', 'DROP', 'REJECT', 'QUEUE', 'SNAT', 'MASQUERADE']);

const idOf = (table: TableId, chain: string): GraphNodeId => `${table}/${chain}`;

/**
 * Chain nodes a path may add to the overview. A walk can enter a thousand chains (a 10,000-deep
 * jump ladder, up to the tracer's bound), and the canvas measures and redraws every node it is
 * given: past this many the path's further chains are counted (`GraphPath.undrawn`), not drawn,
 * and the marker waits on the last drawn one. Hook nodes and the verdict are always drawn.
 */
export const MAX_PATH_NODES = 60;

/** Marks and verdict badges of a chain's rules (what it does without an edge). */
function chainBadges(chain: Chain): Pick<GraphNode, 'marks' | 'verdicts'> {
  const marks = new Set<'masquerade' | 'drop'>();
  const verdicts = new Set<string>();
  for (const rule of chain.rules) {
    const t = rule.target;
    const mark = t.kind === 'jump' ? chainMark(t.chain) : null;
    if (mark) marks.add(mark);
    else if (t.kind === 'other' ? t.terminal : TERMINAL.has(t.kind))
      verdicts.add(t.kind === 'other' ? t.name : t.kind);
  }
  return { marks: [...marks], verdicts: [...verdicts] };
}

function pathChainNode(table: TableId, chain: Chain, base: boolean): GraphNode {
  const role =
    base && !(table === 'nat' && chain.name === 'POSTROUTING') ? 'hook' : classifyChain(table, chain.name);
  return {
    id: chain.id,
    role,
    column: 0,
    title: chain.name,
    subtitle: chain.policy ? `policy ${chain.policy}` : null,
    table,
    chain: chain.name,
    line: chain.line,
    ruleCount: chain.rules.length,
    ...chainBadges(chain),
    hiddenEdges: 0,
    ...authorOf(chain.name),
  };
}

function commentText(rule: Rule | null): string | null {
  const c = rule?.matches.find((m) => m.kind === 'comment');
  return c?.kind === 'comment' ? c.text : null;
}

/** In-place additions to a nat overview (`nodes`, `edges`): see the file comment. Returns the places of the path's steps. */
export function drawPath(
  ruleset: Ruleset,
  nodes: Map<GraphNodeId, GraphNode>,
  edges: GraphEdge[],
  focus: PathFocus,
): GraphPath {
  const steps = focus.steps;
  const segments = hookSegments(ruleset, focus);
  const segOf = new Array<number>(steps.length).fill(-1);
  segments.forEach((seg, k) => {
    for (const i of seg.steps) segOf[i] = k;
  });
  const overview = new Set(nodes.keys());
  const edgeIds = new Map(edges.map((e) => [e.id as string, e]));
  const addEdge = (e: GraphEdge) => {
    if (edgeIds.has(e.id)) return edgeIds.get(e.id)!;
    edges.push(e);
    edgeIds.set(e.id, e);
    return e;
  };

  // Nodes the path needs, with the segment and call depth of their first visit (for columns).
  const first = new Map<GraphNodeId, { seg: number; depth: number }>();
  const undrawn = new Set<GraphNodeId>();
  let added = 0;
  const ensure = (
    table: TableId,
    name: string,
    seg: number,
    depth: number,
    base = false,
  ): GraphNodeId | null => {
    const chain = ruleset.tables[table]?.chains[name];
    if (!chain || chainMark(name)) return null;
    if (!nodes.has(chain.id)) {
      if (!base && added >= MAX_PATH_NODES) {
        undrawn.add(chain.id);
        return null;
      }
      if (!base) added++;
      nodes.set(chain.id, pathChainNode(table, chain, base));
    }
    if (!first.has(chain.id)) first.set(chain.id, { seg, depth });
    return chain.id;
  };
  segments.forEach((seg, k) => {
    ensure(seg.table, seg.hook, k, 0, true);
  });
  steps.forEach((s, i) => {
    const k = segOf[i] ?? -1;
    const own = ensure(s.table, s.chain, k, 0);
    if (s.verdict !== 'jump' && s.verdict !== 'goto') return;
    const depth = own ? (first.get(own)?.depth ?? 0) : 0;
    const target = ensure(s.table, s.target, k, depth + 1);
    const rule = ruleFrom(ruleset, s.ruleId);
    if (!own || !target || !rule || edgeIds.has(rule.id)) return;
    addEdge({
      id: rule.id,
      kind: s.verdict,
      source: own,
      target,
      label: ruleLabel(rule, false),
      line: rule.line,
      probability: null,
    });
  });
  const verdictColumn = assignColumns(nodes, overview, first, segments);

  // The verdict node, right of everything on the path.
  const last = steps[steps.length - 1];
  const lastRule = last ? ruleFrom(ruleset, last.ruleId) : null;
  nodes.set(VERDICT_NODE, {
    id: VERDICT_NODE,
    role: 'verdict',
    column: verdictColumn,
    title: focus.verdict,
    subtitle: deliveryText(focus),
    table: null,
    chain: null,
    line: last?.line ?? 0,
    ruleCount: 0,
    marks: [],
    verdicts: [],
    hiddenEdges: 0,
    verdict: {
      verdict: focus.verdict,
      delivery: focus.delivery,
      dnat: focus.dnat,
      table: last?.table ?? null,
      chain: last?.chain ?? null,
      hook: last?.hook ?? null,
      line: last?.line ?? 0,
      rule: lastRule ? ruleLabel(lastRule, false) : (last?.target ?? ''),
      comment: commentText(lastRule),
    },
  });

  // Walk the path again, placing the packet: flow edges into each table it enters, the step's own
  // edge, then the verdict.
  const places: StepPlace[] = [];
  let here: GraphNodeId | null = null;
  let seg = -1;
  const enter = (k: number, via: string[], passed: GraphNodeId[]) => {
    const s = segments[k]!;
    const base = idOf(s.table, s.hook);
    if (!nodes.has(base)) return;
    if (here && here !== base) {
      const prevHook = k > 0 ? segments[k - 1]!.hook : null;
      via.push(
        addEdge({
          id: `flow/${here}>${base}`,
          kind: 'flow',
          source: here,
          target: base,
          label: prevHook !== null && prevHook !== s.hook ? s.hook : '',
          line: 0,
          probability: null,
        }).id,
      );
    }
    if (here) passed.push(here);
    here = base;
  };
  steps.forEach((s, i) => {
    const via: string[] = [];
    const passed: GraphNodeId[] = [];
    const k = segOf[i] ?? -1;
    if (k > seg) {
      for (let j = seg + 1; j <= k; j++) enter(j, via, passed);
      seg = k;
    }
    const own = idOf(s.table, s.chain);
    const chainNode = nodes.has(own) ? own : null;
    const edge = s.ruleId ? edgeIds.get(s.ruleId) : undefined;
    if (edge && edge.kind !== 'flow' && edge.kind !== 'verdict') {
      if (here && here !== edge.source) passed.push(here);
      if (here !== edge.source) passed.push(edge.source);
      via.push(edge.id);
      here = edge.target;
    } else if (chainNode) {
      if (here && here !== chainNode) passed.push(here);
      here = chainNode;
    }
    if (i === steps.length - 1) {
      if (focus.verdict === 'ACCEPT') for (let j = seg + 1; j < segments.length; j++) enter(j, via, passed);
      if (here) {
        passed.push(here);
        via.push(
          addEdge({
            id: 'verdict/in',
            kind: 'verdict',
            source: here,
            target: VERDICT_NODE,
            label: lastRule && focus.verdict !== 'ACCEPT' ? ruleLabel(lastRule, false) : '',
            line: last?.line ?? 0,
            probability: null,
          }).id,
        );
      }
      here = VERDICT_NODE;
    }
    places.push({ node: here, edge: via[via.length - 1] ?? null, chainNode, via, passed });
  });

  // Jumps of path chains not drawn (other tables' chains off the path) are counted on the node.
  for (const id of first.keys()) {
    const n = nodes.get(id)!;
    if (overview.has(id) || !n.table || !n.chain) continue;
    const chain = ruleset.tables[n.table]?.chains[n.chain];
    const hidden =
      chain?.rules.filter((r) => r.target.kind === 'jump' && !chainMark(r.target.chain) && !edgeIds.has(r.id))
        .length ?? 0;
    if (hidden > 0) nodes.set(id, { ...n, hiddenEdges: hidden });
  }
  return { key: pathKey(steps), places, undrawn: undrawn.size };
}

/** English words for where the packet went (the UI words come from i18n, from `verdict` facts). */
function deliveryText(f: PathFocus): string {
  if (f.verdict === 'DROP') return 'dropped';
  if (f.verdict === 'REJECT') return 'rejected';
  const to = f.dnat ? `the pod ${f.dnat}` : null;
  if (f.delivery === 'local') return to ? `delivered to ${to}` : 'delivered to a local process';
  if (f.delivery === 'out') return to ? `sent out to ${to}` : 'sent out of the node';
  return to ? `forwarded to ${to}` : 'forwarded out of the node';
}

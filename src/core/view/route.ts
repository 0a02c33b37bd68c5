import type { Ruleset, TableId } from '../ruleset';
import { HOOK_TABLES, type HookName, type HookStep, ROUTES } from '../trace';
import type { PathFocus } from './types';

/**
 * The tables a traced packet went through, in the kernel's order: the hooks of its route
 * (trace/hooks.ts ROUTES, the way the tracer walks them) and, per hook, the tables registered on it
 * by priority (HOOK_TABLES). The path only records rules that matched (and policies of chains with
 * rules), so an empty mangle PREROUTING leaves no step; this puts it back, for the graph's hook nodes.
 */

/** One table's base chain on the packet's way, and the path steps that ran in it. */
export interface HookSegment {
  readonly hook: HookName;
  readonly table: TableId;
  readonly loopback: boolean;
  /** Indices into `PathFocus.steps`, in order. */
  readonly steps: number[];
}

/** The route's hooks: first leg by origin, second by where the packet went (delivery, or the hooks the path saw). */
function routeOf(p: PathFocus): readonly HookStep[] {
  const seen = new Set(p.steps.map((s) => s.hook));
  if (p.origin === 'host') {
    const local = p.delivery === 'local' || seen.has('INPUT') || seen.has('PREROUTING');
    return [...ROUTES.outbound, ...(local ? ROUTES.outboundLocal : ROUTES.outboundRemote)];
  }
  const local = p.delivery === 'local' || seen.has('INPUT');
  return [...ROUTES.inbound, ...(local ? ROUTES.inboundLocal : ROUTES.inboundForward)];
}

/**
 * The base chains the packet traversed, in order, each with its steps. A table whose base chain the
 * dump does not have is skipped, and nat on the loopback pass (hooks.ts: NAT bindings are made
 * once); a base chain with rules but no step was not consulted (nat for a packet that is not NEW)
 * and is left out. A DROP/REJECT ends the list at the deciding step's table. Pure.
 */
export function hookSegments(ruleset: Ruleset, p: PathFocus): HookSegment[] {
  const all: HookSegment[] = [];
  for (const step of routeOf(p)) {
    for (const t of HOOK_TABLES[step.hook]) {
      if (t.table === 'nat' && step.loopback) continue;
      if (!ruleset.tables[t.table]?.chains[step.hook]) continue;
      all.push({ hook: step.hook, table: t.table, loopback: step.loopback, steps: [] });
    }
  }
  let at = 0;
  let last = -1;
  p.steps.forEach((s, i) => {
    let j = at;
    while (j < all.length && !(all[j]!.table === s.table && all[j]!.hook === s.hook)) j++;
    // A step the route does not explain (should not happen): keep it with the current table.
    if (j === all.length) j = Math.min(at, all.length - 1);
    if (j < 0) return;
    all[j]!.steps.push(i);
    at = j;
    last = j;
  });
  const kept = p.verdict === 'ACCEPT' || last < 0 ? all : all.slice(0, last + 1);
  return kept.filter(
    (seg) => seg.steps.length > 0 || (ruleset.tables[seg.table]?.chains[seg.hook]?.rules.length ?? 0) === 0,
  );
}

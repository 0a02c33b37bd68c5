import type { PathFocus } from '../../core/view';
import { pathChains, pathFocusOf, pathKey } from '../../core/view';
import type { AppStore } from '../../state/store';
import type { TracedPacket } from '../../state/traceSlice';

function same(a: PathFocus | null | undefined, b: PathFocus | null): boolean {
  if (!a || !b) return !a && !b;
  return a.origin === b.origin && a.verdict === b.verdict && pathKey(a.steps) === pathKey(b.steps);
}

/**
 * Asks the worker for a graph that draws the chosen outcome's whole path (its chains in every
 * table, the hooks in kernel order, the verdict node), or for the plain graph again when there is
 * no trace. Does nothing when the graph was already requested for that path. Call it with the
 * store's `traced` and `outcomeIndex` whenever they change (ChainGraph's `useFocusOnPath`).
 */
export function requestPathGraph(store: AppStore, traced: TracedPacket | null, outcomeIndex: number): void {
  const s = store.getState();
  const outcome = traced?.result.outcomes[outcomeIndex] ?? null;
  const path = outcome && traced ? pathFocusOf(outcome, traced.packet.origin) : null;
  if (same(s.graphFocus?.path, path)) return;
  if (!path && !s.graphFocus) return;
  s.focusGraph({ services: s.focusServices, chains: path ? pathChains(path.steps) : [], path });
}

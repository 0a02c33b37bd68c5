/**
 * Keeps the previous React Flow node or edge object where a new derivation drew the same thing.
 * Every playback step derives all nodes and edges afresh (derive.ts), and React Flow re-renders
 * each one whose object changed: on a 200-chain graph a step cost hundreds of milliseconds while
 * only the two or three nodes the packet left and reached had changed. Two levels are compared:
 * the fields, and the fields of objects in them (`data`, `position`, `markerEnd`); deeper values
 * (`data.node`, `data.edge`) by identity, as derive.ts passes the graph's own objects.
 */
function sameValue(a: unknown, b: unknown, depth: number): boolean {
  if (Object.is(a, b)) return true;
  if (depth === 0 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => k in rb && sameValue(ra[k], rb[k], depth - 1));
}

/** `next`, with each element that equals (as above) the previous one of its id replaced by it. */
export function keepUnchanged<T extends { readonly id: string }>(previous: readonly T[], next: T[]): T[] {
  if (previous.length === 0) return next;
  const before = new Map(previous.map((x) => [x.id, x]));
  let reused = 0;
  const out = next.map((x) => {
    const old = before.get(x.id);
    if (old === undefined || !sameValue(old, x, 2)) return x;
    reused++;
    return old;
  });
  return reused === next.length && previous.length === next.length ? (previous as T[]) : out;
}

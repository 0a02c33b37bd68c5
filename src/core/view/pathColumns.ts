import type { HookSegment } from './route';
import type { GraphNode, GraphNodeId } from './types';

/** The nat overview's columns: 0–5 hooks … endpoints (DNAT side), 6+ POSTROUTING (SNAT side), roles.ts. */
const NAT_DNAT_WIDTH = 6;

/**
 * Columns in the packet's order. Segments before nat's DNAT hook, then the overview's DNAT side
 * (columns 0–5), the segments between (FORWARD/INPUT/OUTPUT tables), nat POSTROUTING's side,
 * the segments after (the loopback pass). A segment is as wide as its deepest jump. Overview
 * nodes keep their relative columns; an overview side the path does not enter goes to the right,
 * past the verdict. Returns the column after the path (the verdict's).
 */
export function assignColumns(
  nodes: Map<GraphNodeId, GraphNode>,
  overview: ReadonlySet<GraphNodeId>,
  first: ReadonlyMap<GraphNodeId, { seg: number; depth: number }>,
  segments: readonly HookSegment[],
): number {
  let postWidth = 0;
  for (const id of overview) {
    const c = nodes.get(id)!.column;
    if (c >= NAT_DNAT_WIDTH) postWidth = Math.max(postWidth, c - NAT_DNAT_WIDTH + 1);
  }
  const width = segments.map(() => 1);
  for (const [id, f] of first)
    if (f.seg >= 0 && !overview.has(id)) width[f.seg] = Math.max(width[f.seg]!, f.depth + 1);
  let col = 0;
  let dnatStart: number | null = null;
  let postStart: number | null = null;
  const segStart: number[] = [];
  segments.forEach((s, k) => {
    segStart[k] = col;
    if (s.table === 'nat' && dnatStart === null && (s.hook === 'PREROUTING' || s.hook === 'OUTPUT')) {
      dnatStart = col;
      col += NAT_DNAT_WIDTH;
    } else if (s.table === 'nat' && s.hook === 'POSTROUTING' && postStart === null) {
      postStart = col;
      col += Math.max(postWidth, 1);
    } else col += width[k]!;
  });
  // The nat sides the path does not enter: right of the path (after the verdict's column).
  const end = col + 1;
  dnatStart ??= end;
  postStart ??= dnatStart === end ? end + NAT_DNAT_WIDTH : end;
  const natSide = (k: number) =>
    segments[k]?.table === 'nat' && (segStart[k] === dnatStart || segStart[k] === postStart);
  for (const [id, n] of nodes) {
    const f = first.get(id);
    if (overview.has(id) && (!f || f.seg < 0 || natSide(f.seg))) {
      const c = n.column < NAT_DNAT_WIDTH ? dnatStart + n.column : postStart + n.column - NAT_DNAT_WIDTH;
      nodes.set(id, { ...n, column: c });
    } else if (f && f.seg >= 0) nodes.set(id, { ...n, column: segStart[f.seg]! + f.depth });
  }
  return col;
}

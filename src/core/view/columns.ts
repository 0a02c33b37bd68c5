import { labelSize, nodeSize } from './sizes';
import type { ChainGraph, EdgeRoute, GraphNode, GraphPositions, GraphRoutes, NodePosition } from './types';

/**
 * The layout for big graphs (thousands of Services), without elk: O(nodes + edges). Edges are
 * React Flow-like curves; every label sits in the gap right after its source's column, which is
 * made wide enough for the widest label leaving it, so no label lies on a node.
 */

/** Gap after a column: room for the widest label of the edges leaving it, plus margins. */
function columnGaps(graph: ChainGraph, minGap: number): Map<number, number> {
  const column = new Map(graph.nodes.map((n) => [n.id, n.column]));
  const gaps = new Map<number, number>();
  for (const e of graph.edges) {
    const c = column.get(e.source);
    if (c === undefined) continue;
    gaps.set(c, Math.max(gaps.get(c) ?? minGap, labelSize(e).width + 32));
  }
  return gaps;
}

/**
 * A layered layout without elk, O(nodes + edges): x from `node.column` (each column as wide as its
 * widest node, then its gap); inside a column nodes are ordered by the mean position of their
 * callers (barycenter heuristic, one sweep each way), then placed top-down as close to their
 * callers' height as the nodes above allow. Synchronous; used for big graphs, where elk takes
 * seconds, and as elk's fallback.
 */
export function columnLayout(graph: ChainGraph, columnGap = 80, rowGap = 28): GraphPositions {
  const preds = new Map<string, string[]>();
  const succs = new Map<string, string[]>();
  for (const e of graph.edges) {
    if (e.source === e.target) continue;
    preds.set(e.target, [...(preds.get(e.target) ?? []), e.source]);
    succs.set(e.source, [...(succs.get(e.source) ?? []), e.target]);
  }
  const columns = new Map<number, GraphNode[]>();
  for (const n of graph.nodes) columns.set(n.column, [...(columns.get(n.column) ?? []), n]);
  const order = [...columns.keys()].sort((a, b) => a - b);
  const rank = new Map<string, number>();
  graph.nodes.forEach((n, i) => {
    rank.set(n.id, i);
  });
  const sweep = (cols: number[], neighbours: Map<string, string[]>) => {
    for (const c of cols) {
      const nodes = columns.get(c) as GraphNode[];
      const key = new Map<string, number>();
      for (const n of nodes) {
        const ranks = (neighbours.get(n.id) ?? []).map((m) => rank.get(m)).filter((r) => r !== undefined);
        key.set(n.id, ranks.length ? ranks.reduce((a, b) => a + b, 0) / ranks.length : (rank.get(n.id) ?? 0));
      }
      nodes.sort((a, b) => (key.get(a.id) ?? 0) - (key.get(b.id) ?? 0));
      nodes.forEach((n, i) => {
        rank.set(n.id, i);
      });
    }
  };
  sweep(order, preds);
  sweep([...order].reverse(), succs);
  sweep(order, preds);

  const gaps = columnGaps(graph, columnGap);
  const positions: Record<string, NodePosition> = {};
  let x = 0;
  for (const c of order) {
    let bottom = 0;
    let width = 0;
    for (const n of columns.get(c) as GraphNode[]) {
      const size = nodeSize(n);
      const ys = (preds.get(n.id) ?? []).map((m) => positions[m]?.y).filter((y) => y !== undefined);
      const wanted = ys.length ? ys.reduce((a, b) => a + b, 0) / ys.length : 0;
      const y = Math.max(bottom, wanted);
      positions[n.id] = { x, y, ...size };
      bottom = y + size.height + rowGap;
      width = Math.max(width, size.width);
    }
    x += width + (gaps.get(c) ?? columnGap);
  }
  return positions;
}

/** React Flow's bezier between two horizontal handles: control points pulled half the distance out. */
function bezier(a: NodePosition, b: NodePosition) {
  const s = { x: a.x + a.width, y: a.y + a.height / 2 };
  const t = { x: b.x, y: b.y + b.height / 2 };
  const pull = Math.max(Math.abs(t.x - s.x) / 2, 25);
  return [s, { x: s.x + pull, y: s.y }, { x: t.x - pull, y: t.y }, t];
}

/** The point of a cubic at parameter u. */
function at(p: readonly { x: number; y: number }[], u: number): { x: number; y: number } {
  const v = 1 - u;
  const [a, b, c, d] = p as [
    { x: number; y: number },
    { x: number; y: number },
    { x: number; y: number },
    { x: number; y: number },
  ];
  return {
    x: v * v * v * a.x + 3 * v * v * u * b.x + 3 * v * u * u * c.x + u * u * u * d.x,
    y: v * v * v * a.y + 3 * v * v * u * b.y + 3 * v * u * u * c.y + u * u * u * d.y,
  };
}

/**
 * Routes for a `columnLayout`: a curve per edge, its label centred in the gap after the source's
 * column where the curve crosses it (x(u) grows with u, so a bisection finds that point).
 */
export function columnRoutes(graph: ChainGraph, positions: GraphPositions): GraphRoutes {
  const routes: Record<string, EdgeRoute> = {};
  for (const e of graph.edges) {
    const a = positions[e.source];
    const b = positions[e.target];
    if (!a || !b || e.source === e.target) continue;
    const points = bezier(a, b);
    const size = labelSize(e);
    let label: NodePosition | null = null;
    if (size.width > 0) {
      const gapX = a.x + a.width + 16 + size.width / 2;
      let lo = 0;
      let hi = 1;
      for (let i = 0; i < 24; i++) {
        const mid = (lo + hi) / 2;
        if (at(points, mid).x < gapX) lo = mid;
        else hi = mid;
      }
      // A backward edge (target left of source) has no gap to cross: its label goes by the source.
      const y = b.x > a.x ? at(points, lo).y : a.y + a.height + 4 + size.height / 2;
      label = { x: gapX - size.width / 2, y: y - size.height / 2, ...size };
    }
    routes[e.id] = { shape: 'bezier', points, label };
  }
  return routes;
}

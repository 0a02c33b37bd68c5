import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';
import type { ChainGraph, GraphNode, GraphPositions, NodePosition } from './types';

/**
 * Layered layout of the chain graph with elkjs (Sugiyama-style, left to right). Import this file
 * only from a worker or Node: elk's bundle is large and its layout is CPU work.
 */

/** Node box sizes the canvas draws with; layout and rendering must agree on them. */
export function nodeSize(node: Pick<GraphNode, 'role'>): { width: number; height: number } {
  if (node.role === 'endpoint') return { width: 210, height: 56 };
  return { width: 250, height: 64 };
}

export interface LayoutOptions {
  /**
   * `elk`, `columns` (instant barycenter layering, see `columnLayout`), or `auto` (default): elk up
   * to `elkLimit` nodes, columns above (elk's layered layout grows to seconds past a few hundred).
   */
  readonly engine?: 'auto' | 'elk' | 'columns';
  /** Largest graph `auto` gives to elk (default 120 nodes). */
  readonly elkLimit?: number;
  /** Horizontal gap between columns (room for edge labels). */
  readonly columnGap?: number;
  readonly rowGap?: number;
}

let elk: InstanceType<typeof ELK> | null = null;

/**
 * Positions every node of `graph` (top-left corner + size). Columns follow `node.column`
 * (elk partitioning keeps hooks left, endpoints and POSTROUTING right). Resolves with one entry
 * per node; if elk fails it resolves with the `columns` layout instead of rejecting.
 */
export async function layoutGraph(graph: ChainGraph, options: LayoutOptions = {}): Promise<GraphPositions> {
  const columnGap = options.columnGap ?? 140;
  const rowGap = options.rowGap ?? 28;
  const engine = options.engine ?? 'auto';
  const big = graph.nodes.length > (options.elkLimit ?? 120);
  if (engine === 'columns' || (engine === 'auto' && big) || graph.nodes.length === 0) {
    return columnLayout(graph, columnGap, rowGap);
  }
  elk ??= new ELK();
  const ids = new Set(graph.nodes.map((n) => n.id));
  const root: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.partitioning.activate': 'true',
      'elk.layered.spacing.nodeNodeBetweenLayers': String(columnGap),
      'elk.spacing.nodeNode': String(rowGap),
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      // One pass of crossing minimisation: the default (7) costs seconds for little gain here.
      'elk.layered.thoroughness': '1',
      'elk.separateConnectedComponents': 'false',
    },
    children: graph.nodes.map((n) => ({
      id: n.id,
      ...nodeSize(n),
      layoutOptions: { 'elk.partitioning.partition': String(n.column) },
    })),
    edges: graph.edges
      .filter((e) => ids.has(e.source) && ids.has(e.target) && e.source !== e.target)
      .map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  };
  try {
    const out = await elk.layout(root);
    const positions: Record<string, NodePosition> = {};
    for (const c of out.children ?? []) {
      positions[c.id] = { x: c.x ?? 0, y: c.y ?? 0, width: c.width ?? 0, height: c.height ?? 0 };
    }
    return positions;
  } catch {
    return columnLayout(graph, columnGap, rowGap);
  }
}

/**
 * A layered layout without elk, O(nodes + edges): x from `node.column`; inside a column nodes are
 * ordered by the mean position of their callers (barycenter heuristic, one sweep each way), then
 * placed top-down as close to their callers' height as the nodes above allow. Synchronous; used
 * for big graphs, where elk takes seconds, and as elk's fallback.
 */
export function columnLayout(graph: ChainGraph, columnGap = 140, rowGap = 28): GraphPositions {
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

  const positions: Record<string, NodePosition> = {};
  order.forEach((c, x) => {
    let bottom = 0;
    for (const n of columns.get(c) as GraphNode[]) {
      const size = nodeSize(n);
      const ys = (preds.get(n.id) ?? []).map((m) => positions[m]?.y).filter((y) => y !== undefined);
      const wanted = ys.length ? ys.reduce((a, b) => a + b, 0) / ys.length : 0;
      const y = Math.max(bottom, wanted);
      positions[n.id] = { x: x * (250 + columnGap), y, ...size };
      bottom = y + size.height + rowGap;
    }
  });
  return positions;
}

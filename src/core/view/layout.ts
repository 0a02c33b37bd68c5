import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { columnLayout, columnRoutes } from './columns';
import { labelSize, nodeSize } from './sizes';
import type { ChainGraph, EdgeRoute, GraphPositions, GraphRoutes, NodePosition } from './types';

export { columnLayout, columnRoutes } from './columns';
export { nodeSize } from './sizes';

/**
 * Layered layout of the chain graph with elkjs (Sugiyama-style, left to right), edges routed
 * orthogonally around the nodes and labels placed by elk between the layers, never on a node.
 * Import this file only from a worker or Node: elk's bundle is large and its layout is CPU work.
 */

export interface LayoutOptions {
  /**
   * `elk`, `columns` (instant barycenter layering, see `columnLayout`), or `auto` (default): elk up
   * to `elkLimit` nodes, columns above (elk's layered layout grows to seconds past a few hundred).
   */
  readonly engine?: 'auto' | 'elk' | 'columns';
  /** Largest graph `auto` gives to elk (default 120 nodes). */
  readonly elkLimit?: number;
  /** Smallest horizontal gap between columns (they grow to hold their edge labels). */
  readonly columnGap?: number;
  readonly rowGap?: number;
}

let elk: InstanceType<typeof ELK> | null = null;

/**
 * Positions every node of `graph` (top-left corner + size) and routes every drawn edge. Columns
 * follow `node.column` (elk partitioning keeps hooks left, the verdict right). Resolves with one
 * position per node and one route per edge between two distinct placed nodes; if elk fails it
 * resolves with the `columns` layout instead of rejecting.
 */
export async function layoutGraphRoutes(
  graph: ChainGraph,
  options: LayoutOptions = {},
): Promise<{ positions: GraphPositions; routes: GraphRoutes }> {
  const columnGap = options.columnGap ?? 80;
  const rowGap = options.rowGap ?? 28;
  const engine = options.engine ?? 'auto';
  const big = graph.nodes.length > (options.elkLimit ?? 120);
  const columns = () => {
    const positions = columnLayout(graph, columnGap, rowGap);
    return { positions, routes: columnRoutes(graph, positions) };
  };
  if (engine === 'columns' || (engine === 'auto' && big) || graph.nodes.length === 0) return columns();
  elk ??= new ELK();
  const ids = new Set(graph.nodes.map((n) => n.id));
  const edges: ElkExtendedEdge[] = graph.edges
    .filter((e) => ids.has(e.source) && ids.has(e.target) && e.source !== e.target)
    .map((e) => ({
      id: e.id,
      sources: [e.source],
      targets: [e.target],
      labels: e.label ? [{ id: `${e.id}#label`, text: e.label, ...labelSize(e) }] : [],
    }));
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
      // Edges go around nodes (orthogonal segments through the gaps between layers), and each
      // label is a box elk places in a layer of its own between source and target: off every node.
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.spacing.edgeLabel': '3',
      'elk.spacing.edgeNode': '14',
      'elk.spacing.edgeEdge': '8',
      'elk.layered.spacing.edgeNodeBetweenLayers': '14',
      'elk.layered.spacing.edgeEdgeBetweenLayers': '8',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: graph.nodes.map((n) => ({
      id: n.id,
      ...nodeSize(n),
      layoutOptions: { 'elk.partitioning.partition': String(n.column) },
    })),
    edges,
  };
  try {
    const out = await elk.layout(root);
    const positions: Record<string, NodePosition> = {};
    for (const c of out.children ?? []) {
      positions[c.id] = { x: c.x ?? 0, y: c.y ?? 0, width: c.width ?? 0, height: c.height ?? 0 };
    }
    const routes: Record<string, EdgeRoute> = {};
    for (const e of (out.edges ?? []) as ElkExtendedEdge[]) {
      const s = e.sections?.[0];
      if (!s) continue;
      const l = e.labels?.[0];
      routes[e.id] = {
        shape: 'polyline',
        points: [s.startPoint, ...(s.bendPoints ?? []), s.endPoint].map((p) => ({ x: p.x, y: p.y })),
        label: l?.width ? { x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0 } : null,
      };
    }
    return { positions, routes };
  } catch {
    return columns();
  }
}

/** `layoutGraphRoutes` without the routes: node positions only. */
export async function layoutGraph(graph: ChainGraph, options: LayoutOptions = {}): Promise<GraphPositions> {
  return (await layoutGraphRoutes(graph, options)).positions;
}

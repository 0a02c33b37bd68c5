import { describe, expect, it } from 'vitest';
import { trace } from '../trace';
import { buildChainGraph } from './build';
import { fixtureRuleset, webRuleset } from './inputs.node';
import { columnLayout, columnRoutes, layoutGraph, layoutGraphRoutes, nodeSize } from './layout';
import { pathFocusOf } from './path';
import type { ChainGraph, GraphPositions, GraphRoutes, NodePosition } from './types';

const overlaps = (p: NodePosition, q: NodePosition) =>
  !(p.x + p.width <= q.x || q.x + q.width <= p.x || p.y + p.height <= q.y || q.y + q.height <= p.y);

/** Every label box lies on no node box. */
function checkLabelsOffNodes(graph: ChainGraph, positions: GraphPositions, routes: GraphRoutes) {
  let labels = 0;
  for (const e of graph.edges) {
    const box = routes[e.id]?.label;
    if (!box) continue;
    labels++;
    for (const n of graph.nodes) {
      const p = positions[n.id];
      if (p) expect(overlaps(box, p), `label "${e.label}" of ${e.id} on ${n.id}`).toBe(false);
    }
  }
  return labels;
}

/** The path graph of a REJECT on kube-proxy's fixture (mangle, filter, nat, a verdict). */
function rejectGraph(): ChainGraph {
  const ruleset = fixtureRuleset('k8s-overall-rules.iptables-save.txt');
  const packet = {
    origin: 'pod',
    src: '10.0.0.2',
    dst: '172.30.0.46',
    proto: 'tcp',
    sport: null,
    dport: 80,
  } as const;
  const o = trace(ruleset, packet, { localAddresses: ['192.168.0.2'] }).outcomes[0]!;
  return buildChainGraph(ruleset, { path: pathFocusOf(o, 'pod') });
}

function checkColumns(graph: ChainGraph, positions: GraphPositions) {
  expect(Object.keys(positions).sort()).toEqual(graph.nodes.map((n) => n.id).sort());
  // A node in a later column is never left of one in an earlier column.
  for (const a of graph.nodes) {
    for (const b of graph.nodes) {
      if (a.column < b.column)
        expect(positions[a.id]!.x, `${a.id} / ${b.id}`).toBeLessThan(positions[b.id]!.x);
    }
  }
  // No two boxes overlap.
  const boxes = Object.values(positions);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const p = boxes[i]!;
      const q = boxes[j]!;
      const apart =
        p.x + p.width <= q.x || q.x + q.width <= p.x || p.y + p.height <= q.y || q.y + q.height <= p.y;
      expect(apart).toBe(true);
    }
  }
}

describe('layoutGraph', () => {
  it('lays out the web example with elk, columns left to right', async () => {
    const graph = buildChainGraph(webRuleset());
    checkColumns(graph, await layoutGraph(graph, { engine: 'elk' }));
  });

  it('uses the column layout above the elk limit', async () => {
    const graph = buildChainGraph(fixtureRuleset('k8s-overall-rules.iptables-save.txt'));
    const positions = await layoutGraph(graph, { elkLimit: 5 });
    expect(positions).toEqual(columnLayout(graph));
    checkColumns(graph, positions);
  });

  it('routes every edge around the nodes with elk and puts every label off the nodes', async () => {
    const graph = rejectGraph();
    const { positions, routes } = await layoutGraphRoutes(graph, { engine: 'elk' });
    checkColumns(graph, positions);
    const drawn = graph.edges.filter(
      (e) => positions[e.source] && positions[e.target] && e.source !== e.target,
    );
    for (const e of drawn) {
      const r = routes[e.id]!;
      expect(r.shape).toBe('polyline');
      // Orthogonal: every segment is horizontal or vertical.
      for (let i = 1; i < r.points.length; i++) {
        const a = r.points[i - 1]!;
        const b = r.points[i]!;
        expect(Math.abs(a.x - b.x) < 0.5 || Math.abs(a.y - b.y) < 0.5, e.id).toBe(true);
        // …and goes through no node but its own two ends.
        const seg = {
          x: Math.min(a.x, b.x),
          y: Math.min(a.y, b.y),
          width: Math.abs(a.x - b.x) + 0.01,
          height: Math.abs(a.y - b.y) + 0.01,
        };
        for (const n of graph.nodes) {
          const p = positions[n.id]!;
          if (n.id === e.source || n.id === e.target) continue;
          const inner = { x: p.x + 1, y: p.y + 1, width: p.width - 2, height: p.height - 2 };
          expect(overlaps(seg, inner), `${e.id} crosses ${n.id}`).toBe(false);
        }
      }
    }
    expect(checkLabelsOffNodes(graph, positions, routes)).toBeGreaterThan(10);
  });

  it('keeps labels off nodes in the column layout too (in the gap after the source column)', () => {
    const graph = rejectGraph();
    const positions = columnLayout(graph);
    checkColumns(graph, positions);
    const routes = columnRoutes(graph, positions);
    expect(checkLabelsOffNodes(graph, positions, routes)).toBeGreaterThan(10);
  });

  it('sizes a node for its DNAT line and its chain name at 15 px', () => {
    const graph = buildChainGraph(webRuleset());
    const sep = graph.nodes.find((n) => n.subtitle?.startsWith('DNAT → '))!;
    const size = nodeSize(sep);
    // 15 px monospace (≈ 0.6 em) for the 25-character chain name, plus padding.
    expect(size.width).toBeGreaterThanOrEqual(25 * 15 * 0.6 + 20);
    expect(size.height).toBeGreaterThanOrEqual(16 + 16 + 20 + 18);
  });

  it('resolves to nothing for an empty graph', async () => {
    expect(
      await layoutGraph({ nodes: [], edges: [], services: { total: 0, shown: 0 }, focused: false }),
    ).toEqual({});
  });
});

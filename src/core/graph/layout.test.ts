import { describe, expect, it } from 'vitest';
import { buildChainGraph } from './build';
import { fixtureRuleset, webRuleset } from './inputs.node';
import { columnLayout, layoutGraph } from './layout';
import type { ChainGraph, GraphPositions } from './types';

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

  it('resolves to nothing for an empty graph', async () => {
    expect(
      await layoutGraph({ nodes: [], edges: [], services: { total: 0, shown: 0 }, focused: false }),
    ).toEqual({});
  });
});

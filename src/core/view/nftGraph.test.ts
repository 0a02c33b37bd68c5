import { describe, expect, it } from 'vitest';
import { fixture } from '../nftables/testing.node';
import { loadNftRuleset } from '../testing/load';
import { buildChainGraph } from './build';

describe('chain graph of an nftables ruleset', () => {
  it("draws kube-proxy's table: its chains and their jump and DNAT edges", () => {
    const g = buildChainGraph(loadNftRuleset(fixture('kube-proxy-overall.list.txt')));
    const ids = new Set(g.nodes.map((n) => n.id));
    expect(ids.has('ip kube-proxy/services')).toBe(true);
    expect(ids.has('ep/10.180.0.1:80')).toBe(true);
    expect(g.edges.length).toBeGreaterThan(0);
    for (const e of g.edges) expect(ids.has(e.source)).toBe(true);
  });
});

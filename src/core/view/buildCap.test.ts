import { describe, expect, it } from 'vitest';
import { deepChainDump } from '../../sim/deepChain';
import { parseIptablesSave } from '../iptables';
import { lowerToRuleset } from '../lower';
import { buildChainGraph } from './build';

const ruleset = (text: string) => lowerToRuleset(parseIptablesSave(text).result).result;

describe('buildChainGraph on a dump of thousands of chains', () => {
  const deep = ruleset(deepChainDump(2000).text);

  it('draws at most maxChains chains, the hooks and the ladder from its top', () => {
    const graph = buildChainGraph(deep, { maxChains: 50 });
    const chains = graph.nodes.flatMap((n) => (n.chain ? [n.chain] : []));
    expect(chains.length).toBeLessThanOrEqual(50);
    expect(chains).toEqual(expect.arrayContaining(['PREROUTING', 'OUTPUT', 'KUBE-SERVICES', 'C1', 'C2']));
    expect(chains).not.toContain('C2000');
    expect(graph.chains).toEqual({ total: 2005, shown: chains.length });
    // The cut ladder's last drawn rung says its jump goes somewhere not drawn.
    const last = graph.nodes.find((n) => n.chain === `C${chains.filter((c) => /^C\d+$/.test(c)).length}`);
    expect(last?.hiddenEdges).toBe(1);
  });

  it('keeps the chains on the packet path, in path order, before the rest', () => {
    const path = ['KUBE-SERVICES', 'C1500', 'C1501'];
    const graph = buildChainGraph(deep, { maxChains: 10, pathChains: path });
    const chains = graph.nodes.map((n) => n.chain);
    expect(chains).toEqual(expect.arrayContaining(path));
    for (const e of graph.edges) expect(graph.nodes.some((n) => n.id === e.target)).toBe(true);
  });

  it('cuts nothing below the limit', () => {
    const graph = buildChainGraph(ruleset(deepChainDump(20).text));
    expect(graph.chains).toEqual({ total: 25, shown: 25 });
    expect(graph.nodes.some((n) => n.chain === 'C20')).toBe(true);
  });
});

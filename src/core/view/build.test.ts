import { describe, expect, it } from 'vitest';
import { indexServiceGroups } from '../kubeproxy';
import { loadRuleset } from '../testing/load';
import { buildChainGraph, endpointNodeId } from './build';
import { fixtureRuleset, seedGrepExcerpt, WEB, webRuleset } from './inputs.node';

describe('buildChainGraph on the web example', () => {
  const graph = buildChainGraph(webRuleset(), { pods: { '10.244.169.161': 'web-d779974b6-csx2h' } });
  const node = (id: string) => graph.nodes.find((n) => n.id === id);

  it('puts each chain in its column, hooks left and POSTROUTING right', () => {
    expect(node('nat/PREROUTING')).toMatchObject({ role: 'hook', column: 0, subtitle: 'policy ACCEPT' });
    expect(node('nat/KUBE-SERVICES')).toMatchObject({ role: 'services', column: 1 });
    expect(node('nat/KUBE-NODEPORTS')).toMatchObject({ role: 'external', column: 2 });
    expect(node(`nat/${WEB.svc}`)).toMatchObject({ role: 'service', column: 3, subtitle: 'default/web:80' });
    expect(node(`nat/${WEB.seps[0]}`)).toMatchObject({
      role: 'endpointChain',
      column: 4,
      // The KUBE-SEP names the pod it DNATs to, where kubectl named it.
      subtitle: 'DNAT → 10.244.169.161:80 · web-d779974b6-csx2h',
    });
    expect(node(endpointNodeId('10.244.169.161:80'))).toMatchObject({
      role: 'endpoint',
      column: 5,
      subtitle: 'web-d779974b6-csx2h',
    });
    expect(node('nat/POSTROUTING')).toMatchObject({ role: 'postrouting', column: 6 });
    expect(node('nat/KUBE-POSTROUTING')).toMatchObject({
      role: 'postrouting',
      column: 7,
      verdicts: ['MASQUERADE'],
    });
  });

  it('draws KUBE-MARK-MASQ as a badge, not as a node, and leaves out empty unreferenced chains', () => {
    expect(node('nat/KUBE-MARK-MASQ')).toBeUndefined();
    expect(node('nat/KUBE-PROXY-CANARY')).toBeUndefined();
    expect(node('nat/INPUT')).toBeUndefined();
    expect(node(`nat/${WEB.seps[0]}`)?.marks).toEqual(['masquerade']);
    expect(graph.edges.some((e) => e.target === 'nat/KUBE-MARK-MASQ')).toBe(false);
  });

  it('has one labelled edge per jump and DNAT rule', () => {
    const fromSvc = graph.edges.filter((e) => e.source === `nat/${WEB.svc}`);
    expect(fromSvc.map((e) => [e.target, e.label])).toEqual([
      [`nat/${WEB.seps[0]}`, 'p=0.333'],
      [`nat/${WEB.seps[1]}`, 'p=0.5'],
      [`nat/${WEB.seps[2]}`, 'otherwise'],
    ]);
    expect(fromSvc.map((e) => e.probability)).toEqual([0.33333333349, 0.5, null]);
    const clusterIp = graph.edges.find(
      (e) => e.source === 'nat/KUBE-SERVICES' && e.target === `nat/${WEB.svc}`,
    );
    expect(clusterIp).toMatchObject({ kind: 'jump', label: 'tcp dpt:80 → 10.104.247.10' });
    const dnat = graph.edges.filter((e) => e.kind === 'dnat' && e.source.includes('KUBE-SEP-'));
    expect(dnat.filter((e) => WEB.endpoints.some((ep) => e.target === endpointNodeId(ep)))).toHaveLength(3);
    for (const e of graph.edges) {
      expect(
        graph.nodes.some((n) => n.id === e.source),
        e.id,
      ).toBe(true);
      expect(
        graph.nodes.some((n) => n.id === e.target),
        e.id,
      ).toBe(true);
    }
  });

  it('is not a focus view for five Services', () => {
    expect(graph.focused).toBe(false);
    expect(graph.services).toEqual({ total: 5, shown: 5 });
  });
});

describe('focus view', () => {
  const ruleset = webRuleset();
  const groups = indexServiceGroups(ruleset);

  it('shows only the focused Service on top of the skeleton', () => {
    const g = buildChainGraph(ruleset, { groups, focus: ['default/web'] });
    expect(g.focused).toBe(true);
    expect(g.services).toEqual({ total: 5, shown: 1 });
    const svcs = g.nodes.filter((n) => n.role === 'service').map((n) => n.chain);
    expect(svcs).toEqual([WEB.svc]);
    expect(g.nodes.filter((n) => n.role === 'endpoint')).toHaveLength(3);
    expect(g.nodes.find((n) => n.id === 'nat/KUBE-SERVICES')?.hiddenEdges).toBe(4);
  });

  it('above maxServices keeps the Services on the packet path', () => {
    const g = buildChainGraph(ruleset, {
      groups,
      maxServices: 2,
      pathChains: ['KUBE-SERVICES', 'KUBE-SVC-NPX46M4PTMTKRN6Y'],
    });
    expect(g.focused).toBe(true);
    expect(g.nodes.filter((n) => n.role === 'service').map((n) => n.subtitle)).toEqual([
      'default/kubernetes:https',
    ]);
  });

  it('above maxServices with nothing focused shows the first few', () => {
    const g = buildChainGraph(ruleset, { groups, maxServices: 2, defaultShown: 2 });
    expect(g.services).toEqual({ total: 5, shown: 2 });
  });
});

describe('other inputs', () => {
  it('draws the seed’s grep excerpt (no header)', () => {
    const g = buildChainGraph(loadRuleset(seedGrepExcerpt()));
    const ids = g.nodes.map((n) => n.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'nat/KUBE-SERVICES',
        'nat/KUBE-NODEPORTS',
        `nat/${WEB.svc}`,
        ...WEB.seps.map((s) => `nat/${s}`),
      ]),
    );
    expect(g.nodes.filter((n) => n.role === 'endpoint')).toHaveLength(3);
  });

  it('draws KUBE-EXT / KUBE-FW chains as external entries (overall fixture)', () => {
    const g = buildChainGraph(fixtureRuleset('k8s-overall-rules.iptables-save.txt'));
    expect(g.nodes.some((n) => n.chain?.startsWith('KUBE-EXT-') && n.role === 'external')).toBe(true);
    expect(g.nodes.some((n) => n.chain?.startsWith('KUBE-FW-') && n.role === 'external')).toBe(true);
  });

  it('badges a KUBE-SVL without local endpoints that marks for drop', () => {
    const g = buildChainGraph(fixtureRuleset('k8s-sort-test-etp-local-svl-markdrop.txt'));
    const svl = g.nodes.filter((n) => n.chain?.startsWith('KUBE-SVL-'));
    expect(svl.some((n) => n.marks.includes('drop'))).toBe(true);
  });

  it('badges the masquerade in POSTROUTING of a real 2018 node', () => {
    const g = buildChainGraph(fixtureRuleset('real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt'));
    expect(g.nodes.find((n) => n.id === 'nat/KUBE-POSTROUTING')?.verdicts).toEqual(['MASQUERADE']);
    expect(g.nodes.find((n) => n.id === 'nat/KUBE-SERVICES')?.marks).toEqual(['masquerade']);
  });

  // Marks come from the kube-proxy model's `chainMark`; the graph's own table was a plain object,
  // so `name in MARK_CHAINS` took a chain called `constructor` for a mark helper and hid it.
  it('draws a user chain whose name is an Object property', () => {
    const g = buildChainGraph(
      loadRuleset(
        '*nat\n:PREROUTING ACCEPT [0:0]\n:constructor - [0:0]\n-A PREROUTING -j constructor\n-A constructor -j RETURN\nCOMMIT\n',
      ),
    );
    expect(g.nodes.find((n) => n.id === 'nat/constructor')).toMatchObject({ marks: [] });
    expect(g.nodes.find((n) => n.id === 'nat/PREROUTING')?.marks).toEqual([]);
  });

  it('gives an empty graph without a nat table', () => {
    expect(buildChainGraph({ family: 'ipv4', tables: {}, ruleCount: 0 }).nodes).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures';
import { MAX_PATH_NODES, pathFocusOf, VERDICT_NODE } from '../core/view';
import { deepChainDump } from '../sim/deepChain';
import { analyzeTexts, graphFor } from './pipeline';
import { traceWithRules } from './queries';

const example = (name: string) => readFileSync(new URL(`../ui/examples/${name}`, import.meta.url), 'utf8');
const WEB_DUMP = example('webNode.iptables-save.txt');
const WEB_KUBECTL = example('webNode.kubectl.txt');

describe('analyzeTexts', () => {
  it('analyzes the web example without errors, into a laid-out graph', async () => {
    const { response, good } = await analyzeTexts(1, WEB_DUMP, WEB_KUBECTL, null, null);
    const errors = [...response.diagnostics.iptables, ...response.diagnostics.kubectl].filter(
      (d) => d.severity === 'error',
    );
    expect(errors).toEqual([]);
    expect(response.summary).toMatchObject({ rules: 70, tables: 2, kubectlServices: 3 });
    expect(good.model?.servicePorts.map((p) => p.name.text)).toContain('default/web');
    expect(response.groups.map((g) => g.key)).toContain('LOLE4ISW44XBNF3G');
    const svc = response.graph?.nodes.find((n) => n.title === 'KUBE-SVC-LOLE4ISW44XBNF3G');
    expect(svc).toBeDefined();
    for (const n of response.graph?.nodes ?? []) expect(response.positions?.[n.id]).toBeDefined();
  });

  // The seed article's `kubectl get pod -o wide` (test/seeds/001, lines 13–17), whitespace collapsed as published.
  const SEED_PODS = [
    'NAME READY STATUS RESTARTS AGE IP NODE NOMINATED NODE READINESS GATES',
    'web-d779974b6-9zx48 1/1 Running 0 12m 10.244.169.165 k8s-node2 <none> <none>',
    'web-d779974b6-csx2h 1/1 Running 0 12m 10.244.169.161 k8s-node2 <none> <none>',
    'web-d779974b6-hb6kw 1/1 Running 0 12m 10.244.169.163 k8s-node2 <none> <none>',
    '',
  ].join('\n');

  it('`get pod -o wide` alone or with `get svc,ep`: the page gets each endpoint’s pod and node', async () => {
    for (const kubectl of [SEED_PODS, `${WEB_KUBECTL}\n${SEED_PODS}`]) {
      const { response } = await analyzeTexts(1, WEB_DUMP, kubectl, null, null);
      // The example's kube-dns row says "+ 3 more" (a warning of its own); nothing else but infos.
      const loud = response.diagnostics.kubectl.filter((d) => d.severity !== 'info').map((d) => d.code);
      expect(loud.filter((c) => c !== 'kubectl/endpoints-truncated')).toEqual([]);
      expect(response.places?.pods['10.244.169.161']).toBe('web-d779974b6-csx2h');
      expect(response.places?.nodes['10.244.169.161']).toBe('k8s-node2');
      const sep = response.graph?.nodes.find((n) => n.title === 'KUBE-SEP-BJLXVQMD4VVYPI2H');
      expect(sep?.subtitle).toBe('DNAT → 10.244.169.161:80 · web-d779974b6-csx2h');
      const ep = response.graph?.nodes.find((n) => n.id === 'ep/10.244.169.163:80');
      expect(ep?.subtitle).toBe('web-d779974b6-hb6kw · node k8s-node2');
    }
  });

  it('keeps the last good analysis when the new text has errors', async () => {
    const first = await analyzeTexts(1, WEB_DUMP, WEB_KUBECTL, null, null);
    const broken = WEB_DUMP.replace(
      '--probability 0.50000000000 -j KUBE-SEP-HPW2',
      '--probability 1.7 -j KUBE-SEP-HPW2',
    );
    const second = await analyzeTexts(2, broken, WEB_KUBECTL, null, first.good);
    expect(second.response.diagnostics.iptables.map((d) => d.code)).toContain('iptables/bad-probability');
    expect(second.good).toBe(first.good);
    expect(second.good.ruleset).toBe(first.good.ruleset);
    expect(second.response.ruleCount).toBe(first.good.ruleset.ruleCount);
    // With nothing better to keep, the first analysis shows what parsed.
    const alone = await analyzeTexts(3, broken, '', null, null);
    expect(alone.response.ruleCount).toBeGreaterThan(60);
    expect(alone.good.kubectl).toBeNull();
    expect(alone.response.pods).toEqual({});
  });

  it('focuses the graph of a real dump on the Services asked for', async () => {
    const dump = readFixture('iptables/k8s-overall-rules.iptables-save.txt');
    const all = await analyzeTexts(1, dump, '', null, null);
    const key = all.response.groups[0]!.key;
    const focused = await analyzeTexts(2, dump, '', { services: [key], chains: [] }, null);
    expect(focused.response.graph?.focused).toBe(true);
    expect(focused.response.graph?.services.shown).toBe(1);
    expect(focused.response.graph!.nodes.length).toBeLessThan(all.response.graph!.nodes.length);
  });

  it('draws the path of a focused view in every table, with a verdict node, routes and shares', async () => {
    const dump = readFixture('iptables/k8s-overall-rules.iptables-save.txt');
    const { good } = await analyzeTexts(1, dump, '', null, null);
    const packet = {
      origin: 'pod',
      src: '10.0.0.2',
      dst: '172.30.0.46',
      proto: 'tcp',
      sport: null,
      dport: 80,
    } as const;
    const { result } = traceWithRules(good.ruleset, good.model, packet, { localAddresses: ['192.168.0.2'] });
    const path = pathFocusOf(result.outcomes[0]!, 'pod');
    // A Service search for another Service: the path's chains are drawn all the same.
    const key = good.groups.find((g) => g.label?.startsWith('ns1/'))!.key;
    const { graph, positions, routes } = await graphFor(good, { services: [key], chains: [], path });
    expect(graph.focused).toBe(true);
    const ids = graph.nodes.map((n) => n.id);
    expect(ids).toEqual(expect.arrayContaining(['filter/FORWARD', 'filter/KUBE-SERVICES', VERDICT_NODE]));
    expect(graph.path?.places).toHaveLength(result.outcomes[0]!.path.length);
    for (const id of ids) expect(positions[id], id).toBeDefined();
    expect(routes['verdict/in']?.points.length).toBeGreaterThanOrEqual(2);
    const lottery = graph.edges.filter(
      (e) => e.source === 'nat/KUBE-SVC-XPGD46QRK7WJZT7O' && e.kind === 'jump',
    );
    expect(lottery.map((e) => e.label)).toEqual(['always · 100.0 %']);
  });

  it('never throws on garbage, and says what is wrong', async () => {
    const { response } = await analyzeTexts(1, '\u0000garbage\n-A\n*bogus\n', '{"kind": [', null, null);
    expect(response.diagnostics.iptables.length).toBeGreaterThan(0);
    expect(response.summary.rules).toBe(0);
  });

  it('analyses and traces a 10,000-deep jump chain without throwing, and draws a bounded graph', async () => {
    const deep = deepChainDump(10_000);
    const { response, good } = await analyzeTexts(1, deep.text, '', null, null);
    expect(response.diagnostics.iptables.filter((d) => d.severity === 'error')).toEqual([]);
    expect(response.ruleCount).toBe(10_003);
    expect(response.graph!.nodes.length).toBeLessThanOrEqual(210);
    expect(response.graph!.chains).toMatchObject({ total: 10_005 });
    const packet = {
      origin: 'pod',
      src: '10.244.36.7',
      dst: deep.clusterIP,
      proto: 'tcp',
      sport: 40000,
      dport: deep.port,
    } as const;
    const { result, rules } = traceWithRules(good.ruleset, good.model, packet, { localAddresses: [] });
    // Loop-free, so traced to its true verdict (issue 12): DNAT at the end of the 10,000 jumps, with
    // the note that iptables-nft would refuse a nesting this deep.
    const path = result.outcomes[0]!.path;
    expect(result.outcomes[0]).toMatchObject({ dnat: deep.endpoint, verdict: 'ACCEPT' });
    expect(path.length).toBeGreaterThan(10_000);
    expect(path.slice(0, 3).map((s) => s.chain)).toEqual(['PREROUTING', 'KUBE-SERVICES', 'C1']);
    expect(result.assumptions.map((a) => a.code)).toContain('trace/nesting-too-deep');
    expect(result.diagnostics.map((d) => d.code)).not.toContain('trace/loop');
    expect(Object.keys(rules).length).toBeGreaterThan(0);
    // With its path drawn (every chain the walk entered), the graph stays bounded too.
    const drawn = await graphFor(good, {
      services: [],
      chains: [],
      path: pathFocusOf(result.outcomes[0]!, 'pod'),
    });
    // The nat overview's 200 chains, at most MAX_PATH_NODES more, a few hooks and the verdict.
    expect(drawn.graph.nodes.length).toBeLessThanOrEqual(200 + MAX_PATH_NODES + 20);
    expect(drawn.graph.path?.undrawn).toBeGreaterThan(0);
    expect(drawn.graph.nodes.map((n) => n.id)).toContain(VERDICT_NODE);
  });
});

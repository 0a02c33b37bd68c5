import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Packet } from '../core/trace';
import { analyzedMessages, createWorkerHandler } from './handler';
import type { AnalyzedResponse, WorkerResponse } from './protocol';

const WEB_DUMP = readFileSync(new URL('../ui/examples/webNode.iptables-save.txt', import.meta.url), 'utf8');
const POD_TO_WEB: Packet = {
  origin: 'pod',
  src: '10.244.36.7',
  dst: '10.104.247.10',
  proto: 'tcp',
  sport: null,
  dport: 80,
};
const ENV = { localAddresses: ['192.168.231.121'] };

function setup() {
  const out: WorkerResponse[] = [];
  return { out, handle: createWorkerHandler((r) => out.push(r)) };
}

describe('createWorkerHandler', () => {
  it('answers only the latest of several queued analyze requests', async () => {
    const { out, handle } = setup();
    await Promise.all([
      handle({ type: 'analyze', id: 1, iptablesText: '', kubectlText: '', focus: null }),
      handle({ type: 'analyze', id: 2, iptablesText: WEB_DUMP, kubectlText: '', focus: null }),
    ]);
    expect(out.map((r) => [r.type, r.id])).toEqual([['analyzed', 2]]);
  });

  it('says, as data, that nothing can be traced before an analysis', async () => {
    const { out, handle } = setup();
    await handle({ type: 'trace', id: 1, packet: POD_TO_WEB, env: ENV });
    expect(out).toEqual([expect.objectContaining({ type: 'error', id: 1, request: 'trace' })]);
  });

  it('traces and streams a simulation in chunks on the last good Ruleset', async () => {
    const { out, handle } = setup();
    await handle({ type: 'analyze', id: 1, iptablesText: WEB_DUMP, kubectlText: '', focus: null });
    await handle({ type: 'trace', id: 2, packet: POD_TO_WEB, env: ENV });
    const traced = out.find((r) => r.type === 'traced');
    const dnats = traced?.type === 'traced' ? traced.result.outcomes.map((o) => o.dnat).sort() : [];
    expect(dnats).toEqual(['10.244.169.161:80', '10.244.169.163:80', '10.244.169.165:80']);

    await handle({
      type: 'simulate',
      id: 3,
      packet: POD_TO_WEB,
      env: ENV,
      connections: 250,
      seed: 7,
      chunk: 100,
    });
    const progress = out.filter((r) => r.type === 'simulated');
    expect(progress.map((r) => r.type === 'simulated' && [r.done, r.final])).toEqual([
      [100, false],
      [200, false],
      [250, true],
    ]);
    const last = progress.at(-1);
    const counts = last?.type === 'simulated' ? Object.values(last.endpointCounts) : [];
    expect(counts.reduce((a, b) => a + b, 0)).toBe(250);
  });

  it('decides -m set from the ipset text of the analyze request, in trace and firstTrace', async () => {
    const rules = `*nat
:PREROUTING ACCEPT [0:0]
-A PREROUTING -m set --match-set KUBE-CLUSTER-IP dst,dst -j DNAT --to-destination 10.244.0.2:53
COMMIT
`;
    const sets = readFileSync(
      new URL('../../test/fixtures/ipset/real-minikube-notes.ipset-list.txt', import.meta.url),
      'utf8',
    );
    const dns: Packet = { ...POD_TO_WEB, dst: '10.96.0.10', proto: 'udp', dport: 53 };
    const { out, handle } = setup();
    const ask = { packet: dns, env: ENV };
    await handle({
      type: 'analyze',
      id: 1,
      iptablesText: rules,
      kubectlText: '',
      ipsetText: sets,
      focus: null,
      firstTrace: ask,
    });
    await handle({ type: 'trace', id: 2, packet: dns, env: ENV });
    const dnat = (type: string) => {
      const r = out.find((m) => m.type === type);
      return r?.type === 'traced' || r?.type === 'firstTraced' ? r.result.outcomes.map((o) => o.dnat) : null;
    };
    expect(dnat('firstTraced')).toEqual(['10.244.0.2:53']);
    expect(dnat('traced')).toEqual(['10.244.0.2:53']);
    const analyzed = out.find((m) => m.type === 'analyzed');
    expect(analyzed?.type === 'analyzed' && analyzed.diagnostics.ipset?.map((d) => d.code)).toEqual([
      'ipset/ignored-text', // the shell prompt line of the post
    ]);
    // Without the ipset text the same packet is not DNATed: the set match is an assumption.
    await handle({ type: 'analyze', id: 3, iptablesText: rules, kubectlText: '', focus: null });
    await handle({ type: 'trace', id: 4, packet: dns, env: ENV });
    const last = out.at(-1);
    expect(last?.type === 'traced' && last.result.outcomes.map((o) => o.dnat)).toEqual([null]);
  });

  it('stops a simulation stream on cancel', async () => {
    const { out, handle } = setup();
    await handle({ type: 'analyze', id: 1, iptablesText: WEB_DUMP, kubectlText: '', focus: null });
    const running = handle({
      type: 'simulate',
      id: 2,
      packet: POD_TO_WEB,
      env: ENV,
      connections: 10_000,
      seed: 1,
      chunk: 10,
    });
    await new Promise((r) => setTimeout(r, 0));
    await handle({ type: 'cancel', id: 2 });
    await running;
    const progress = out.filter((r) => r.type === 'simulated');
    expect(progress.length).toBeLessThan(1000);
    expect(progress.some((r) => r.type === 'simulated' && r.final)).toBe(false);
  });

  it('sends a long list of Service groups as slices after the analysis, in order', () => {
    const groups = Array.from({ length: 5 }, (_, i) => ({
      key: `K${i}`,
      label: null,
      chains: [],
      targets: [],
      endpoints: [],
    }));
    const response = { type: 'analyzed', id: 7, groups } as unknown as AnalyzedResponse;
    const messages = analyzedMessages(response, 2);
    expect(messages.map((m) => [m.type, m.id, 'groups' in m ? m.groups.map((g) => g.key) : null])).toEqual([
      ['analyzed', 7, ['K0', 'K1']],
      ['groups', 7, ['K2', 'K3']],
      ['groups', 7, ['K4']],
    ]);
    expect(messages[0]).toMatchObject({ groupsToFollow: 3 });
    expect(analyzedMessages(response, 5)).toEqual([response]);
  });
});

describe('the compare request', () => {
  it('answers the latest comparison only, without an analysis first', async () => {
    const { out, handle } = setup();
    const changed = WEB_DUMP.replaceAll('10.244.169.161', '10.244.169.199');
    const a = { iptablesText: WEB_DUMP, kubectlText: '' };
    await Promise.all([
      handle({ type: 'compare', id: 1, a, b: a }),
      handle({ type: 'compare', id: 2, a, b: { iptablesText: changed, kubectlText: '' } }),
    ]);
    expect(out.map((r) => [r.type, r.id])).toEqual([['compared', 2]]);
    const answer = out[0]!;
    if (answer.type !== 'compared') throw new Error(answer.type);
    expect(answer.comparison.services.filter((s) => !s.equivalent).map((s) => s.service)).toEqual([
      'default/web:80',
    ]);
    // B's SEP chain name no longer matches its endpoint's hash: a warning, marked in B's editor.
    expect(answer.diagnostics.a).toEqual([]);
    expect(answer.diagnostics.b.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { generateIptablesSave } from '../../sim/generate';
import { overallClusterSpec } from '../../sim/overallSpec';
import type { ClusterSpec, ServiceSpec } from '../../sim/spec';
import { analyzeTexts } from '../analyze';
import { compareDumps } from './compare';
import type { ComparedDump, Comparison } from './types';

const dump = (text: string): ComparedDump => analyzeTexts({ iptables: text });
const save = (spec: ClusterSpec) => generateIptablesSave(spec, { flavour: 'iptables-save' });

function withService(spec: ClusterSpec, name: string, change: (s: ServiceSpec) => ServiceSpec): ClusterSpec {
  return { ...spec, services: spec.services.map((s) => (s.name === name ? change(s) : s)) };
}

const different = (c: Comparison) => c.services.filter((s) => !s.equivalent).map((s) => s.service);

describe('compareDumps', () => {
  const spec = overallClusterSpec();
  const base = dump(save(spec));

  it('finds one cluster generated twice equivalent, probing every address from every origin', () => {
    const c = compareDumps(base, dump(save(spec)));
    expect(c.equivalent).toBe(true);
    expect(c.services.map((s) => s.service)).toEqual([
      'ns1/svc1:p80',
      'ns2/svc2:p80',
      'ns3/svc3:p80',
      'ns4/svc4:p80',
      'ns5/svc5:p80',
      'ns6/svc6:p80',
    ]);
    // The dump does not give the node IP away (no --nodeport-addresses, no API server endpoint).
    // svc2: ClusterIP, external IP, LoadBalancer IP, NodePort — each from a pod, the node, outside.
    expect(c.services.find((s) => s.service === 'ns2/svc2:p80')?.probes).toBe(12);
    expect(c.sources).toEqual({ nodeIp: '192.0.2.10', pod: '10.0.0.7', external: '203.0.113.10' });
  });

  it('flags exactly the Service whose endpoint changed, with both DNAT targets', () => {
    const changed = withService(spec, 'svc1', (s) => ({
      ...s,
      endpoints: [{ ...s.endpoints[0]!, ip: '10.180.0.9' }],
    }));
    const c = compareDumps(base, dump(save(changed)));
    expect(different(c)).toEqual(['ns1/svc1:p80']);
    const [first] = c.services.find((s) => s.service === 'ns1/svc1:p80')!.differences;
    expect(first).toMatchObject({
      kind: 'outcomes',
      target: { kind: 'clusterIP', ip: '172.30.0.41', port: 80, proto: 'tcp' },
      origin: 'pod',
      a: [{ verdict: 'ACCEPT', dnat: '10.180.0.1:80', masquerade: false, probability: 1 }],
      b: [{ verdict: 'ACCEPT', dnat: '10.180.0.9:80', masquerade: false, probability: 1 }],
    });
    expect(first?.message).toBe(
      'ClusterIP 172.30.0.41:80/tcp from a pod: A DNAT 10.180.0.1:80, ACCEPT 100%; B DNAT 10.180.0.9:80, ACCEPT 100%',
    );
  });

  it('flags a changed probability and says both values', () => {
    const text = save(spec);
    const rule = /^-A KUBE-SVC-\S+ .*--probability 0\.5\S* .*$/m.exec(text)?.[0];
    expect(rule).toBeDefined();
    const c = compareDumps(base, dump(text.replace(rule!, rule!.replace(/0\.5\d*/, '0.25'))));
    expect(different(c)).toEqual(['ns4/svc4:p80']);
    const d = c.services.find((s) => s.service === 'ns4/svc4:p80')!.differences[0]!;
    expect(d.message).toContain('50%');
    expect(d.message).toContain('25%');
    expect(d.message).toContain('75%');
  });

  it('flags an externalTrafficPolicy change on the external addresses only', () => {
    const changed = withService(spec, 'svc3', (s) => ({ ...s, externalTrafficPolicy: 'Local' }));
    const c = compareDumps(base, dump(save(changed)));
    expect(different(c)).toEqual(['ns3/svc3:p80']);
    const diffs = c.services.find((s) => s.service === 'ns3/svc3:p80')!.differences;
    expect(diffs.length).toBeGreaterThan(0);
    for (const d of diffs) expect(d.kind === 'outcomes' && d.target.kind).toBe('nodePort');
  });

  it('says which dump alone has a Service', () => {
    const fewer = { ...spec, services: spec.services.filter((s) => s.name !== 'svc6') };
    const c = compareDumps(base, dump(save(fewer)));
    const svc6 = c.services.find((s) => s.service === 'ns6/svc6:p80')!;
    expect(svc6.equivalent).toBe(false);
    expect(svc6.differences[0]).toMatchObject({ kind: 'only-in', side: 'a' });
    expect(different(c)).toEqual(['ns6/svc6:p80']);
  });

  it('finds a real node dump equivalent to itself', () => {
    const text = readFixture('iptables/real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt');
    const c = compareDumps(dump(text), dump(text));
    expect(c.services.length).toBe(3);
    expect(c.equivalent).toBe(true);
  });

  it('finds the restore input and the iptables-save output of one spec equivalent', () => {
    const restore = generateIptablesSave(spec, { flavour: 'restore-input' });
    const c = compareDumps(dump(restore), base);
    expect(different(c)).toEqual([]);
  });
});

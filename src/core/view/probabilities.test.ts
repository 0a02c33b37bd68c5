import { describe, expect, it } from 'vitest';
import { analyzeKubeProxy } from '../kubeproxy';
import { loadRuleset } from '../testing/load';
import type { Packet } from '../trace';
import { simulate, trace } from '../trace';
import { fixtureRuleset, seedGrepExcerpt, WEB, webRuleset } from './inputs.node';
import { endpointBars, formatShare, shareProduct } from './probabilities';

const env = { localAddresses: [WEB.nodeIp] };
const podPacket: Packet = {
  origin: 'pod',
  src: '10.244.36.7',
  dst: WEB.clusterIp,
  proto: 'tcp',
  sport: null,
  dport: 80,
};

describe('endpointBars', () => {
  const ruleset = webRuleset();
  const result = trace(ruleset, podPacket, env);

  it('gives each of the three web endpoints 33.3% of new connections', () => {
    const bars = endpointBars(ruleset, result);
    expect(bars).toHaveLength(1);
    expect(bars[0]!.chain).toBe(WEB.svc);
    expect(bars[0]!.rows.map((r) => r.endpoint)).toEqual([
      '10.244.169.161:80',
      '10.244.169.163:80',
      '10.244.169.165:80',
    ]);
    expect(bars[0]!.rows.map((r) => formatShare(r.effective))).toEqual(['33.3%', '33.3%', '33.3%']);
    expect(bars[0]!.rows.map((r) => r.written)).toEqual([0.33333333349, 0.5, null]);
    expect(bars[0]!.rows.every((r) => r.observed === null)).toBe(true);
    expect(bars[0]!.fallthrough).toBe(0);
  });

  it('shows the 1/3 lesson: reached × written = share, rule by rule', () => {
    const bars = endpointBars(ruleset, result)[0]!;
    expect(bars.entered).toBeCloseTo(1, 12);
    expect(bars.rows.map((r) => formatShare(r.reached))).toEqual(['100.0%', '66.7%', '33.3%']);
    expect(bars.rows.map((r) => shareProduct(r, 'rest (100%)'))).toEqual([
      '100.0% × 33.3% = 33.3%',
      '66.7% × 50.0% = 33.3%',
      '33.3% × rest (100%) = 33.3%',
    ]);
  });

  it('gives the shares the model gives (kernel-effective p), to the last bit of a float sum', () => {
    const policy = analyzeKubeProxy(ruleset).result.policies.find((p) => p.chain === WEB.svc)!;
    const rows = endpointBars(ruleset, result)[0]!.rows;
    rows.forEach((r, i) => {
      const t = policy.targets[i]!;
      expect(r.ruleId).toBe(t.rule);
      expect(r.effective).toBeCloseTo(t.share, 12);
      // reached × kernel-effective p is the share: the product the row prints is exact.
      expect(r.reached * (t.effectiveProbability ?? 1)).toBeCloseTo(r.chainShare, 12);
    });
  });

  it('reports observed shares from simulated counts', () => {
    const sim = simulate(ruleset, podPacket, env, { connections: 3000, seed: 7, keepPaths: false });
    const rows = endpointBars(ruleset, result, sim.endpointCounts)[0]!.rows;
    expect(rows.reduce((a, r) => a + (r.observed ?? 0), 0)).toBeCloseTo(1, 9);
    for (const r of rows) expect(Math.abs((r.observed ?? 0) - 1 / 3)).toBeLessThan(0.05);
  });

  it('follows a what-if edit of --probability', () => {
    const edited = loadRuleset(
      seedGrepExcerpt().replace('--probability 0.33333333349', '--probability 0.80000000000'),
    );
    const rows = endpointBars(edited, trace(edited, podPacket, env))[0]!.rows;
    expect(rows.map((r) => formatShare(r.effective))).toEqual(['80.0%', '10.0%', '10.0%']);
  });

  it('flags ClientIP affinity chains and leaves their rcheck rules out of the cascade', () => {
    const overall = fixtureRuleset('k8s-overall-rules.iptables-save.txt');
    const packet: Packet = {
      origin: 'pod',
      src: '10.0.0.2',
      dst: '172.30.0.45',
      proto: 'tcp',
      sport: null,
      dport: 80,
    };
    const bars = endpointBars(overall, trace(overall, packet, { localAddresses: ['192.168.0.2'] }));
    expect(bars.some((b) => b.affinity)).toBe(true);
    for (const b of bars) expect(b.rows.length).toBeGreaterThan(0);
    // A new client reaches the lottery; a remembered one is taken by the rcheck rule before it.
    const svc = bars.find((b) => b.affinity)!;
    expect(svc.rows.map((r) => r.reached)).toEqual([1]);
    const recent = { 'KUBE-SEP-I77PXRDZVX7PMWMN': { '10.0.0.2': 5 } };
    const again = trace(overall, packet, { localAddresses: ['192.168.0.2'], recent });
    const remembered = endpointBars(overall, again).find((b) => b.chain === svc.chain)!;
    expect(remembered.rows.map((r) => [r.reached, r.effective])).toEqual([[0, 0]]);
  });

  it('is empty when no lottery is on the path', () => {
    const r = trace(ruleset, { ...podPacket, dst: '10.9.9.9' }, env);
    expect(endpointBars(ruleset, r)).toEqual([]);
  });
});

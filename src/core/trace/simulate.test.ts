import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../testing/load';
import { simulate, startSimulation } from './simulate';
import type { Packet } from './types';

const svc = (affinitySeconds: number | null) => {
  const check = (sep: string) =>
    affinitySeconds === null
      ? ''
      : `-A KUBE-SVC-X -m recent --name ${sep} --rcheck --seconds ${affinitySeconds} --reap --mask 255.255.255.255 --rsource -j ${sep}\n`;
  const set = (sep: string) =>
    affinitySeconds === null ? '' : `-m recent --set --name ${sep} --mask 255.255.255.255 --rsource `;
  return loadRuleset(`*nat
:PREROUTING ACCEPT [0:0]
:KUBE-SVC-X - [0:0]
:KUBE-SEP-A - [0:0]
:KUBE-SEP-B - [0:0]
-A PREROUTING -d 172.30.0.1/32 -p tcp -m tcp --dport 80 -j KUBE-SVC-X
${check('KUBE-SEP-A')}${check('KUBE-SEP-B')}-A KUBE-SVC-X -m statistic --mode random --probability 0.5000000000 -j KUBE-SEP-A
-A KUBE-SVC-X -j KUBE-SEP-B
-A KUBE-SEP-A -p tcp ${set('KUBE-SEP-A')}-m tcp -j DNAT --to-destination 10.1.0.1:80
-A KUBE-SEP-B -p tcp ${set('KUBE-SEP-B')}-m tcp -j DNAT --to-destination 10.1.0.2:80
COMMIT
`);
};
const pkt: Packet = {
  origin: 'pod',
  src: '10.0.0.2',
  dst: '172.30.0.1',
  proto: 'tcp',
  sport: null,
  dport: 80,
};
const env = { localAddresses: ['192.168.0.2'] };

describe('simulate', () => {
  it('without affinity, both endpoints are chosen about equally', () => {
    const r = simulate(svc(null), pkt, env, { connections: 2000, seed: 7 });
    expect(Object.keys(r.endpointCounts).sort()).toEqual(['10.1.0.1:80', '10.1.0.2:80']);
    expect(r.endpointCounts['10.1.0.1:80']).toBeGreaterThan(850);
    expect(r.endpointCounts['10.1.0.1:80']).toBeLessThan(1150);
  });
  it('ClientIP affinity: the same client sticks to its first endpoint', () => {
    const r = simulate(svc(10800), pkt, env, { connections: 200, seed: 3 });
    expect(Object.keys(r.endpointCounts)).toHaveLength(1);
    // From the second connection on, the `--rcheck` rule (KUBE-SVC-X #0 or #1) sends the client.
    const first = r.connections[0]!.dnat === '10.1.0.1:80' ? 'nat/KUBE-SVC-X#0' : 'nat/KUBE-SVC-X#1';
    expect(r.connections[0]!.path.some((s) => s.ruleId === first)).toBe(false);
    expect(r.connections[1]!.path.some((s) => s.ruleId === first)).toBe(true);
  });
  it('affinity expires when connections are further apart than --seconds', () => {
    const r = simulate(svc(5), pkt, env, { connections: 200, seed: 3, secondsBetween: 10 });
    expect(Object.keys(r.endpointCounts)).toHaveLength(2);
  });
  it('is deterministic for a seed', () => {
    const a = simulate(svc(null), pkt, env, { connections: 50, seed: 11, keepPaths: false });
    const b = simulate(svc(null), pkt, env, { connections: 50, seed: 11, keepPaths: false });
    expect(a).toEqual(b);
    expect(a.connections[0]!.path).toEqual([]);
  });
  it('carries nth counters between connections', () => {
    const rs = loadRuleset(
      '*nat\n:PREROUTING ACCEPT [0:0]\n-A PREROUTING -m statistic --mode nth --every 3 --packet 1 -j DNAT --to-destination 10.0.1.1:80\nCOMMIT\n',
    );
    const r = simulate(rs, pkt, env, { connections: 7, seed: 1 });
    expect(r.connections.map((c) => (c.dnat === null ? '.' : 'x')).join('')).toBe('.x..x..');
  });
});

describe('startSimulation', () => {
  const nthThenLottery = loadRuleset(`*nat
:PREROUTING ACCEPT [0:0]
:KUBE-SVC-X - [0:0]
-A PREROUTING -m statistic --mode nth --every 5 --packet 2 -j DNAT --to-destination 10.0.1.1:80
-A PREROUTING -d 172.30.0.1/32 -j KUBE-SVC-X
-A KUBE-SVC-X -m statistic --mode random --probability 0.3 -j DNAT --to-destination 10.1.0.1:80
-A KUBE-SVC-X -m statistic --mode random --probability 0.5 -j DNAT --to-destination 10.1.0.2:80
-A KUBE-SVC-X -j DNAT --to-destination 10.1.0.3:80
COMMIT
`);
  const cases = [
    ['random lottery', svc(null), {}],
    ['ClientIP affinity (recent lists, expiring)', svc(5), { secondsBetween: 2 }],
    ['nth counters and a lottery', nthThenLottery, {}],
  ] as const;
  it.each(cases)('%s: chunks continue one run (same connections, paths and counts)', (_, rs, extra) => {
    for (const keepPaths of [true, false]) {
      const options = { seed: 5, keepPaths, ...extra };
      const whole = simulate(rs, pkt, env, { ...options, connections: 230 });
      const sim = startSimulation(rs, pkt, env, options);
      const chunks = [0, 1, 100, 29, 100].flatMap((k) => sim.advance(k));
      expect(chunks).toEqual(whole.connections);
      expect(sim.done).toBe(230);
      expect(sim.endpointCounts).toEqual(whole.endpointCounts);
      expect(Object.keys(sim.endpointCounts)).toEqual(Object.keys(whole.endpointCounts));
    }
  });
  it('stops at 10,000,000 connections in all and at a packet it cannot read', () => {
    const sim = startSimulation(svc(null), pkt, env, { seed: 1, keepPaths: false });
    expect(sim.advance(-3)).toEqual([]);
    expect(sim.advance(Number.NaN)).toEqual([]);
    expect(sim.advance(2.9)).toHaveLength(2);
    const bad = startSimulation(svc(null), { ...pkt, dst: 'not-an-ip' }, env, { seed: 1 });
    expect(bad.advance(5)).toEqual([]);
    expect(bad.endpointCounts).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../core/testing/load';
import type { Packet } from '../core/trace';
import { simulate } from '../core/trace';
import { simulateCounts } from './queries';

const ruleset = loadRuleset(`*nat
:PREROUTING ACCEPT [0:0]
:KUBE-SVC-X - [0:0]
-A PREROUTING -d 172.30.0.1/32 -j KUBE-SVC-X
-A KUBE-SVC-X -m recent --name A --rcheck --seconds 3 --reap --rsource -j DNAT --to-destination 10.1.0.1:80
-A KUBE-SVC-X -m statistic --mode random --probability 0.25 -m recent --name A --set --rsource -j DNAT --to-destination 10.1.0.1:80
-A KUBE-SVC-X -m statistic --mode random --probability 0.5 -j DNAT --to-destination 10.1.0.2:80
-A KUBE-SVC-X -j DNAT --to-destination 10.1.0.3:80
COMMIT
`);
const packet: Packet = {
  origin: 'pod',
  src: '10.0.0.2',
  dst: '172.30.0.1',
  proto: 'tcp',
  sport: null,
  dport: 80,
};
const env = { localAddresses: ['192.168.0.2'] };
const once = (n: number, seed: number) =>
  simulate(ruleset, packet, env, { connections: n, seed, keepPaths: false }).endpointCounts;

describe('simulateCounts', () => {
  it('answers growing chunks as one seeded simulation, each answer its own object', () => {
    const answers = [100, 200, 300, 350].map((n) => simulateCounts(ruleset, packet, env, n, 9));
    expect(answers).toEqual([once(100, 9), once(200, 9), once(300, 9), once(350, 9)]);
    expect(answers[0]).not.toBe(answers[1]);
    expect(Object.values(answers[0] ?? {}).reduce((a, b) => a + b, 0)).toBe(100);
  });
  it('starts again for a smaller count, another seed, packet or env', () => {
    expect(simulateCounts(ruleset, packet, env, 300, 9)).toEqual(once(300, 9));
    expect(simulateCounts(ruleset, packet, env, 50, 9)).toEqual(once(50, 9));
    expect(simulateCounts(ruleset, packet, env, 80, 4)).toEqual(once(80, 4));
    expect(simulateCounts(ruleset, { ...packet }, env, 90, 4)).toEqual(once(90, 4));
    expect(simulateCounts(ruleset, packet, { ...env }, 120, 4)).toEqual(once(120, 4));
    expect(simulateCounts(ruleset, packet, env, Number.NaN, 4)).toEqual({});
  });
});

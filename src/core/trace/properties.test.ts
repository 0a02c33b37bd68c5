import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import type { Match, Target } from '../ruleset';
import { loadRuleset } from '../testing/load';
import { handRuleset, jump, random } from './testing/handRuleset';
import { trace } from './trace';
import type { Packet } from './types';

const CHAINS = ['A', 'B', 'C', 'D'];
const env = { localAddresses: ['192.168.0.2'] };
const pkt: Packet = { origin: 'pod', src: '10.0.0.2', dst: '10.1.0.1', proto: 'tcp', sport: 1234, dport: 80 };

const target = fc.oneof(
  fc.constantFrom<Target>({ kind: 'ACCEPT' }, { kind: 'DROP' }, { kind: 'RETURN' }, { kind: 'none' }),
  fc.constantFrom<Target>({ kind: 'REJECT', rejectWith: 'icmp-port-unreachable' }),
  fc.tuple(fc.constantFrom(...CHAINS, 'FORWARD', 'NOPE'), fc.boolean()).map(([c, g]) => jump(c, g)),
  fc
    .integer({ min: 0, max: 0xffff })
    .map<Target>((v) => ({ kind: 'MARK', value: v, mask: 0xffff, written: '' })),
);
const match = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }).map(random),
  fc.integer({ min: 0, max: 3 }).map<Match>((v) => ({ kind: 'mark', negated: false, value: v, mask: 3 })),
  fc
    .boolean()
    .map<Match>((negated) => ({ kind: 'opaque', module: 'set', negated, options: [], summary: 'ipset' })),
);
const rule = fc.record({
  chain: fc.constantFrom('FORWARD', ...CHAINS),
  matches: fc.array(match, { maxLength: 2 }),
  target,
});

describe('tracer properties', () => {
  it('on random jump graphs (with cycles): never throws, terminates, probabilities sum to 1', () => {
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 14 }),
        fc.constantFrom<'ACCEPT' | 'DROP'>('ACCEPT', 'DROP'),
        (rules, policy) => {
          const r = trace(handRuleset('filter', rules, { FORWARD: policy }, CHAINS), pkt, env);
          const sum = r.outcomes.reduce((s, o) => s + o.probability, 0);
          expect(Math.abs(sum - 1)).toBeLessThan(1e-9);
          expect(r.outcomes.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('a jump cycle ends with trace/loop and a DROP-like outcome', () => {
    const rs = handRuleset('filter', [
      { chain: 'FORWARD', target: jump('A') },
      { chain: 'A', target: jump('B') },
      { chain: 'B', target: jump('A') },
    ]);
    const r = trace(rs, pkt, env);
    expect(r.diagnostics.map((d) => d.code)).toContain('trace/loop');
    expect(r.outcomes[0]).toMatchObject({ verdict: 'DROP', probability: 1 });
    expect(r.assumptions.map((a) => a.code)).toContain('trace/loop');
  });
  it('bounds exponential forking and still sums to 1', () => {
    const rules = Array.from({ length: 20 }, () => ({
      chain: 'FORWARD',
      matches: [random(0.5)],
      target: { kind: 'MARK', value: 1, mask: 0, written: '' } as Target,
    }));
    const r = trace(handRuleset('filter', rules), pkt, env);
    expect(r.outcomes.length).toBeLessThanOrEqual(10_000);
    expect(r.diagnostics.map((d) => d.code)).toContain('trace/outcome-cap');
    expect(Math.abs(r.outcomes.reduce((s, o) => s + o.probability, 0) - 1)).toBeLessThan(1e-9);
  });
  it('the KUBE-SERVICES index changes nothing (random packets on a real dump)', () => {
    const rs = loadRuleset(readFixture('iptables/k8s-overall-rules.iptables-save.txt'));
    const dsts = [
      '172.30.0.41',
      '172.30.0.44',
      '192.168.0.2',
      '1.2.3.4',
      '5.6.7.8',
      '192.168.99.33',
      '127.0.0.1',
      '10.9.9.9',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom<Packet['origin']>('pod', 'host', 'external'),
        fc.constantFrom('10.0.0.2', '192.168.0.2', '203.0.113.2', '203.0.113.130', '10.180.0.1'),
        fc.constantFrom(...dsts),
        fc.constantFrom(80, 3001, 3002, 3003, 30000, 443),
        fc.constantFrom<Packet['proto']>('tcp', 'udp'),
        (origin, src, dst, dport, proto) => {
          const p: Packet = { origin, src, dst, dport, proto, sport: 5555 };
          expect(trace(rs, p, env)).toEqual(trace(rs, p, env, { index: false }));
        },
      ),
      { numRuns: 200 },
    );
  });
});

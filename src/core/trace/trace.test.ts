import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../testing/load';
import { trace } from './trace';
import type { Packet, TraceEnv, TraceResult } from './types';

const env: TraceEnv = { localAddresses: ['192.168.0.2'] };
const pkt = (over: Partial<Packet> = {}): Packet => ({
  origin: 'pod',
  src: '10.0.0.2',
  dst: '10.96.0.1',
  proto: 'tcp',
  sport: 40000,
  dport: 80,
  ...over,
});
const only = (r: TraceResult) => {
  expect(r.outcomes).toHaveLength(1);
  return r.outcomes[0]!;
};
const codes = (r: TraceResult) => r.assumptions.map((a) => a.code);

describe('MARK and -m mark (xt_mark.c)', () => {
  const rules = (mark: string, test: string) =>
    loadRuleset(`*mangle
:PREROUTING ACCEPT [0:0]
-A PREROUTING -j MARK ${mark}
-A PREROUTING -m mark --mark ${test} -j DROP
COMMIT
`);
  it.each([
    ['--set-xmark 0x3/0x1', 0x2, '0x1/0xffffffff'], // (0x2 & ~0x1) ^ 0x3 = 0x1
    ['--xor-mark 0x4000', 0x4001, '0x1'],
    ['--or-mark 0x4000', 0x1, '0x4001'],
    ['--and-mark 0xff00', 0x4321, '0x4300'],
    ['--set-mark 0x8000/0x8000', 0x4000, '0xc000'],
  ])('%s on mark %i gives %s', (mark, initial, expected) => {
    expect(only(trace(rules(mark, expected), pkt({ mark: initial }), env)).verdict).toBe('DROP');
    expect(only(trace(rules(mark, `${expected}1`), pkt({ mark: initial }), env)).verdict).toBe('ACCEPT');
  });
  it('matches (mark & mask) == value, negated with !', () => {
    const rs = loadRuleset(
      '*mangle\n:PREROUTING ACCEPT [0:0]\n-A PREROUTING -m mark ! --mark 0x4000/0x4000 -j DROP\nCOMMIT\n',
    );
    expect(only(trace(rs, pkt({ mark: 0x4001 }), env)).verdict).toBe('ACCEPT');
    expect(only(trace(rs, pkt({ mark: 0x8000 }), env)).verdict).toBe('DROP');
  });
});

describe('jump, goto, RETURN and policies', () => {
  const rs = loadRuleset(`*filter
:INPUT ACCEPT [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
:A - [0:0]
:B - [0:0]
:C - [0:0]
-A FORWARD -d 10.1.0.0/16 -j A
-A FORWARD -d 10.1.0.0/16 -j REJECT
-A FORWARD -d 10.2.0.0/16 -g B
-A FORWARD -d 10.3.0.0/16 -j C
-A FORWARD -d 10.3.0.0/16 -j ACCEPT
-A A -g B
-A A -j ACCEPT
-A B -j RETURN
-A C -m comment --comment "falls off the end"
COMMIT
`);
  it('RETURN from a chain entered by goto returns to the caller of the chain that did the goto', () => {
    const o = only(trace(rs, pkt({ dst: '10.1.2.3' }), env));
    expect(o.verdict).toBe('REJECT');
    expect(o.path.map((s) => `${s.chain}:${s.verdict}`)).toEqual([
      'FORWARD:jump',
      'A:goto',
      'B:return',
      'FORWARD:REJECT',
    ]);
  });
  it('a goto from the built-in chain then RETURN ends in the policy', () => {
    const o = only(trace(rs, pkt({ dst: '10.2.0.1' }), env));
    expect(o.verdict).toBe('DROP');
    expect(o.path.at(-1)).toMatchObject({
      chain: 'FORWARD',
      line: 3, // `:FORWARD DROP [0:0]`
      target: 'policy DROP',
      verdict: 'DROP',
    });
  });
  it('a user chain returns implicitly at its end; a rule without target is in the path', () => {
    const o = only(trace(rs, pkt({ dst: '10.3.0.1' }), env));
    expect(o.verdict).toBe('ACCEPT');
    expect(o.path.map((s) => `${s.chain}:${s.verdict}`)).toEqual([
      'FORWARD:jump',
      'C:continue',
      'FORWARD:ACCEPT',
    ]);
  });
});

describe('conntrack --ctstate with the virtual DNAT state (xt_conntrack.c)', () => {
  const rs = loadRuleset(`*nat
:OUTPUT ACCEPT [0:0]
-A OUTPUT -d 127.0.0.0/8 -p tcp -m tcp --dport 3001 -j DNAT --to-destination 10.180.0.1:80
COMMIT
*filter
:OUTPUT ACCEPT [0:0]
-A OUTPUT -d 127.0.0.0/8 ! -s 127.0.0.0/8 -m conntrack ! --ctstate RELATED,ESTABLISHED,DNAT -j DROP
-A OUTPUT -m conntrack --ctstate NEW,DNAT -j ACCEPT
COMMIT
`);
  const host = (dport: number) => pkt({ origin: 'host', src: '192.168.0.2', dst: '127.0.0.1', dport });
  it('a NEW packet DNATed in nat OUTPUT is NEW,DNAT in filter', () => {
    const o = only(trace(rs, host(3001), env));
    // Generated on the node and routed to a remote pod: OUTPUT → POSTROUTING, never FORWARD.
    expect(o).toMatchObject({ verdict: 'ACCEPT', dnat: '10.180.0.1:80', delivery: 'out' });
    expect(o.path.at(-1)).toMatchObject({ table: 'filter', line: 8, verdict: 'ACCEPT' });
  });
  it('a packet that came in and goes to a remote address is forwarded', () => {
    const o = only(trace(rs, pkt({ origin: 'pod', src: '10.0.0.2', dst: '10.180.0.9', dport: 80 }), env));
    expect(o).toMatchObject({ verdict: 'ACCEPT', dnat: null, delivery: 'forward' });
  });
  it('without DNAT the localnet rule drops it', () => {
    expect(only(trace(rs, host(3002), env)).verdict).toBe('DROP');
  });
  it('an ESTABLISHED packet skips nat (assumption recorded)', () => {
    const r = trace(rs, host(3001), { ...env, conntrack: 'established' });
    expect(only(r)).toMatchObject({ verdict: 'ACCEPT', dnat: null });
    expect(codes(r)).toContain('trace/nat-skipped');
  });
});

describe('addrtype (xt_addrtype.c)', () => {
  const rs = loadRuleset(`*nat
:PREROUTING ACCEPT [0:0]
-A PREROUTING -m addrtype --dst-type LOCAL -j DNAT --to-destination 10.9.9.9
-A PREROUTING -m addrtype --dst-type MULTICAST -j DNAT --to-destination 10.8.8.8
-A PREROUTING -m addrtype ! --src-type LOCAL -j DNAT --to-destination 10.7.7.7
COMMIT
`);
  it.each([
    ['192.168.0.2', '10.9.9.9:80'],
    ['127.0.0.5', '10.9.9.9:80'],
    ['224.0.0.1', '10.8.8.8:80'],
    ['8.8.8.8', '10.7.7.7:80'],
  ])('%s → %s', (dst, dnat) => {
    expect(only(trace(rs, pkt({ dst }), env)).dnat).toBe(dnat);
  });
  it('a local source is not "! LOCAL"', () => {
    expect(only(trace(rs, pkt({ src: '192.168.0.2', dst: '8.8.8.8' }), env)).dnat).toBeNull();
  });
});

describe('CIDR, interfaces and protocols', () => {
  it('matches IPv6 prefixes and prints [v6]:port', () => {
    const rs = loadRuleset(`*nat
:PREROUTING ACCEPT [0:0]
-A PREROUTING ! -s fd00:10::/64 -d fd00:20::1/128 -p tcp -m tcp --dport 80 -j DNAT --to-destination [fd00:30::5]:8080
COMMIT
`);
    expect(only(trace(rs, pkt({ src: '2001:db8::9', dst: 'fd00:20::1' }), env)).dnat).toBe(
      '[fd00:30::5]:8080',
    );
    expect(only(trace(rs, pkt({ src: 'fd00:10::9', dst: 'fd00:20::1' }), env)).dnat).toBeNull();
  });
  it('-i with + wildcard, numeric protocols and port ranges', () => {
    const rs = loadRuleset(`*filter
:FORWARD ACCEPT [0:0]
-A FORWARD -i cali+ -p 17 -m udp --dport 50:60 -j DROP
COMMIT
`);
    const udp = pkt({ proto: 'udp', dport: 53, dst: '10.1.1.1' });
    expect(only(trace(rs, { ...udp, inIface: 'cali123' }, env)).verdict).toBe('DROP');
    expect(only(trace(rs, { ...udp, inIface: 'eth0' }, env)).verdict).toBe('ACCEPT');
    expect(only(trace(rs, { ...udp, inIface: 'cali123', dport: 61 }, env)).verdict).toBe('ACCEPT');
  });
});

describe('undecidable matches are assumed, never skipped', () => {
  const rs = (neg: string) =>
    loadRuleset(
      `*filter\n:FORWARD ACCEPT [0:0]\n-A FORWARD -m set ${neg}--match-set blocked src -j DROP\nCOMMIT\n`,
    );
  it('ipset: the address is assumed not in the set (and the assumption carries the line)', () => {
    const r = trace(rs(''), pkt(), env);
    expect(only(r).verdict).toBe('ACCEPT');
    expect(r.assumptions).toContainEqual(expect.objectContaining({ code: 'trace/ipset-unknown', line: 3 }));
    expect(only(trace(rs('! '), pkt(), env)).verdict).toBe('DROP');
  });
});

describe('statistic --mode random (xt_statistic.c)', () => {
  it('uses the kernel-effective probability round(p·2^31)/2^31', () => {
    const rs = loadRuleset(`*nat
:PREROUTING ACCEPT [0:0]
-A PREROUTING -m statistic --mode random --probability 0.33333333349 -j DNAT --to-destination 10.0.1.1:80
-A PREROUTING -m statistic --mode random --probability 0.50000000000 -j DNAT --to-destination 10.0.1.2:80
-A PREROUTING -j DNAT --to-destination 10.0.1.3:80
COMMIT
`);
    const r = trace(rs, pkt(), env);
    const p1 = Math.round(0.33333333349 * 2 ** 31) / 2 ** 31;
    expect(r.outcomes.map((o) => o.dnat)).toEqual(['10.0.1.1:80', '10.0.1.2:80', '10.0.1.3:80']);
    expect(r.outcomes[0]!.probability).toBe(p1);
    expect(r.outcomes[1]!.probability).toBeCloseTo((1 - p1) * 0.5, 15);
    expect(r.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
  });
  it('nth: a single trace assumes the counter at its start (packet 0 matches first)', () => {
    const rs = loadRuleset(
      '*nat\n:PREROUTING ACCEPT [0:0]\n-A PREROUTING -m statistic --mode nth --every 3 --packet 0 -j DNAT --to-destination 10.0.1.1:80\nCOMMIT\n',
    );
    const r = trace(rs, pkt(), env);
    expect(only(r).dnat).toBe('10.0.1.1:80');
    expect(codes(r)).toContain('trace/assumed-nth-counter');
  });
});

describe('recent (xt_recent.c)', () => {
  const rs = loadRuleset(`*nat
:PREROUTING ACCEPT [0:0]
-A PREROUTING -m recent --rcheck --seconds 100 --reap --name AFF --mask 255.255.255.255 --rsource -j DNAT --to-destination 10.0.1.1:80
-A PREROUTING -j DNAT --to-destination 10.0.1.2:80
COMMIT
`);
  it.each([
    [50, '10.0.1.1:80'],
    [100, '10.0.1.1:80'],
    [101, '10.0.1.2:80'],
  ])('last seen %is ago → %s', (age, dnat) => {
    expect(only(trace(rs, pkt(), { ...env, recent: { AFF: { '10.0.0.2': age } } })).dnat).toBe(dnat);
  });
  it('another client is not in the list', () => {
    expect(
      only(trace(rs, pkt({ src: '10.0.0.3' }), { ...env, recent: { AFF: { '10.0.0.2': 1 } } })).dnat,
    ).toBe('10.0.1.2:80');
  });
});

describe('robustness', () => {
  it('an unparsable packet address gives a diagnostic and one DROP outcome, no throw', () => {
    const r = trace(loadRuleset(''), pkt({ dst: 'not-an-ip' }), env);
    expect(r.diagnostics.map((d) => d.code)).toContain('trace/invalid-packet');
    expect(only(r).probability).toBe(1);
  });
  it('implied kube-proxy jumps are visible as an assumption and steps without a line', () => {
    const rs = loadRuleset(`*nat
:KUBE-SERVICES - [0:0]
:KUBE-SVC-A - [0:0]
-A KUBE-SERVICES -d 172.30.0.1/32 -p tcp -m tcp --dport 80 -j KUBE-SVC-A
-A KUBE-SVC-A -j DNAT --to-destination 10.0.1.1:80
COMMIT
`);
    const r = trace(rs, pkt({ dst: '172.30.0.1' }), env);
    expect(only(r).dnat).toBe('10.0.1.1:80');
    expect(codes(r)).toContain('trace/implied-kube-jumps');
    expect(only(r).path[0]).toMatchObject({
      chain: 'PREROUTING',
      line: null,
      ruleId: null,
      target: 'KUBE-SERVICES',
    });
  });
});

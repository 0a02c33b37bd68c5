import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { loadRuleset } from '../testing/load';
import { trace } from './trace';
import type { Packet, TraceResult } from './types';

/** Issue 12 part 7: multicast and broadcast are routed the way Linux routes them (route.c). */
const overall = loadRuleset(readFixture('iptables/k8s-overall-rules.iptables-save.txt'));
const env = { localAddresses: ['192.168.0.2'] };
const udp = (dst: string, origin: Packet['origin'] = 'pod'): Packet => ({
  origin,
  src: origin === 'host' ? '192.168.0.2' : '10.0.0.2',
  dst,
  proto: 'udp',
  sport: 5353,
  dport: 5353,
});
const one = (r: TraceResult) => {
  expect(r.outcomes).toHaveLength(1);
  return r.outcomes[0]!;
};
const hooks = (r: TraceResult) => [...new Set(one(r).path.map((s) => s.hook))];
const codes = (r: TraceResult) => r.assumptions.map((a) => a.code);

describe('multicast and broadcast from a pod', () => {
  it('224.0.0.251 (mDNS) is never forwarded: dropped after PREROUTING, the assumption named', () => {
    const r = trace(overall, udp('224.0.0.251'), env);
    expect(one(r)).toMatchObject({ verdict: 'DROP', delivery: null, dnat: null });
    expect(hooks(r)).toEqual(['PREROUTING']);
    expect(codes(r)).toContain('trace/multicast-not-forwarded');
    expect(r.assumptions.find((a) => a.code === 'trace/multicast-not-forwarded')?.message).toMatch(
      /224\.0\.0\.251 is link-local multicast \(224\.0\.0\.0\/24, RFC 5771\): Linux never forwards it/,
    );
  });

  it('was forwarded before: the same packet to a unicast address still is', () => {
    const r = trace(overall, udp('10.9.9.9'), env);
    expect(one(r)).toMatchObject({ verdict: 'ACCEPT', delivery: 'forward' });
    expect(codes(r)).not.toContain('trace/multicast-not-forwarded');
  });

  it('other multicast needs a multicast router: dropped, said', () => {
    const r = trace(overall, udp('239.1.2.3', 'external'), env);
    expect(one(r)).toMatchObject({ verdict: 'DROP', delivery: null });
    expect(r.assumptions.find((a) => a.code === 'trace/multicast-not-forwarded')?.message).toContain(
      'only a multicast routing daemon forwards it',
    );
  });

  it('224.0.0.1 (all hosts) and 255.255.255.255 are delivered to the node: INPUT', () => {
    for (const [dst, code] of [
      ['224.0.0.1', 'trace/multicast-local'],
      ['255.255.255.255', 'trace/broadcast-local'],
    ] as const) {
      const r = trace(overall, udp(dst), env);
      expect(one(r)).toMatchObject({ verdict: 'ACCEPT', delivery: 'local' });
      expect(hooks(r)).toContain('INPUT');
      expect(hooks(r)).not.toContain('FORWARD');
      expect(codes(r)).toContain(code);
    }
  });

  it('a filter INPUT rule still decides a delivered broadcast', () => {
    const rs = loadRuleset(
      '*filter\n:INPUT ACCEPT [0:0]\n:FORWARD ACCEPT [0:0]\n-A INPUT -m addrtype --dst-type BROADCAST -j DROP\nCOMMIT\n',
    );
    const r = trace(rs, udp('255.255.255.255'), env);
    expect(one(r)).toMatchObject({ verdict: 'DROP' });
    expect(one(r).path.at(-1)).toMatchObject({ chain: 'INPUT', line: 4 });
  });

  it('IPv6 ff02::fb is never forwarded either', () => {
    const rs = loadRuleset('*filter\n:INPUT ACCEPT [0:0]\n:FORWARD ACCEPT [0:0]\nCOMMIT\n');
    const r = trace(rs, { ...udp('ff02::fb'), src: 'fd00::2' }, { localAddresses: ['fd00::1'] });
    expect(one(r)).toMatchObject({ verdict: 'DROP', delivery: null });
  });

  it('a host sending to a group is unchanged: OUTPUT, out', () => {
    const r = trace(overall, udp('224.0.0.251', 'host'), env);
    expect(one(r)).toMatchObject({ verdict: 'ACCEPT', delivery: 'out' });
  });
});

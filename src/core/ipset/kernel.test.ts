import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { type SetPacket, testSet } from './match';
import { parseIpset } from './parseIpset';

/**
 * The referee for the set match: iptables counters from this machine's kernel (fixture
 * ipset/kernel-check-set-match.iptables-counters.txt, made in a throwaway netns). The same sets
 * and the packets that script sends are modelled here; testSet must give every counter.
 */
const SETS = parseIpset(
  [
    'create A hash:ip,port family inet hashsize 1024 maxelem 65536',
    'add A 127.0.0.1,udp:53',
    'create B bitmap:port range 0-65535',
    'add B 53',
    'create C hash:net family inet hashsize 1024 maxelem 65536',
    'add C 127.0.0.0/8',
    'add C 127.0.0.1 nomatch',
  ].join('\n'),
).result.sets;
const set = (n: string) => SETS.find((s) => s.name === n)!;

const p = (
  protocol: string,
  src: string,
  sport: number | null,
  dst: string,
  dport: number | null,
): SetPacket => ({
  family: 'ipv4',
  src,
  dst,
  protocol,
  sport,
  dport,
});
/** What the script's OUTPUT chain saw: two UDP datagrams, a TCP SYN and its RST, four ICMP. */
const PACKETS = [
  p('udp', '127.0.0.1', 40000, '127.0.0.1', 53),
  p('udp', '127.0.0.1', 40001, '127.0.0.2', 53),
  p('tcp', '127.0.0.1', 40002, '127.0.0.1', 53),
  p('tcp', '127.0.0.1', 53, '127.0.0.1', 40002),
  p('icmp', '127.0.0.1', null, '127.0.0.1', null), // port unreachable for the first datagram
  p('icmp', '127.0.0.2', null, '127.0.0.1', null), // port unreachable for the second
  p('icmp', '127.0.0.1', null, '127.0.0.1', null), // echo request
  p('icmp', '127.0.0.1', null, '127.0.0.1', null), // echo reply
];

/** The rules in the script's order: protocol / destination filter, set, flags. */
const RULES: { proto?: string; dst?: string; set?: string; flags?: ('src' | 'dst')[] }[] = [
  { proto: 'udp', set: 'A', flags: ['dst'] },
  { proto: 'udp', set: 'A', flags: ['dst', 'dst'] },
  { proto: 'udp', set: 'A', flags: ['dst', 'dst', 'src'] },
  { proto: 'udp', set: 'B', flags: ['dst'] },
  { proto: 'tcp', set: 'B', flags: ['dst'] },
  { proto: 'icmp', set: 'B', flags: ['dst'] },
  { proto: 'icmp' },
  { dst: '127.0.0.1', set: 'C', flags: ['dst'] },
  { dst: '127.0.0.2', set: 'C', flags: ['dst'] },
];

describe('testSet agrees with the kernel (iptables counters measured on this machine)', () => {
  it('gives every rule the packet count the kernel counted', () => {
    const counters = readFixture('ipset/kernel-check-set-match.iptables-counters.txt')
      .split('\n')
      .filter((l) => /^\s+\d+\s+\d+\s/.test(l)) // the counter rows of `iptables -L -v -x`
      .map((l) => Number(l.trim().split(/\s+/)[0]));
    expect(counters).toEqual([0, 1, 1, 2, 1, 0, 4, 0, 1]);
    const predicted = RULES.map(
      (r) =>
        PACKETS.filter(
          (pk) =>
            (r.proto === undefined || pk.protocol === r.proto) &&
            (r.dst === undefined || pk.dst === r.dst) &&
            (r.set === undefined || testSet(set(r.set), r.flags ?? [], pk).matched === true),
        ).length,
    );
    expect(predicted).toEqual(counters);
  });
});

import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { parseIpset } from '../ipset';
import { loadRuleset } from '../testing/load';
import { trace } from './trace';
import type { Packet, TraceEnv, TraceResult } from './types';

/** The real `ipset list` of a minikube node in IPVS mode (test/fixtures/PROVENANCE.md). */
const minikubeSets = parseIpset(readFixture('ipset/real-minikube-notes.ipset-list.txt')).result.sets;
/** Sets made here with ipset 7.17, incl. a hash:net with a `nomatch` member. */
const generatedSets = parseIpset(readFixture('ipset/generated-kube-types.ipset-list.txt')).result.sets;

const withSets: TraceEnv = { localAddresses: ['192.168.49.2'], ipsets: minikubeSets };
const noSets: TraceEnv = { localAddresses: ['192.168.49.2'] };
const dns: Packet = {
  origin: 'pod',
  src: '10.244.0.5',
  dst: '10.96.0.10',
  proto: 'udp',
  sport: 40000,
  dport: 53,
};
const only = (r: TraceResult) => {
  expect(r.outcomes).toHaveLength(1);
  return r.outcomes[0]!;
};
const setAssumptions = (r: TraceResult) => r.assumptions.filter((a) => a.code === 'trace/ipset-unknown');

// kube-proxy's IPVS-mode KUBE-SERVICES (pkg/proxy/ipvs/proxier.go writeIptablesRules): the
// ClusterIP set match, masquerade for sources outside the cluster CIDR, then ACCEPT.
const ipvsServices = (neg = '') =>
  loadRuleset(`*nat
:PREROUTING ACCEPT [0:0]
:KUBE-SERVICES - [0:0]
:KUBE-MARK-MASQ - [0:0]
-A PREROUTING -j KUBE-SERVICES
-A KUBE-MARK-MASQ -j MARK --or-mark 0x4000
-A KUBE-SERVICES ! -s 10.244.0.0/16 -m set ${neg}--match-set KUBE-CLUSTER-IP dst,dst -j KUBE-MARK-MASQ
-A KUBE-SERVICES -m set ${neg}--match-set KUBE-CLUSTER-IP dst,dst -j ACCEPT
COMMIT
`);

describe('-m set --match-set in the tracer, decided from pasted ipsets', () => {
  it('a pod to the DNS ClusterIP is in KUBE-CLUSTER-IP (dst,dst): the ACCEPT rule matches, no assumption', () => {
    const r = trace(ipvsServices(), dns, withSets);
    const o = only(r);
    expect(o.path.map((s) => [s.line, s.target])).toEqual([
      [5, 'KUBE-SERVICES'],
      [8, 'ACCEPT'],
    ]);
    expect(setAssumptions(r)).toEqual([]);
  });

  it('a port the set does not hold (UDP 54) does not match: the chain ends, the policy accepts', () => {
    const o = only(trace(ipvsServices(), { ...dns, dport: 54 }, withSets));
    expect(o.path.some((s) => s.target === 'ACCEPT' && s.line === 8)).toBe(false);
  });

  it('a source outside 10.244.0.0/16 is marked for masquerade (0x4000)', () => {
    const o = only(trace(ipvsServices(), { ...dns, origin: 'external', src: '192.168.49.1' }, withSets));
    expect(o.path.map((s) => s.target)).toContain('KUBE-MARK-MASQ');
    expect(o.path.at(-1)?.packet?.mark).toBe(0x4000);
  });

  it('`! --match-set` inverts the kernel test (iptables-extensions(8))', () => {
    const member = only(trace(ipvsServices('! '), dns, withSets));
    expect(member.path.some((s) => s.line === 8)).toBe(false);
    const outsider = only(trace(ipvsServices('! '), { ...dns, dst: '10.96.0.11' }, withSets));
    expect(outsider.path.some((s) => s.line === 8)).toBe(true);
  });

  it('without ipset output the match is an assumption that names the set, as before', () => {
    const r = trace(ipvsServices(), dns, noSets);
    const [a] = setAssumptions(r);
    expect(a?.message).toContain('"KUBE-CLUSTER-IP"');
    expect(a?.message).toContain('were not pasted');
    expect(a?.line).toBe(8);
    expect(only(r).path.some((s) => s.line === 8)).toBe(false);
  });

  it('a set missing from the pasted output stays an assumption, named', () => {
    const rs = loadRuleset(`*filter
:INPUT ACCEPT [0:0]
-A INPUT -m set --match-set cali40all-hosts-net src -j DROP
COMMIT
`);
    const r = trace(rs, { ...dns, dst: '192.168.49.2' }, withSets);
    expect(only(r).verdict).toBe('ACCEPT');
    expect(setAssumptions(r)[0]?.message).toContain('has no set "cali40all-hosts-net"');
  });

  it('hash:net with a nomatch member: excluded, and --return-nomatch reverses it', () => {
    const net = generatedSets.find((s) => s.type === 'hash:net')!;
    const rs = (extra: string) =>
      loadRuleset(`*filter
:INPUT ACCEPT [0:0]
-A INPUT -m set --match-set ${net.name} src ${extra}-j DROP
COMMIT
`);
    const env: TraceEnv = { localAddresses: ['10.0.0.1'], ipsets: generatedSets };
    const from = (src: string) => ({ ...dns, src, dst: '10.0.0.1' });
    expect(only(trace(rs(''), from('10.244.1.1'), env)).verdict).toBe('DROP');
    expect(only(trace(rs(''), from('192.168.0.7'), env)).verdict).toBe('ACCEPT'); // nomatch member
    expect(only(trace(rs(''), from('172.16.0.1'), env)).verdict).toBe('ACCEPT');
    // iptables-extensions(8) --return-nomatch: a nomatch member matches, a plain one does not.
    expect(only(trace(rs('--return-nomatch '), from('192.168.0.7'), env)).verdict).toBe('DROP');
    expect(only(trace(rs('--return-nomatch '), from('10.244.1.1'), env)).verdict).toBe('ACCEPT');
  });

  it('bitmap:port (KUBE-NODE-PORT-TCP, `dst`) matches on the port alone; an empty set never', () => {
    const rs = loadRuleset(`*nat
:PREROUTING ACCEPT [0:0]
-A PREROUTING -p tcp -m set --match-set KUBE-NODE-PORT-TCP dst -j DNAT --to-destination 10.244.0.9:80
COMMIT
`);
    const nodePort = { ...dns, origin: 'external' as const, proto: 'tcp' as const, dst: '192.168.49.2' };
    const empty = only(trace(rs, { ...nodePort, dport: 30080 }, withSets));
    expect(empty.dnat).toBeNull();
    const sets = parseIpset(
      'Name: KUBE-NODE-PORT-TCP\nType: bitmap:port\nHeader: range 0-65535\nMembers:\n30080\n',
    ).result.sets;
    const hit = only(trace(rs, { ...nodePort, dport: 30080 }, { ...withSets, ipsets: sets }));
    expect(hit.dnat).toBe('10.244.0.9:80');
  });
});

import { describe, expect, it } from 'vitest';
import { parseIpset } from '../../src/core/ipset';
import { parseIpvsadm } from '../../src/core/ipvs';
import { loadRuleset } from '../../src/core/testing/load';
import { type Packet, type TraceEnv, type TraceResult, trace } from '../../src/core/trace';
import { readFixture } from '../fixtures';

/**
 * The referee for IPVS tracing: `ip_vs` is not in this machine's kernel, so the kernel suite
 * cannot load an IPVS table. kube-proxy's own tests say what its IPVS mode programs:
 * kubernetes pkg/proxy/ipvs/proxier_test.go, TestNodePortIPv4 — cases "1 UDP service with node
 * port, has endpoints" (virtual servers 10.20.30.41:80 and 100.101.102.103:3001, rr, one real
 * server 10.180.0.1:80 weight 1; ipset KUBE-NODE-PORT-UDP {3001}; KUBE-NODE-PORT: KUBE-MARK-MASQ
 * on KUBE-NODE-PORT-UDP; KUBE-SERVICES: KUBE-MARK-MASQ on KUBE-CLUSTER-IP, KUBE-NODE-PORT, ACCEPT
 * on KUBE-CLUSTER-IP), "1 service with node port, has 2 endpoints" (the same over TCP) and
 * "service has node port but no endpoints" (both virtual servers, no real server). Each case is
 * written here as the three texts a node shows for that state — iptables-save (the fixed rules
 * of proxier.go writeIptablesRules with the chains the test expects), ipset list, ipvsadm -Ln —
 * and traced. The cluster CIDR (10.244.0.0/16, for the `! -s` masquerade rule) is our choice.
 */
const RULES = `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:KUBE-LOAD-BALANCER - [0:0]
:KUBE-MARK-MASQ - [0:0]
:KUBE-NODE-PORT - [0:0]
:KUBE-POSTROUTING - [0:0]
:KUBE-SERVICES - [0:0]
-A PREROUTING -m comment --comment "kubernetes service portals" -j KUBE-SERVICES
-A OUTPUT -m comment --comment "kubernetes service portals" -j KUBE-SERVICES
-A POSTROUTING -m comment --comment "kubernetes postrouting rules" -j KUBE-POSTROUTING
-A KUBE-LOAD-BALANCER -j KUBE-MARK-MASQ
-A KUBE-MARK-MASQ -j MARK --or-mark 0x4000
-A KUBE-NODE-PORT -p udp -m comment --comment "Kubernetes nodeport UDP port for masquerade purpose" -m set --match-set KUBE-NODE-PORT-UDP dst -j KUBE-MARK-MASQ
-A KUBE-NODE-PORT -p tcp -m comment --comment "Kubernetes nodeport TCP port for masquerade purpose" -m set --match-set KUBE-NODE-PORT-TCP dst -j KUBE-MARK-MASQ
-A KUBE-POSTROUTING -m comment --comment "Kubernetes endpoints dst ip:port, source ip for solving hairpin purpose" -m set --match-set KUBE-LOOP-BACK dst,dst,src -j MASQUERADE
-A KUBE-POSTROUTING -m mark ! --mark 0x4000/0x4000 -j RETURN
-A KUBE-POSTROUTING -j MARK --xor-mark 0x4000
-A KUBE-POSTROUTING -m comment --comment "kubernetes service traffic requiring SNAT" -j MASQUERADE --random-fully
-A KUBE-SERVICES ! -s 10.244.0.0/16 -m comment --comment "Kubernetes service cluster ip + port for masquerade purpose" -m set --match-set KUBE-CLUSTER-IP dst,dst -j KUBE-MARK-MASQ
-A KUBE-SERVICES -m addrtype --dst-type LOCAL -j KUBE-NODE-PORT
-A KUBE-SERVICES -m set --match-set KUBE-CLUSTER-IP dst,dst -j ACCEPT
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:KUBE-IPVS-FILTER - [0:0]
:KUBE-NODE-PORT - [0:0]
-A INPUT -m comment --comment "kubernetes ipvs access filter" -j KUBE-IPVS-FILTER
-A INPUT -m comment --comment "kubernetes health check rules" -j KUBE-NODE-PORT
-A KUBE-IPVS-FILTER -m set --match-set KUBE-LOAD-BALANCER dst,dst -j RETURN
-A KUBE-IPVS-FILTER -m set --match-set KUBE-CLUSTER-IP dst,dst -j RETURN
-A KUBE-IPVS-FILTER -m set --match-set KUBE-EXTERNAL-IP dst,dst -j RETURN
-A KUBE-IPVS-FILTER -m set --match-set KUBE-HEALTH-CHECK-NODE-PORT dst -j RETURN
-A KUBE-IPVS-FILTER -m conntrack --ctstate NEW -m set --match-set KUBE-IPVS-IPS dst -j REJECT --reject-with icmp-port-unreachable
-A KUBE-NODE-PORT -m comment --comment "Kubernetes health check node port" -m set --match-set KUBE-HEALTH-CHECK-NODE-PORT dst -j ACCEPT
COMMIT
`;

const sets = (proto: 'tcp' | 'udp') => `Name: KUBE-CLUSTER-IP
Type: hash:ip,port
Header: family inet hashsize 1024 maxelem 65536
Members:
10.20.30.41,${proto}:80

Name: KUBE-IPVS-IPS
Type: hash:ip
Header: family inet hashsize 1024 maxelem 65536
Members:
10.20.30.41

Name: KUBE-NODE-PORT-${proto.toUpperCase()}
Type: bitmap:port
Header: range 0-65535
Members:
3001

Name: KUBE-NODE-PORT-${proto === 'tcp' ? 'UDP' : 'TCP'}
Type: bitmap:port
Header: range 0-65535
Members:

Name: KUBE-LOOP-BACK
Type: hash:ip,port,ip
Header: family inet hashsize 1024 maxelem 65536
Members:

Name: KUBE-LOAD-BALANCER
Type: hash:ip,port
Header: family inet hashsize 1024 maxelem 65536
Members:

Name: KUBE-EXTERNAL-IP
Type: hash:ip,port
Header: family inet hashsize 1024 maxelem 65536
Members:

Name: KUBE-HEALTH-CHECK-NODE-PORT
Type: bitmap:port
Header: range 0-65535
Members:
`;

const table = (proto: 'TCP' | 'UDP', servers: boolean) => `IP Virtual Server version 1.2.1 (size=4096)
Prot LocalAddress:Port Scheduler Flags
  -> RemoteAddress:Port           Forward Weight ActiveConn InActConn
${proto}  10.20.30.41:80 rr
${servers ? '  -> 10.180.0.1:80                Masq    1      0          0\n' : ''}${proto}  100.101.102.103:3001 rr
${servers ? '  -> 10.180.0.1:80                Masq    1      0          0\n' : ''}`;

const ruleset = loadRuleset(RULES);
const env = (proto: 'tcp' | 'udp', servers: boolean, ipvs = true): TraceEnv => ({
  localAddresses: ['100.101.102.103'],
  ipsets: parseIpset(sets(proto)).result.sets,
  ...(ipvs ? { ipvs: parseIpvsadm(table(proto === 'tcp' ? 'TCP' : 'UDP', servers)).result } : {}),
});
const podToClusterIp = (proto: 'tcp' | 'udp'): Packet => ({
  origin: 'pod',
  src: '10.244.1.5',
  dst: '10.20.30.41',
  proto,
  sport: 40000,
  dport: 80,
});
const outsideToNodePort = (proto: 'tcp' | 'udp'): Packet => ({
  origin: 'external',
  src: '192.0.2.7',
  dst: '100.101.102.103',
  proto,
  sport: 40000,
  dport: 3001,
});
const codes = (r: TraceResult) => r.assumptions.map((a) => a.code);
const hooks = (r: TraceResult) => [...new Set(r.outcomes[0]?.path.map((s) => `${s.hook} ${s.table}`))];

describe('kube-proxy IPVS mode (refereed by pkg/proxy/ipvs/proxier_test.go TestNodePortIPv4)', () => {
  for (const proto of ['udp', 'tcp'] as const) {
    describe(
      proto === 'udp'
        ? '"1 UDP service with node port, has endpoints"'
        : '"1 service with node port, has 2 endpoints"',
      () => {
        it('pod → ClusterIP: KUBE-SERVICES accepts, kube-ipvs0 makes it local, IPVS DNATs to the one real server', () => {
          const r = trace(ruleset, podToClusterIp(proto), env(proto, true));
          expect(r.outcomes).toHaveLength(1);
          const o = r.outcomes[0]!;
          expect(o).toMatchObject({
            verdict: 'ACCEPT',
            dnat: '10.180.0.1:80',
            masquerade: false,
            probability: 1,
          });
          expect(o.ipvs).toMatchObject({
            hook: 'INPUT',
            service: `${proto.toUpperCase()} 10.20.30.41:80`,
            server: '10.180.0.1:80',
            forward: 'Masq',
            share: 1,
          });
          // PREROUTING nat → INPUT filter (KUBE-IPVS-FILTER returns: the ClusterIP is in KUBE-CLUSTER-IP)
          // → IPVS → OUTPUT → POSTROUTING nat (KUBE-POSTROUTING returns: no 0x4000 mark).
          expect(hooks(r)).toEqual(['PREROUTING nat', 'INPUT filter', 'POSTROUTING nat']);
          expect(o.path.find((s) => s.chain === 'KUBE-IPVS-FILTER')?.verdict).toBe('return');
          expect(codes(r)).not.toContain('trace/ipset-unknown');
        });

        it('outside → NodePort 3001: KUBE-NODE-PORT marks it (KUBE-NODE-PORT-*), IPVS DNATs, POSTROUTING masquerades', () => {
          const r = trace(ruleset, outsideToNodePort(proto), env(proto, true));
          expect(r.outcomes).toHaveLength(1);
          const o = r.outcomes[0]!;
          expect(o).toMatchObject({ verdict: 'ACCEPT', dnat: '10.180.0.1:80', masquerade: true });
          expect(o.ipvs?.service).toBe(`${proto.toUpperCase()} 100.101.102.103:3001`);
          expect(o.path.map((s) => s.target)).toContain('KUBE-MARK-MASQ');
          expect(o.path.at(-1)).toMatchObject({
            chain: 'KUBE-POSTROUTING',
            verdict: 'MASQUERADE',
            hook: 'POSTROUTING',
          });
        });
      },
    );
  }

  it('"service has node port but no endpoints": IPVS has the virtual servers without real servers → rejected', () => {
    for (const p of [podToClusterIp('tcp'), outsideToNodePort('tcp')]) {
      const r = trace(ruleset, p, env('tcp', false));
      expect(r.outcomes).toHaveLength(1);
      expect(r.outcomes[0]).toMatchObject({ verdict: 'REJECT', dnat: null, ipvs: { server: null } });
      expect(r.outcomes[0]?.ipvs?.scheduling).toContain('has no real server');
    }
  });

  it('without ipvsadm output: the node is said to be in IPVS mode, the ClusterIP is local, no DNAT is invented', () => {
    const r = trace(ruleset, podToClusterIp('tcp'), env('tcp', true, false));
    expect(codes(r)).toContain('trace/ipvs-mode');
    expect(codes(r)).toContain('trace/ipvs-table-missing');
    expect(r.assumptions.find((a) => a.code === 'trace/ipvs-mode')?.message).toContain('IPVS mode');
    const o = r.outcomes[0]!;
    expect(o.delivery).toBe('local');
    expect(o.dnat).toBeNull();
  });

  it('a client on the node (host → ClusterIP): IPVS acts in OUTPUT, after nat OUTPUT; masquerade by mark', () => {
    const host: Packet = { ...podToClusterIp('tcp'), origin: 'host', src: '100.101.102.103' };
    const r = trace(ruleset, host, env('tcp', true));
    const o = r.outcomes[0]!;
    expect(o).toMatchObject({ verdict: 'ACCEPT', dnat: '10.180.0.1:80', masquerade: true, delivery: 'out' });
    expect(o.ipvs?.hook).toBe('OUTPUT');
  });
});

/**
 * Real texts: the IPVS-mode nat rules of a real node (iptables/excerpt-2022-ipvs-nat-grep-kube.txt)
 * with the real `ipvsadm --list -n` and `ipset list` of a minikube node in IPVS mode
 * (ipvs/real-minikube-notes…, ipset/real-minikube-notes…; test/fixtures/PROVENANCE.md). Two nodes'
 * texts put together: the rules are kube-proxy's fixed IPVS rules, the same on both.
 */
describe('real IPVS texts: minikube ipvsadm + ipset, a real IPVS nat table', () => {
  const rules = loadRuleset(readFixture('iptables/excerpt-2022-ipvs-nat-grep-kube.txt'));
  const real: TraceEnv = {
    localAddresses: ['192.168.49.2'],
    ipvs: parseIpvsadm(readFixture('ipvs/real-minikube-notes.ipvsadm-list-n.txt')).result,
    ipsets: parseIpset(readFixture('ipset/real-minikube-notes.ipset-list.txt')).result.sets,
  };
  const toWeb = (src: string): Packet => ({
    origin: 'pod',
    src,
    dst: '10.100.108.207',
    proto: 'tcp',
    sport: 40000,
    dport: 80,
  });

  it('pod → web ClusterIP: three outcomes, one per real server, 1/3 each (rr)', () => {
    const r = trace(rules, toWeb('10.244.0.9'), real);
    expect(r.outcomes.map((o) => [o.dnat, o.probability]).sort()).toEqual([
      ['10.244.0.24:8000', 1 / 3],
      ['10.244.0.25:8000', 1 / 3],
      ['10.244.0.26:8000', 1 / 3],
    ]);
    expect(r.outcomes.every((o) => o.ipvs?.scheduling.startsWith('rr'))).toBe(true);
    expect(codes(r)).not.toContain('trace/ipvs-mode');
  });

  it('hairpin: a web pod reaching its own Service is masqueraded by KUBE-LOOP-BACK (dst,dst,src)', () => {
    const r = trace(rules, toWeb('10.244.0.25'), real);
    const self = r.outcomes.find((o) => o.dnat === '10.244.0.25:8000')!;
    expect(self.masquerade).toBe(true);
    expect(self.path.at(-1)?.line).toBe(
      readFixture('iptables/excerpt-2022-ipvs-nat-grep-kube.txt')
        .split('\n')
        .findIndex((l) => l.includes('KUBE-LOOP-BACK')) + 1,
    );
    const other = r.outcomes.find((o) => o.dnat === '10.244.0.24:8000')!;
    expect(other.path.some((s) => s.target === 'MASQUERADE' && s.line === self.path.at(-1)?.line)).toBe(
      false,
    );
  });
});

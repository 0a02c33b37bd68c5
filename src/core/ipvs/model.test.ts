import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import {
  findFwmarkService,
  findVirtualService,
  isVirtualAddress,
  modelService,
  virtualAddresses,
} from './model';
import { parseIpvsadm } from './parseIpvsadm';

const opsnull = () => parseIpvsadm(readFixture('ipvs/real-opsnull-251.ipvsadm-Ln.txt')).result;

describe('modelService', () => {
  it('states persistence as session affinity (kube-proxy proxier.go: FlagPersistent, Timeout = stickyMaxAgeSeconds)', () => {
    const table = opsnull();
    const api = findVirtualService(table, 'TCP', '10.254.0.1', 443)!;
    const m = modelService(api);
    expect(m.persistence).toContain('same client IP within 10800 s go to the same real server');
    expect(m.scheduling).toContain('172.16.16.81:6443 50%');
    expect(modelService(findVirtualService(table, 'TCP', '10.254.0.2', 53)!).persistence).toBeNull();
  });

  it('Masq is a DNAT; Route and Tunnel are not', () => {
    const masq = modelService(opsnull().services[0]!);
    expect(masq.forwarding.every((f) => f.dnat)).toBe(true);
    const route = modelService(
      parseIpvsadm(readFixture('ipvs/real-keepalived-wrr-route.ipvsadm-ln.txt')).result.services[0]!,
    );
    expect(route.forwarding.map((f) => f.dnat)).toEqual([false, false]);
    expect(route.forwarding[0]!.text).toContain('no DNAT');
    expect(route.persistence).toContain('50 s');
    const tunnel = modelService(
      parseIpvsadm('TCP  10.0.0.1:80 rr\n  -> 10.0.1.1:80   Tunnel  1      0          0\n').result
        .services[0]!,
    );
    expect(tunnel.forwarding[0]).toMatchObject({ dnat: false });
  });

  it('says a service without real servers refuses connections', () => {
    const m = modelService(parseIpvsadm('TCP  10.96.5.5:80 rr\n').result.services[0]!);
    expect(m.choice.kind).toBe('none');
    expect(m.scheduling).toContain('ICMP port unreachable');
  });

  it('describes a hash scheduler by what it depends on', () => {
    const m = modelService(
      parseIpvsadm('TCP  10.96.5.5:80 sh\n  -> 10.0.0.1:80  Masq 1 0 0\n').result.services[0]!,
    );
    expect(m.scheduling).toContain('source address');
  });
});

describe('virtualAddresses and lookups', () => {
  it('lists every VIP once (kube-ipvs0 makes each local), without names or firewall marks', () => {
    expect([...virtualAddresses(opsnull())]).toEqual([
      '10.253.102.0',
      '10.253.102.1',
      '10.254.0.1',
      '10.254.0.2',
      '10.254.9.36',
      '10.254.20.57',
    ]);
    const fwm = parseIpvsadm(readFixture('ipvs/real-docker-fwm.ipvsadm.txt')).result;
    expect(virtualAddresses(fwm).size).toBe(0);
    expect(findFwmarkService(fwm, 259, 'ipv4')?.realServers).toHaveLength(2);
  });

  it('matches protocol, address and port exactly', () => {
    const t = parseIpvsadm(readFixture('ipvs/real-k8s-81477-sctp.ipvsadm-Ln.txt')).result;
    expect(findVirtualService(t, 'UDP', '10.96.0.10', 53)?.key).toBe('UDP 10.96.0.10:53');
    expect(findVirtualService(t, 'TCP', '10.96.0.10', 53)?.key).toBe('TCP 10.96.0.10:53');
    expect(findVirtualService(t, 'SCTP', '10.96.0.10', 53)).toBeNull();
    expect(findVirtualService(t, 'TCP', '10.96.0.1', 80)).toBeNull();
  });

  it('finds an IPv6 service by its canonical address', () => {
    const t = parseIpvsadm('TCP  [fd00:0::1]:443 rr\n  -> [fd00::10]:6443  Masq 1 0 0\n').result;
    expect(findVirtualService(t, 'TCP', 'fd00::1', 443)).not.toBeNull();
    expect([...virtualAddresses(t)]).toEqual(['fd00::1']);
    expect(findVirtualService(t, 'TCP', 'fd00:0:0:0:0:0:0:1', 443)).not.toBeNull();
    expect(isVirtualAddress(t, 'FD00::0001')).toBe(true);
    expect(isVirtualAddress(t, 'fd00::2')).toBe(false);
  });
});

describe("kube-proxy's IPVS test expectations", () => {
  it('TestSessionAffinity: every virtual server of a ClientIP Service has timeout 10800 (DefaultClientIPServiceAffinitySeconds)', () => {
    // pkg/proxy/ipvs/proxier_test.go TestSessionAffinity: NodePort Service 10.20.30.41:80,
    // nodePort 3001, externalIP 50.60.70.81, node IP 100.101.102.103, sessionAffinity ClientIP;
    // it asserts svc.Timeout == 10800 for every IPVS virtual server. This is the listing that
    // state prints as (ipvsadm.c formats), with no endpoints (makeEndpointsMap(fp) is empty).
    const t = parseIpvsadm(
      [
        'TCP  10.20.30.41:80 rr persistent 10800',
        'TCP  50.60.70.81:80 rr persistent 10800',
        'TCP  100.101.102.103:3001 rr persistent 10800',
      ].join('\n'),
    ).result;
    for (const s of t.services) {
      const m = modelService(s);
      expect(s.persistence?.timeout, s.key).toBe(10800);
      expect(m.persistence, s.key).toContain('within 10800 s');
      // No endpoints: IPVS refuses the connection instead of inventing a destination.
      expect(m.choice.kind, s.key).toBe('none');
    }
    expect([...virtualAddresses(t)]).toEqual(['10.20.30.41', '50.60.70.81', '100.101.102.103']);
  });
});

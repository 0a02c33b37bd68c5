import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { lookupIpvs } from './lookup';
import { parseIpvsadm } from './parseIpvsadm';

const minikube = () => parseIpvsadm(readFixture('ipvs/real-minikube-notes.ipvsadm-list-n.txt')).result;

describe('lookupIpvs', () => {
  it('a pod to the web ClusterIP: three DNAT outcomes, 1/3 each (real minikube node)', () => {
    const r = lookupIpvs(minikube(), { family: 'ipv4', protocol: 'tcp', dst: '10.100.108.207', dport: 80 });
    expect(r.kind).toBe('service');
    if (r.kind !== 'service') return;
    expect(r.outcomes.map((o) => [o.dnat, o.share])).toEqual([
      [{ address: '10.244.0.24', port: 8000 }, 1 / 3],
      [{ address: '10.244.0.25', port: 8000 }, 1 / 3],
      [{ address: '10.244.0.26', port: 8000 }, 1 / 3],
    ]);
  });

  it('protocol matters: UDP 53 and TCP 53 are two services; ICMP hits none', () => {
    const t = minikube();
    expect(lookupIpvs(t, { family: 'ipv4', protocol: 'UDP', dst: '10.96.0.10', dport: 53 }).kind).toBe(
      'service',
    );
    expect(lookupIpvs(t, { family: 'ipv4', protocol: 'icmp', dst: '10.96.0.10', dport: 0 }).kind).toBe(
      'no-service',
    );
    expect(lookupIpvs(t, { family: 'ipv4', protocol: 'tcp', dst: '10.96.0.10', dport: 8080 }).kind).toBe(
      'no-service',
    );
  });

  it('firewall-mark services: found by mark, port 0 keeps the packet port', () => {
    const t = parseIpvsadm(readFixture('ipvs/real-docker-fwm.ipvsadm.txt')).result;
    const r = lookupIpvs(t, { family: 'ipv4', protocol: 'tcp', dst: '10.0.0.9', dport: 80, mark: 259 });
    expect(r.kind === 'service' && r.outcomes.map((o) => o.dnat)).toEqual([
      { address: '10.0.0.10', port: 80 },
      { address: '10.0.0.11', port: 80 },
    ]);
  });

  it('Route keeps the VIP (no DNAT); a refused service has no outcome', () => {
    const route = parseIpvsadm(readFixture('ipvs/real-keepalived-wrr-route.ipvsadm-ln.txt')).result;
    const r = lookupIpvs(route, { family: 'ipv4', protocol: 'tcp', dst: '10.232.132.244', dport: 80 });
    expect(r.kind === 'service' && r.outcomes.map((o) => [o.dnat, o.share])).toEqual([
      [null, 0.5],
      [null, 0.5],
    ]);
    const empty = parseIpvsadm('TCP  10.96.9.9:80 rr\n').result;
    const e = lookupIpvs(empty, { family: 'ipv4', protocol: 'tcp', dst: '10.96.9.9', dport: 80 });
    expect(e.kind === 'service' && e.outcomes).toEqual([]);
  });

  it('wlc with one least-loaded server gives it the whole share; a tie gives null shares', () => {
    const one = parseIpvsadm(
      'TCP  10.0.0.1:80 wlc\n  -> 10.1.0.1:80 Masq 1 5 0\n  -> 10.1.0.2:80 Masq 1 0 0\n',
    ).result;
    const r1 = lookupIpvs(one, { family: 'ipv4', protocol: 'tcp', dst: '10.0.0.1', dport: 80 });
    expect(r1.kind === 'service' && r1.outcomes.map((o) => [o.server.address, o.share])).toEqual([
      ['10.1.0.2', 1],
    ]);
    const tie = parseIpvsadm(
      'TCP  10.0.0.1:80 wlc\n  -> 10.1.0.1:80 Masq 1 0 0\n  -> 10.1.0.2:80 Masq 1 0 0\n',
    ).result;
    const r2 = lookupIpvs(tie, { family: 'ipv4', protocol: 'tcp', dst: '10.0.0.1', dport: 80 });
    expect(r2.kind === 'service' && r2.outcomes.map((o) => o.share)).toEqual([null, null]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { parseIpset, testSet } from '../ipset';
import { chooseRealServer } from './choice';
import { virtualAddresses } from './model';
import { parseIpvsadm } from './parseIpvsadm';

/**
 * One real node seen three ways (index id 27550301294: a minikube node in IPVS mode):
 * `ipvsadm --list -n`, `ip addr show kube-ipvs0` (10.96.0.10, 10.96.0.1, 10.100.108.207) and
 * `ipset list`. kube-proxy writes each ClusterIP into the IPVS table, onto kube-ipvs0, into
 * KUBE-IPVS-IPS and (ip,proto:port) into KUBE-CLUSTER-IP (pkg/proxy/ipvs/proxier.go).
 */
describe('a real kube-proxy IPVS node: ipvsadm and ipset agree', () => {
  const ipvs = parseIpvsadm(readFixture('ipvs/real-minikube-notes.ipvsadm-list-n.txt'));
  const sets = parseIpset(readFixture('ipset/real-minikube-notes.ipset-list.txt')).result.sets;
  const set = (name: string) => sets.find((s) => s.name === name)!;

  it('reads the listing with only the prompt skipped', () => {
    expect(ipvs.diagnostics.map((d) => d.code)).toEqual(['ipvs/ignored-text']);
    expect(ipvs.result.services).toHaveLength(5);
  });

  it('the virtual addresses are the kube-ipvs0 addresses and the KUBE-IPVS-IPS members', () => {
    const vips = [...virtualAddresses(ipvs.result)].sort();
    expect(vips).toEqual(['10.100.108.207', '10.96.0.1', '10.96.0.10']);
    expect(
      set('KUBE-IPVS-IPS')
        .members?.map((m) => m.text)
        .sort(),
    ).toEqual(vips);
  });

  it('every virtual service is a KUBE-CLUSTER-IP member (dst,dst), and nothing else is', () => {
    const cip = set('KUBE-CLUSTER-IP');
    for (const s of ipvs.result.services) {
      const packet = {
        family: 'ipv4' as const,
        src: '10.244.0.9',
        dst: s.endpoint!.address!,
        protocol: s.protocol!.toLowerCase(),
        sport: 40000,
        dport: s.endpoint!.port!,
      };
      expect(testSet(cip, ['dst', 'dst'], packet).matched, s.key).toBe(true);
    }
    expect(cip.members).toHaveLength(ipvs.result.services.length);
  });

  it('the web Service spreads new connections 1/3 each over its three pods (rr)', () => {
    const web = ipvs.result.services.find((s) => s.key === 'TCP 10.100.108.207:80')!;
    const c = chooseRealServer(web);
    expect(c.kind === 'shares' && c.shares.map((x) => [x.server.address, x.server.port, x.share])).toEqual([
      ['10.244.0.24', 8000, 1 / 3],
      ['10.244.0.25', 8000, 1 / 3],
      ['10.244.0.26', 8000, 1 / 3],
    ]);
    // Each of the three is also in KUBE-LOOP-BACK for its own hairpin (dst,dst,src).
    const loop = set('KUBE-LOOP-BACK');
    for (const ip of ['10.244.0.24', '10.244.0.25', '10.244.0.26'])
      expect(
        testSet(loop, ['dst', 'dst', 'src'], {
          family: 'ipv4',
          src: ip,
          dst: ip,
          protocol: 'tcp',
          sport: 1,
          dport: 8000,
        }).matched,
      ).toBe(true);
  });
});

describe('the readers never throw and keep spans inside the text (property)', () => {
  const pieces = [
    'TCP  ',
    'UDP  ',
    'FWM  ',
    'SCTP ',
    '  -> ',
    '10.96.0.1:443',
    '[fd00::1]:53',
    ' rr',
    ' wlc',
    ' persistent ',
    '10800',
    ' Masq    1      0          0',
    '\n',
    '...',
    'Name: ',
    'Type: hash:ip,port',
    'Members:',
    '10.0.0.1,tcp:80',
    'create x hash:ip',
    'add x 1.2.3.4',
    ' comment "',
    '"',
    ' ',
  ];
  const text = fc
    .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 8 })), { maxLength: 60 })
    .map((a) => a.join(''));
  it('parseIpvsadm and parseIpset', () => {
    fc.assert(
      fc.property(text, (t) => {
        for (const d of [...parseIpvsadm(t).diagnostics, ...parseIpset(t).diagnostics]) {
          expect(d.span.start).toBeGreaterThanOrEqual(0);
          expect(d.span.end).toBeLessThanOrEqual(t.length);
          expect(d.span.start).toBeLessThanOrEqual(d.span.end);
        }
      }),
      { numRuns: 300 },
    );
  });
});

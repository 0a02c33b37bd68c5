import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { parseKubectl } from '../kubectl';
import { fixtureRuleset, webRuleset } from '../testing/inputs.node';
import { findServiceGroups, indexServiceGroups } from './serviceGroups';

const kubectl = (text: string) => parseKubectl(text).result;

describe('Service ports without endpoints (filter REJECT only)', () => {
  it('finds kube-dns in the real 2018 kubeadm dump, whose nat table has no chain for it', () => {
    const groups = indexServiceGroups(fixtureRuleset('real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt'));
    const dns = groups.filter((g) => g.service === 'kube-system/kube-dns');
    expect(dns.map((g) => g.label).sort()).toEqual([
      'kube-system/kube-dns:dns',
      'kube-system/kube-dns:dns-tcp',
    ]);
    for (const g of dns) {
      expect(g).toMatchObject({ noEndpoints: true, source: 'rules', chains: [], endpoints: [] });
      expect(g.targets).toEqual([expect.objectContaining({ kind: 'clusterIP', ip: '10.96.0.10', port: 53 })]);
    }
    expect(dns.find((g) => g.label?.endsWith(':dns'))!.targets[0]!.proto).toBe('udp');
    expect(findServiceGroups(groups, 'kube-dns')).toHaveLength(2);
  });

  it('finds ns6/svc6 in the overall fixture and leaves ETP-Local "no local endpoints" ports alone', () => {
    const groups = indexServiceGroups(fixtureRuleset('k8s-overall-rules.iptables-save.txt'));
    const svc6 = groups.find((g) => g.label === 'ns6/svc6:p80')!;
    expect(svc6).toMatchObject({ key: 'noep:ns6/svc6:p80', noEndpoints: true, service: 'ns6/svc6' });
    expect(svc6.targets).toEqual([
      expect.objectContaining({ kind: 'clusterIP', ip: '172.30.0.46', port: 80 }),
    ]);
    const svc2 = groups.filter((g) => g.label === 'ns2/svc2:p80');
    expect(svc2).toHaveLength(1);
    expect(svc2[0]!.noEndpoints).toBe(false);
    expect(findServiceGroups(groups, '172.30.0.46')).toEqual(['noep:ns6/svc6:p80']);
  });

  it('reads kube-proxy’s own restore input too (no /32, -m tcp before -p)', () => {
    const groups = indexServiceGroups(fixtureRuleset('k8s-no-endpoints-reject-partial.txt'));
    expect(groups.find((g) => g.label === 'ns4/svc4:p80')).toMatchObject({ noEndpoints: true });
  });
});

describe('Service ports only kubectl knows', () => {
  it('adds none when the dump implements every kubectl Service (web example)', () => {
    const text = readFixture('../../src/ui/examples/webNode.kubectl.txt');
    expect(indexServiceGroups(webRuleset(), kubectl(text))).toHaveLength(5);
  });

  it('adds the Services of another cluster, with their addresses and kubectl endpoints', () => {
    const k = kubectl(readFixture('kubectl/overall-get-svc-ep-A.txt'));
    const groups = indexServiceGroups(webRuleset(), k);
    const only = groups.filter((g) => g.source === 'kubectl');
    expect(only.map((g) => g.label)).toEqual([
      'ns1/svc1:80',
      'ns2/svc2:80',
      'ns3/svc3:80',
      'ns4/svc4:80',
      'ns5/svc5:80',
      'ns6/svc6:80',
    ]);
    const svc3 = only.find((g) => g.service === 'ns3/svc3')!;
    expect(svc3.targets.map((t) => [t.kind, t.ip, t.port, t.line])).toEqual([
      ['clusterIP', '172.30.0.43', 80, 0],
      ['nodePort', null, 3003, 0],
    ]);
    expect(svc3.endpoints).toEqual(['10.180.0.3:80']);
    expect(only.find((g) => g.service === 'ns6/svc6')!.noEndpoints).toBe(true);
    expect(findServiceGroups(groups, 'svc4')).toEqual(['kubectl:ns4/svc4:80/tcp']);
  });

  it('matches kubectl Services to the dump’s by cluster IP when the table hides port names', () => {
    const k = kubectl(readFixture('kubectl/overall-get-svc-ep-A.txt'));
    const groups = indexServiceGroups(fixtureRuleset('k8s-overall-rules.iptables-save.txt'), k);
    expect(groups.filter((g) => g.source === 'kubectl')).toEqual([]);
  });
});

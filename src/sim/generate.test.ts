import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures';
import { generateIptablesSave } from './generate';
import { overallClusterSpec } from './overallSpec';
import { sortRestoreInput } from './sortRestoreInput';
import { type ClusterSpec, readyEndpoint, serviceSpec } from './spec';

const SAVE_HEADER = { program: 'iptables-save v1.8.7', date: 'Mon Jan  6 12:00:00 2025' };

function restoreForTest(spec: ClusterSpec): string {
  // kube-proxy's unit tests use the mark literal "0x4000" and sort the output.
  return sortRestoreInput(generateIptablesSave(spec, { flavour: 'restore-input', markText: '0x4000' }));
}

describe('generateIptablesSave against kube-proxy unit-test expectations', () => {
  it('TestOverallIPTablesRules: restore input is byte-identical to the upstream dump', () => {
    expect(restoreForTest(overallClusterSpec())).toBe(readFixture('iptables/k8s-overall-rules.txt'));
  });

  it('TestOverallIPTablesRules: iptables-save flavour equals the derived iptables-save fixture', () => {
    const text = generateIptablesSave(overallClusterSpec(), {
      flavour: 'iptables-save',
      header: SAVE_HEADER,
    });
    expect(text).toBe(readFixture('iptables/k8s-overall-rules.iptables-save.txt'));
  });

  it('TestSyncProxyRulesRepeated: two ClusterIP Services', () => {
    const spec: ClusterSpec = {
      ...overallClusterSpec(),
      services: [
        serviceSpec({
          namespace: 'ns1',
          name: 'svc1',
          clusterIP: '172.30.0.41',
          ports: [{ name: 'p80', port: 80, protocol: 'TCP', nodePort: null, targetPort: 80 }],
          endpoints: [readyEndpoint('10.0.1.1', 'node-b')],
        }),
        serviceSpec({
          namespace: 'ns2',
          name: 'svc2',
          clusterIP: '172.30.0.42',
          ports: [{ name: 'p8080', port: 8080, protocol: 'TCP', nodePort: null, targetPort: 8080 }],
          endpoints: [readyEndpoint('10.0.2.1', 'node-b')],
        }),
      ],
    };
    expect(restoreForTest(spec)).toBe(readFixture('iptables/k8s-clusterip-two-services.txt'));
  });

  it('TestBadIPs: LoadBalancer with source range, external IP and NodePort', () => {
    const spec: ClusterSpec = {
      ...overallClusterSpec(),
      services: [
        serviceSpec({
          namespace: 'ns1',
          name: 'svc1',
          type: 'LoadBalancer',
          clusterIP: '172.30.0.41',
          ports: [{ name: 'p80', port: 80, protocol: 'TCP', nodePort: 3001, targetPort: 80 }],
          externalIPs: ['192.168.99.22'],
          loadBalancerIPs: ['1.2.3.4'],
          loadBalancerSourceRanges: ['203.0.113.0/25'],
          endpoints: [readyEndpoint('10.180.0.1', 'node-b')],
        }),
      ],
    };
    expect(restoreForTest(spec)).toBe(readFixture('iptables/k8s-lb-source-ranges-externalip-nodeport.txt'));
  });
});

describe('generateIptablesSave shapes', () => {
  const base = overallClusterSpec();

  it('writes the real kube-proxy mark text and no nfacct when the spec disables it', () => {
    const text = generateIptablesSave({ ...base, nfacct: false }, { flavour: 'restore-input' });
    expect(text).toContain('-A KUBE-MARK-MASQ -j MARK --or-mark 0x00004000');
    expect(text).not.toContain('nfacct');
    expect(text.startsWith('*filter\n')).toBe(true);
    expect(text.endsWith('COMMIT\n')).toBe(true);
  });

  it('excludes localhost from NodePorts and drops KUBE-FIREWALL without localhostNodePorts', () => {
    const text = generateIptablesSave({ ...base, localhostNodePorts: false }, { flavour: 'iptables-save' });
    expect(text).toContain('-A KUBE-SERVICES ! -d 127.0.0.0/8 -m comment --comment');
    expect(text).not.toContain('KUBE-FIREWALL ');
    expect(text).not.toContain('127.0.0.0/8 -p tcp');
  });

  it('drops per-endpoint comments in large-cluster mode and adds --random-fully', () => {
    const text = generateIptablesSave(
      { ...base, randomFully: true },
      { flavour: 'restore-input', largeClusterMode: true },
    );
    expect(text).toContain('-A KUBE-SEP-C6EBXVWJJZMIWKLZ -s 10.180.0.5 -j KUBE-MARK-MASQ');
    expect(text).toContain(
      '-A KUBE-SVC-4SW47YFZTEDKD3PK -m statistic --mode random --probability 0.5000000000 -j',
    );
    expect(text).toContain('-j MASQUERADE --random-fully');
  });

  it('eTP Local with a local endpoint writes a KUBE-SVL chain and no DROP', () => {
    const svc = base.services[1]!;
    const spec = { ...base, services: [{ ...svc, endpoints: [readyEndpoint('10.180.0.9', 'test-node')] }] };
    const text = generateIptablesSave(spec, { flavour: 'restore-input' });
    expect(text).toContain(':KUBE-SVL-GNZBNJ2PO5MGZ6GT - [0:0]');
    expect(text).toContain('-A KUBE-EXT-GNZBNJ2PO5MGZ6GT -j KUBE-SVL-GNZBNJ2PO5MGZ6GT');
    expect(text).not.toContain('has no local endpoints');
  });

  it('falls back to serving+terminating endpoints when none is ready', () => {
    const svc = base.services[0]!;
    const terminating = { ...readyEndpoint('10.180.0.7', 'node-b'), ready: false, terminating: true };
    const notServing = { ...terminating, ip: '10.180.0.8', serving: false };
    const text = generateIptablesSave(
      { ...base, services: [{ ...svc, endpoints: [terminating, notServing] }] },
      { flavour: 'restore-input' },
    );
    expect(text).toContain('--to-destination 10.180.0.7:80');
    expect(text).not.toContain('10.180.0.8');
  });
});

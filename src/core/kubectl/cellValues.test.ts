import { describe, expect, it } from 'vitest';
import { isHostname, isIPv4, isIPv6 } from './addresses';
import { readClusterIpCell, readExternalIpCell, readPortsCell, splitHostPort, splitMore } from './cellValues';
import { DiagnosticSink } from './codes';
import type { Cell } from './tableCells';

/** A cell as if it started at offset 100 of some text. */
const cell = (text: string): Cell => ({ text, start: 100, end: 100 + text.length });

describe('PORT(S)', () => {
  it('reads port[:nodePort]/PROTO lists', () => {
    const sink = new DiagnosticSink();
    expect(
      readPortsCell(cell('80:31947/TCP,443:30443/TCP'), sink).map((p) => [p.port, p.nodePort, p.protocol]),
    ).toEqual([
      [80, 31947, 'TCP'],
      [443, 30443, 'TCP'],
    ]);
    expect(readPortsCell(cell('5432/TCP'), sink)[0]).toEqual({
      name: null,
      port: 5432,
      nodePort: null,
      protocol: 'TCP',
      targetPort: null,
    });
    expect(readPortsCell(cell('8081:30081/UDP'), sink)[0]?.protocol).toBe('UDP');
    expect(readPortsCell(cell('<none>'), sink)).toEqual([]);
    expect(sink.diagnostics).toEqual([]);
  });

  it('reports a bad item at its own offsets and keeps the others', () => {
    const sink = new DiagnosticSink();
    const ports = readPortsCell(cell('80/TCP,99999/TCP,53/UDP'), sink);
    expect(ports.map((p) => p.port)).toEqual([80, 53]);
    expect(sink.diagnostics.map((d) => [d.code, d.span])).toEqual([
      ['kubectl/bad-port', { start: 107, end: 116 }],
    ]);
  });
});

describe('CLUSTER-IP and EXTERNAL-IP', () => {
  it('headless None and <none> give no cluster IP', () => {
    const sink = new DiagnosticSink();
    expect(readClusterIpCell(cell('None'), sink)).toEqual([]);
    expect(readClusterIpCell(cell('<none>'), sink)).toEqual([]);
    expect(readClusterIpCell(cell('fd00::1'), sink)).toEqual(['fd00::1']);
  });

  it('LoadBalancer IPs vs externalIPs vs hostnames, <pending>, clipped', () => {
    const sink = new DiagnosticSink();
    expect(readExternalIpCell(cell('1.2.3.4,192.168.99.22'), 'LoadBalancer', sink).loadBalancerIPs).toEqual([
      '1.2.3.4',
      '192.168.99.22',
    ]);
    expect(readExternalIpCell(cell('192.168.99.33'), 'ClusterIP', sink).externalIPs).toEqual([
      '192.168.99.33',
    ]);
    expect(readExternalIpCell(cell('<pending>'), 'LoadBalancer', sink).loadBalancerIPs).toEqual([]);
    expect(readExternalIpCell(cell('db.example.com'), 'ExternalName', sink).externalNames).toEqual([
      'db.example.com',
    ]);
    expect(sink.diagnostics).toEqual([]);
    const clipped = readExternalIpCell(cell('a1b2c3d4e5f6a...,10.0.0.9'), 'LoadBalancer', sink);
    expect(clipped).toEqual({
      externalIPs: [],
      loadBalancerIPs: ['10.0.0.9'],
      externalNames: [],
      externalTruncated: true,
    });
    expect(sink.diagnostics.map((d) => d.code)).toEqual(['kubectl/external-ip-truncated']);
  });
});

describe('ENDPOINTS', () => {
  it('splits + N more... and host:port pairs (IPv6 bracketed by net.JoinHostPort)', () => {
    expect(splitMore(cell('10.0.0.1:80 + 3 more...'))).toEqual({
      list: { text: '10.0.0.1:80', start: 100, end: 111 },
      hidden: 3,
    });
    expect(splitMore(cell('10.0.0.1:80')).hidden).toBeNull();
    expect(splitHostPort('10.244.1.12:8080')).toEqual({ ip: '10.244.1.12', port: 8080 });
    expect(splitHostPort('[2001:db8::1]:443')).toEqual({ ip: '2001:db8::1', port: 443 });
    expect(splitHostPort('2001:db8::1:443')).toBeNull();
    expect(splitHostPort('10.0.0.1')).toBeNull();
    expect(splitHostPort('10.0.0.1:0')).toBeNull();
  });
});

describe('address shapes', () => {
  it('IPv4, IPv6, hostnames', () => {
    expect(['10.0.0.1', '255.255.255.255'].every(isIPv4)).toBe(true);
    expect(['10.0.0.256', '10.0.0', '1.2.3.4.5', 'a.b.c.d'].some(isIPv4)).toBe(false);
    expect(['::1', '2001:db8::1', 'fe80::1:2:3:4', '::ffff:10.0.0.1', '1:2:3:4:5:6:7:8'].every(isIPv6)).toBe(
      true,
    );
    expect(['1::2::3', '12345::1', '1:2:3:4:5:6:7:8:9', 'abc'].some(isIPv6)).toBe(false);
    expect(isHostname('a1b2-1234567890.us-east-1.elb.amazonaws.com')).toBe(true);
    expect(isHostname('10.0.0.1')).toBe(false);
    expect(isHostname('<none>')).toBe(false);
  });
});

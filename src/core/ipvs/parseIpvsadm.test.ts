import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, readFixture } from '../../../test/fixtures';
import { parseIpvsadm } from './parseIpvsadm';

describe('parseIpvsadm on real pastes (test/fixtures/ipvs)', () => {
  it('reads the opsnull -L -n paste: 7 services, persistence, no false alarm', () => {
    const text = readFixture('ipvs/real-opsnull-251.ipvsadm-Ln.txt');
    const { result, diagnostics } = parseIpvsadm(text);
    expect(result.version).toBe('1.2.1');
    expect(result.connTableSize).toBe(4096);
    expect(result.listing).toBe('list');
    expect(result.services.map((s) => s.key)).toEqual([
      'TCP 10.253.102.0:32429',
      'TCP 10.253.102.0:32767',
      'TCP 10.253.102.1:32767',
      'TCP 10.254.0.1:443',
      'TCP 10.254.0.2:53',
      'TCP 10.254.9.36:443',
      'TCP 10.254.20.57:1',
    ]);
    const api = result.services[3]!;
    expect(api.scheduler).toBe('rr');
    expect(api.persistence).toEqual({ timeout: 10800, mask: null });
    expect(api.realServers.map((r) => [r.address, r.port, r.forward, r.weight])).toEqual([
      ['172.16.16.81', 6443, 'Masq', 1],
      ['172.16.16.82', 6443, 'Masq', 1],
    ]);
    // The prompt line is the only thing skipped.
    expect(diagnostics.map((d) => d.code)).toEqual(['ipvs/ignored-text']);
    expect(text.slice(diagnostics[0]!.span.start, diagnostics[0]!.span.end)).toBe(
      '[root@vm01 ~]# ipvsadm -L -n',
    );
  });

  it('reads SCTP and UDP services and the ActiveConn column (kubernetes#81477)', () => {
    const { result } = parseIpvsadm(readFixture('ipvs/real-k8s-81477-sctp.ipvsadm-Ln.txt'));
    expect(result.services.map((s) => s.protocol)).toEqual([
      'TCP',
      'TCP',
      'TCP',
      'TCP',
      'UDP',
      'SCTP',
      'SCTP',
    ]);
    expect(result.services[0]!.realServers[0]).toMatchObject({
      address: '192.168.56.105',
      activeConns: 3,
      inactConns: 0,
    });
    expect(result.services[5]!.endpoint).toEqual({
      family: 'ipv4',
      address: '10.0.2.15',
      port: 31514,
      name: null,
    });
  });

  it('points each service and real server at its own line', () => {
    const text = readFixture('ipvs/real-k8s-81477-sctp.ipvsadm-Ln.txt');
    const svc = parseIpvsadm(text).result.services[4]!;
    expect(text.slice(svc.span.start, svc.span.end)).toBe('UDP  10.96.0.10:53 rr');
    const rs = svc.realServers[1]!;
    expect(text.slice(rs.span.start, rs.span.end)).toBe(
      '-> 20.20.210.4:53               Masq    1      0          0',
    );
  });

  it('reads firewall-mark services and warns about names (Docker swarm paste)', () => {
    const { result, diagnostics } = parseIpvsadm(readFixture('ipvs/real-docker-fwm.ipvsadm.txt'));
    expect(result.services.map((s) => [s.key, s.fwmark, s.protocol])).toEqual([
      ['FWM 258', 258, null],
      ['FWM 259', 259, null],
    ]);
    expect(result.services[0]!.realServers[0]).toMatchObject({ address: null, name: 'node2:0', port: 0 });
    expect(diagnostics.filter((d) => d.code === 'ipvs/not-numeric')).toHaveLength(1);
  });

  it('reads Route servers with weights 1/2/3 even when the "->" lines are not indented', () => {
    const { result, diagnostics } = parseIpvsadm(
      readFixture('ipvs/real-ldirectord-wrr-weights.ipvsadm-ln.txt'),
    );
    const svc = result.services[0]!;
    expect(svc.scheduler).toBe('wrr');
    expect(svc.realServers.map((r) => [r.forward, r.weight])).toEqual([
      ['Route', 1],
      ['Route', 2],
      ['Route', 3],
    ]);
    expect(diagnostics.map((d) => d.code)).toEqual(['ipvs/ignored-text']);
  });

  it('says that "..." leaves services out (kubernetes/website#8652)', () => {
    const { result, diagnostics } = parseIpvsadm(readFixture('ipvs/real-website-8652-elided.ipvsadm-ln.txt'));
    expect(result.services).toHaveLength(1);
    expect(diagnostics.filter((d) => d.code === 'ipvs/elided-lines')).toHaveLength(2);
    expect(diagnostics.some((d) => d.severity === 'error')).toBe(false);
  });

  it('keeps services with port names but warns that they cannot be matched (kube-router#415)', () => {
    const { result, diagnostics } = parseIpvsadm(
      readFixture('ipvs/real-kube-router-415-names.ipvsadm-L.txt'),
    );
    expect(result.services).toHaveLength(3);
    expect(result.services[0]!.endpoint).toMatchObject({
      address: '100.64.134.163',
      port: null,
      name: '100.64.134.163:http',
    });
    expect(result.services[1]!.realServers[0]!.port).toBeNull();
    expect(diagnostics.filter((d) => d.code === 'ipvs/not-numeric')).toHaveLength(6);
    expect(diagnostics.some((d) => d.code === 'ipvs/no-header')).toBe(true);
  });

  it('reads --stats counters (kube-router#160)', () => {
    const { result, diagnostics } = parseIpvsadm(
      readFixture('ipvs/real-kube-router-160.ipvsadm-ln-stats.txt'),
    );
    expect(result.listing).toBe('stats');
    const web = result.services[2]!;
    expect(web.scheduler).toBeNull();
    expect(web.counters).toEqual({
      conns: 14209,
      inPkts: 111769,
      outPkts: 74613,
      inBytes: 7207174,
      outBytes: 8334358,
    });
    expect(web.realServers).toHaveLength(8);
    expect(web.realServers[3]!.counters).toMatchObject({ conns: 3, inBytes: 1161 });
    expect(web.realServers[3]!.weight).toBeNull();
    expect(diagnostics).toEqual([]);
  });

  it('reads every fixture without an error', () => {
    for (const f of readdirSync(fixturePath('ipvs'))) {
      const { result, diagnostics } = parseIpvsadm(readFixture(`ipvs/${f}`));
      expect(result.services.length, f).toBeGreaterThan(0);
      expect(
        diagnostics.filter((d) => d.severity === 'error'),
        f,
      ).toEqual([]);
    }
  });
});

describe('parseIpvsadm on composed text (ipvsadm.c print formats)', () => {
  it('reads IPv6 virtual services in brackets and compresses the address', () => {
    const text = [
      'TCP  [fd00:0:0:0::1]:443 rr',
      '  -> [fd00:10:244::5]:6443        Masq    1      0          0',
      'UDP  [fd00::a]:53 rr',
    ].join('\n');
    const { result } = parseIpvsadm(text);
    expect(result.services[0]!.endpoint).toEqual({
      family: 'ipv6',
      address: 'fd00::1',
      port: 443,
      name: null,
    });
    expect(result.services[0]!.realServers[0]).toMatchObject({
      family: 'ipv6',
      address: 'fd00:10:244::5',
      port: 6443,
    });
    expect(result.services[1]!.family).toBe('ipv6');
  });

  it('reads scheduler flags, mask, pe and ops', () => {
    const { result, diagnostics } = parseIpvsadm(
      'UDP  10.0.0.1:53 sh (sh-fallback,sh-port) persistent 60 mask 255.255.255.0 pe sip ops\n',
    );
    expect(result.services[0]).toMatchObject({
      scheduler: 'sh',
      schedFlags: ['sh-fallback', 'sh-port'],
      persistence: { timeout: 60, mask: '255.255.255.0' },
      persistenceEngine: 'sip',
      onePacket: true,
    });
    expect(diagnostics.map((d) => d.code)).toEqual(['ipvs/no-header']);
  });

  it('reads --persistent-conn and --rate columns by their header', () => {
    const pc = parseIpvsadm(
      [
        'Prot LocalAddress:Port            Weight    PersistConn ActiveConn InActConn',
        '  -> RemoteAddress:Port',
        'TCP  10.96.0.1:443 rr persistent 10800',
        '  -> 192.168.1.1:6443             1         4           2          7',
      ].join('\n'),
    ).result;
    expect(pc.listing).toBe('persistent-conn');
    expect(pc.services[0]!.realServers[0]).toMatchObject({
      weight: 1,
      persistConns: 4,
      activeConns: 2,
      inactConns: 7,
    });
    const rate = parseIpvsadm(
      [
        'Prot LocalAddress:Port                 CPS    InPPS   OutPPS    InBPS   OutBPS',
        '  -> RemoteAddress:Port',
        'TCP  10.96.0.1:443                       1       12       10     1K     2M',
      ].join('\n'),
    ).result;
    expect(rate.services[0]!.counters).toEqual({
      cps: 1,
      inPps: 12,
      outPps: 10,
      inBps: 1000,
      outBps: 2000000,
    });
  });

  it('skips an -Lnc connection listing', () => {
    const { result, diagnostics } = parseIpvsadm(
      [
        'IPVS connection entries',
        'pro expire state       source             virtual            destination',
        'TCP 14:58  ESTABLISHED 10.244.1.3:51234   10.96.0.1:443      192.168.1.1:6443',
      ].join('\n'),
    );
    expect(result.services).toEqual([]);
    expect(diagnostics.map((d) => d.code)).toEqual(['ipvs/connection-listing', 'ipvs/not-ipvsadm']);
  });

  it('never throws on arbitrary text', () => {
    for (const t of [
      '',
      '->',
      'TCP',
      'FWM x rr',
      'TCP [::1',
      'TCP 1.2.3.4:99999 rr',
      '\u0000\r\n\r\n',
      'UDP  a:b:c rr',
    ])
      expect(() => parseIpvsadm(t)).not.toThrow();
  });
});

describe('parseIpvsadm on the rule format (ipvsadm -S -n, or the commands pasted)', () => {
  it('reads -A/-a lines with ipvsadm(8) defaults: wlc, -g, weight 1, -p 300', () => {
    const text = [
      '-A -t 10.96.0.1:443 -s rr -p 10800',
      '-a -t 10.96.0.1:443 -r 192.168.1.1:6443 -m -w 1',
      '-A -u 10.96.0.10:53',
      '-a -u 10.96.0.10:53 -r 10.244.0.2:53',
      '-A -f 258 -s sh -b sh-port -p',
      '-a -f 258 -r 10.0.0.10:0 -i -w 3',
    ].join('\n');
    const { result, diagnostics } = parseIpvsadm(text);
    expect(diagnostics).toEqual([]);
    expect(result.listing).toBe('rules');
    expect(result.services.map((s) => [s.key, s.scheduler, s.persistence?.timeout ?? null])).toEqual([
      ['TCP 10.96.0.1:443', 'rr', 10800],
      ['UDP 10.96.0.10:53', 'wlc', null],
      ['FWM 258', 'sh', 300],
    ]);
    expect(result.services[2]!.schedFlags).toEqual(['sh-port']);
    expect(result.services.map((s) => s.realServers.map((r) => [r.address, r.forward, r.weight]))).toEqual([
      [['192.168.1.1', 'Masq', 1]],
      [['10.244.0.2', 'Route', 1]],
      [['10.0.0.10', 'Tunnel', 3]],
    ]);
  });

  it('reads the commands as posted, with the ipvsadm word and # comments (kube-proxy explainers)', () => {
    const { result } = parseIpvsadm(
      [
        '# IPVS virtual server configuration',
        'ipvsadm -A -t 10.96.0.1:443 -s rr  # Round-robin scheduling',
        'ipvsadm -a -t 10.96.0.1:443 -r 192.168.1.10:8080 -m  # Real server 1',
        'ipvsadm -a -t 10.96.0.1:443 -r 192.168.1.11:8080 -m  # Real server 2',
      ].join('\n'),
    );
    expect(result.services[0]!.realServers.map((r) => r.address)).toEqual(['192.168.1.10', '192.168.1.11']);
  });

  it('reports a real server whose service was not added first', () => {
    const { diagnostics } = parseIpvsadm('-a -t 10.96.0.1:443 -r 192.168.1.1:6443 -m -w 1\n');
    expect(diagnostics.map((d) => d.code)).toContain('ipvs/orphan-real-server');
  });
});

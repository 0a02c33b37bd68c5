import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { chooseRealServer } from './choice';
import { formatEndpoint } from './endpoint';
import { parseIpvsadm } from './parseIpvsadm';
import type { VirtualService } from './types';

/** A one-service listing: `servers` are `[rip:port, weight, active, inactive]`. */
function service(scheduler: string, servers: [string, number, number, number][]): VirtualService {
  const lines = [
    `TCP  10.96.0.10:80 ${scheduler}`,
    ...servers.map(([a, w, ac, ia]) => `  -> ${a.padEnd(28)} Masq    ${w}      ${ac}          ${ia}`),
  ];
  return parseIpvsadm(lines.join('\n')).result.services[0]!;
}

const names = (
  list: readonly {
    address: string | null;
    port: number | null;
    family: 'ipv4' | 'ipv6';
    name: string | null;
  }[],
) => list.map((s) => formatEndpoint(s));

describe('chooseRealServer: rr and wrr give exact shares of new connections', () => {
  it('rr: equal shares among weight > 0; weight does not scale rr (ip_vs_rr.c)', () => {
    const c = chooseRealServer(
      service('rr', [
        ['10.0.0.1:80', 1, 0, 0],
        ['10.0.0.2:80', 5, 0, 0],
        ['10.0.0.3:80', 0, 9, 0],
      ]),
    );
    expect(c.kind).toBe('shares');
    if (c.kind !== 'shares') return;
    expect(c.shares.map((s) => [formatEndpoint(s.server), s.share])).toEqual([
      ['10.0.0.1:80', 0.5],
      ['10.0.0.2:80', 0.5],
    ]);
  });

  it('wrr: shares by weight (ldirectord paste, weights 1/2/3)', () => {
    const svc = parseIpvsadm(readFixture('ipvs/real-ldirectord-wrr-weights.ipvsadm-ln.txt')).result
      .services[0]!;
    const c = chooseRealServer(svc);
    if (c.kind !== 'shares') throw new Error(c.kind);
    expect(c.shares.map((s) => s.share)).toEqual([1 / 6, 2 / 6, 3 / 6]);
    expect(c.shares.reduce((t, s) => t + s.share, 0)).toBeCloseTo(1, 12);
  });

  it('kube-proxy rr with weight 1 endpoints: 1/n each (opsnull paste, four pods)', () => {
    const svc = parseIpvsadm(readFixture('ipvs/real-opsnull-251.ipvsadm-Ln.txt')).result.services[0]!;
    const c = chooseRealServer(svc);
    if (c.kind !== 'shares') throw new Error(c.kind);
    expect(c.shares.map((s) => s.share)).toEqual([0.25, 0.25, 0.25, 0.25]);
  });

  it('no real server, or every weight 0 (all terminating): the connection is refused', () => {
    expect(chooseRealServer(service('rr', []))).toEqual({ kind: 'none', reason: 'no-real-servers' });
    expect(chooseRealServer(service('wrr', [['10.0.0.1:80', 0, 3, 1]]))).toEqual({
      kind: 'none',
      reason: 'all-weight-zero',
    });
  });
});

describe('chooseRealServer: connection-count schedulers on the listed counters', () => {
  it('lc: lowest ActiveConn*256 + InActConn (ip_vs_dest_conn_overhead)', () => {
    // 1 active (256) loses to 200 inactive (200).
    const c = chooseRealServer(
      service('lc', [
        ['10.0.0.1:80', 1, 1, 0],
        ['10.0.0.2:80', 1, 0, 200],
      ]),
    );
    expect(c.kind === 'pick-now' && names(c.candidates)).toEqual(['10.0.0.2:80']);
  });

  it('wlc: overhead compared against weight (ip_vs_wlc.c)', () => {
    // overheads 512 and 768; weights 1 and 3 → 512/1 > 768/3, so the heavier-weighted one wins.
    const c = chooseRealServer(
      service('wlc', [
        ['10.0.0.1:80', 1, 2, 0],
        ['10.0.0.2:80', 3, 3, 0],
      ]),
    );
    expect(c.kind === 'pick-now' && names(c.candidates)).toEqual(['10.0.0.2:80']);
  });

  it('wlc on a tie names every tied server (ipvsadm sorts, so list order is unknown)', () => {
    const c = chooseRealServer(
      service('wlc', [
        ['10.0.0.1:80', 1, 0, 0],
        ['10.0.0.2:80', 1, 0, 0],
      ]),
    );
    expect(c.kind === 'pick-now' && names(c.candidates)).toEqual(['10.0.0.1:80', '10.0.0.2:80']);
  });

  it('wlc on the kubernetes#81477 node: 3 active connections on the only apiserver', () => {
    const svc = parseIpvsadm(readFixture('ipvs/real-k8s-81477-sctp.ipvsadm-Ln.txt')).result.services[0]!;
    const c = chooseRealServer({ ...svc, scheduler: 'wlc' });
    expect(c.kind === 'pick-now' && names(c.candidates)).toEqual(['192.168.56.105:6443']);
  });

  it('sed uses (ActiveConn + 1) / Weight; nq prefers an idle server', () => {
    const servers: [string, number, number, number][] = [
      ['10.0.0.1:80', 1, 0, 50],
      ['10.0.0.2:80', 4, 2, 0],
    ];
    const sed = chooseRealServer(service('sed', servers)); // 1/1 vs 3/4
    expect(sed.kind === 'pick-now' && names(sed.candidates)).toEqual(['10.0.0.2:80']);
    const nq = chooseRealServer(service('nq', servers)); // 10.0.0.1 has no active connection
    expect(nq.kind === 'pick-now' && names(nq.candidates)).toEqual(['10.0.0.1:80']);
  });

  it('fo picks the highest weight; ovf the highest weight whose ActiveConn does not exceed it', () => {
    const servers: [string, number, number, number][] = [
      ['10.0.0.1:80', 5, 6, 0],
      ['10.0.0.2:80', 2, 1, 0],
    ];
    const fo = chooseRealServer(service('fo', servers));
    expect(fo.kind === 'pick-now' && names(fo.candidates)).toEqual(['10.0.0.1:80']);
    const ovf = chooseRealServer(service('ovf', servers));
    expect(ovf.kind === 'pick-now' && names(ovf.candidates)).toEqual(['10.0.0.2:80']);
    expect(chooseRealServer(service('ovf', [['10.0.0.1:80', 1, 2, 0]]))).toEqual({
      kind: 'none',
      reason: 'all-full',
    });
    const atWeight = chooseRealServer(service('ovf', [['10.0.0.1:80', 1, 1, 0]]));
    expect(atWeight.kind === 'pick-now' && names(atWeight.candidates)).toEqual(['10.0.0.1:80']);
  });
});

describe('chooseRealServer: what cannot be computed is said, not guessed', () => {
  it('sh, dh, mh, lblc, lblcr, twos depend on the packet or on state the listing does not show', () => {
    for (const s of ['sh', 'dh', 'mh', 'lblc', 'lblcr', 'twos']) {
      const c = chooseRealServer(
        service(s, [
          ['10.0.0.1:80', 1, 0, 0],
          ['10.0.0.2:80', 1, 0, 0],
        ]),
      );
      expect(c.kind, s).toBe('depends');
      if (c.kind === 'depends') expect(c.scheduler?.dependsOn.length, s).toBeGreaterThan(10);
    }
  });

  it('a --stats listing has no scheduler: the choice is unknown', () => {
    const svc = parseIpvsadm(readFixture('ipvs/real-kube-router-160.ipvsadm-ln-stats.txt')).result
      .services[2]!;
    const c = chooseRealServer(svc);
    expect(c.kind === 'depends' && c.scheduler).toBeNull();
    expect(c.kind === 'depends' && c.eligible.length).toBe(8);
  });
});

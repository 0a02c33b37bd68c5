import { describe, expect, it } from 'vitest';
import { IPVS_CODES, type IpvsCode } from './codes';
import { parseIpvsadm } from './parseIpvsadm';

const HEAD =
  'Prot LocalAddress:Port Scheduler Flags\n  -> RemoteAddress:Port           Forward Weight ActiveConn InActConn\n';
const svc = 'TCP  10.96.0.1:443 rr\n';

/** One input per code; a new code without an example fails the completeness test below. */
const EXAMPLES: Record<IpvsCode, string> = {
  'ipvs/empty': '  \n\n',
  'ipvs/not-ipvsadm': 'hello world\n',
  'ipvs/ignored-text': `$ sudo ipvsadm -Ln\n${HEAD}${svc}`,
  'ipvs/elided-lines': `${HEAD}...\n${svc}`,
  'ipvs/not-numeric': `${HEAD}TCP  ip-10-45-0-1.ap-southeast-1. rr\n`,
  'ipvs/bad-address': `${HEAD}TCP  10.96.0.300:443 rr\n`,
  'ipvs/bad-port': `${HEAD}TCP  10.96.0.1:70000 rr\n`,
  'ipvs/bad-number': `${HEAD}${svc}  -> 10.244.1.5:80    Masq    x      0          0\n`,
  'ipvs/unknown-protocol': `${HEAD}ICMP 10.96.0.1:0 rr\n`,
  'ipvs/unknown-scheduler': `${HEAD}TCP  10.96.0.1:443 fastest\n`,
  'ipvs/unknown-flag': `${HEAD}TCP  10.96.0.1:443 rr synproxy\n`,
  'ipvs/unknown-forward': `${HEAD}${svc}  -> 10.244.1.5:80    FullNat 1      0          0\n`,
  'ipvs/orphan-real-server': `${HEAD}  -> 10.244.1.5:80    Masq    1      0          0\n${svc}`,
  'ipvs/duplicate-service': `${HEAD}${svc}${svc}`,
  'ipvs/no-header': svc,
  'ipvs/connection-listing':
    'IPVS connection entries\npro expire state       source             virtual            destination\n',
  'ipvs/too-many-diagnostics': `${HEAD}${'TCP  10.96.0.1:443 fastest\n'.repeat(600)}`,
};

describe('IPVS_CODES', () => {
  it('has an example for every code and each example produces its code', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(IPVS_CODES.map((c) => c.code).sort());
    for (const [code, text] of Object.entries(EXAMPLES)) {
      const got = parseIpvsadm(text).diagnostics.map((d) => d.code);
      expect(got, code).toContain(code);
    }
  });

  it('gives each diagnostic the severity of its code and a span inside the text', () => {
    const severity = new Map(IPVS_CODES.map((c) => [c.code, c.severity]));
    for (const text of Object.values(EXAMPLES)) {
      for (const d of parseIpvsadm(text).diagnostics) {
        expect(d.severity).toBe(severity.get(d.code));
        expect(d.source).toBe('ipvs');
        expect(d.span.start).toBeGreaterThanOrEqual(0);
        expect(d.span.end).toBeLessThanOrEqual(text.length);
      }
    }
  });

  it('never emits an error: a bad line is skipped, the rest is read', () => {
    for (const text of Object.values(EXAMPLES))
      expect(parseIpvsadm(text).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Chain } from '../ruleset';
import { fixtureRuleset, WEB, webRuleset } from './inputs.node';
import { dnatEndpoint, formatProbability, matchText, ruleLabel, serviceFromComment } from './labels';

describe('formatProbability', () => {
  it('keeps three decimals and trims zeros', () => {
    expect(formatProbability(0.33333333349)).toBe('0.333');
    expect(formatProbability(0.5)).toBe('0.5');
    expect(formatProbability(1)).toBe('1');
    expect(formatProbability(0.0001)).toBe('<0.001');
  });
});

describe('ruleLabel on the web example', () => {
  const nat = webRuleset().tables.nat!;
  const rules = (name: string) => (nat.chains[name] as Chain).rules;

  it('writes a cluster-IP rule as protocol, port and address', () => {
    const rule = rules('KUBE-SERVICES').find((r) => r.target.kind === 'jump' && r.target.chain === WEB.svc)!;
    expect(ruleLabel(rule, false)).toBe('tcp dpt:80 → 10.104.247.10');
  });

  it('writes the probability cascade as p=… and the last rung as otherwise', () => {
    const [a, b, c] = rules(WEB.svc);
    expect(ruleLabel(a!, false)).toBe('p=0.333');
    expect(ruleLabel(b!, true)).toBe('p=0.5');
    expect(ruleLabel(c!, true)).toBe('otherwise');
    expect(ruleLabel(c!, false)).toBe('always');
  });

  it('keeps negation and prefixes', () => {
    const masq = rules('KUBE-SERVICES').find(
      (r) => r.target.kind === 'jump' && r.target.chain === 'KUBE-MARK-MASQ',
    )!;
    expect(ruleLabel(masq, false)).toBe('udp dpt:53 from !10.244.0.0/16 → 10.96.0.10');
  });

  it('names the addrtype match of the NodePort jump', () => {
    const last = rules('KUBE-SERVICES').at(-1)!;
    expect(ruleLabel(last, false)).toBe('dst-type LOCAL');
  });
});

describe('serviceFromComment', () => {
  it.each([
    ['default/web cluster IP', 'default/web', null],
    ['kube-system/kube-dns:dns-tcp cluster IP', 'kube-system/kube-dns', 'dns-tcp'],
    ['ns1/svc1:p80 -> 10.180.0.1:80', 'ns1/svc1', 'p80'],
    ['masquerade traffic for ns2/svc2:p80 external destinations', 'ns2/svc2', 'p80'],
    ['default/nginx-ext:', 'default/nginx-ext', null],
  ])('%s', (comment, service, port) => {
    expect(serviceFromComment(comment)).toEqual({ service, port });
  });

  it('finds no Service in kube-proxy’s own comments', () => {
    expect(serviceFromComment('kubernetes service portals')).toBeNull();
    expect(
      serviceFromComment('kubernetes service nodeports; NOTE: this must be the last rule in this chain'),
    ).toBeNull();
    expect(serviceFromComment(null)).toBeNull();
  });

  it('finds a Service in every KUBE-SVC chain of the overall fixture', () => {
    const nat = fixtureRuleset('k8s-overall-rules.iptables-save.txt').tables.nat!;
    const svcs = nat.order.filter((c) => c.startsWith('KUBE-SVC-'));
    expect(svcs.length).toBeGreaterThan(3);
    for (const c of svcs) {
      const comment = nat.chains[c]!.rules.find((r) => r.comment)?.comment ?? null;
      expect(serviceFromComment(comment), c).not.toBeNull();
    }
  });
});

describe('dnatEndpoint / matchText', () => {
  it('reads the DNAT target of each web KUBE-SEP', () => {
    const nat = webRuleset().tables.nat!;
    const eps = WEB.seps.map((s) => nat.chains[s]!.rules.map((r) => dnatEndpoint(r.target)).find(Boolean));
    expect(eps.sort()).toEqual([...WEB.endpoints]);
    expect(dnatEndpoint({ kind: 'ACCEPT' })).toBeNull();
  });

  it('omits comments from labels', () => {
    expect(matchText({ kind: 'comment', text: 'x' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { Chain } from '../ruleset';
import { WEB, webRuleset } from './inputs.node';
import { formatProbability, matchText, ruleLabel } from './labels';

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

describe('matchText', () => {
  it('omits comments from labels', () => {
    expect(matchText({ kind: 'comment', text: 'x' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../testing/load';
import { explainRule, explainStep } from './explain';
import { message } from './messages';

const rs = loadRuleset(`*nat
:PREROUTING ACCEPT [0:0]
:KUBE-SERVICES - [0:0]
:KUBE-SVC-LOLE4ISW44XBNF3G - [0:0]
:KUBE-SEP-A - [0:0]
:KUBE-MARK-MASQ - [0:0]
:KUBE-POSTROUTING - [0:0]
-A KUBE-SERVICES -d 10.104.247.10/32 -p tcp -m comment --comment "shop/web cluster IP" -m tcp --dport 80 -j KUBE-SVC-LOLE4ISW44XBNF3G
-A KUBE-SVC-LOLE4ISW44XBNF3G -m statistic --mode random --probability 0.33333333349 -j KUBE-SEP-A
-A KUBE-SEP-A -p tcp -m tcp -j DNAT --to-destination 10.244.169.161:80
-A KUBE-MARK-MASQ -j MARK --or-mark 0x4000
-A KUBE-POSTROUTING -j MASQUERADE
COMMIT
`);
const rule = (chain: string) => rs.tables.nat!.chains[chain]!.rules[0]!;

describe('explain', () => {
  it.each([
    ['KUBE-SERVICES', 'matches TCP to 10.104.247.10:80 → jump to KUBE-SVC-LOLE4ISW44XBNF3G'],
    ['KUBE-SVC-LOLE4ISW44XBNF3G', 'with probability 33.3% → jump to KUBE-SEP-A'],
    ['KUBE-SEP-A', 'DNAT to 10.244.169.161:80'],
    ['KUBE-MARK-MASQ', 'mark for masquerade (0x4000)'],
    ['KUBE-POSTROUTING', "masquerade (source rewritten to the node's address)"],
  ])('%s', (chain, text) => {
    expect(explainRule(rule(chain))).toBe(text);
  });
  it('explains policies and implied jumps without a rule', () => {
    const base = { table: 'filter', chain: 'FORWARD', line: 0, ruleId: null, hook: 'FORWARD' } as const;
    expect(explainStep({ ...base, target: 'policy DROP', verdict: 'DROP' }, null)).toBe(
      'end of FORWARD: policy DROP',
    );
    expect(explainStep({ ...base, target: 'KUBE-FORWARD', verdict: 'jump' }, null)).toBe(
      'jump to KUBE-FORWARD',
    );
  });
  it.each([
    ['KUBE-SERVICES', '匹配发往 10.104.247.10:80 的 TCP → 跳转到 KUBE-SVC-LOLE4ISW44XBNF3G'],
    ['KUBE-SVC-LOLE4ISW44XBNF3G', '以 33.3% 的概率 → 跳转到 KUBE-SEP-A'],
    ['KUBE-SEP-A', 'DNAT 到 10.244.169.161:80'],
    ['KUBE-MARK-MASQ', '打上需要地址伪装的标记（0x4000）'],
  ])('%s in 简体中文', (chain, text) => {
    expect(explainRule(rule(chain), 'zh-CN')).toBe(text);
  });
  it('fills message parameters and leaves unknown ones visible', () => {
    expect(message('target.dnat', { endpoint: '[fd00::1]:80' })).toBe('DNAT to [fd00::1]:80');
    expect(message('target.dnat')).toBe('DNAT to {endpoint}');
  });
});

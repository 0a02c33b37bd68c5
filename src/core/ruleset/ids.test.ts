import { describe, expect, it } from 'vitest';
import { chainId, parseChainId, parseRuleId, ruleId } from './ids';

describe('chain and rule ids', () => {
  it('read back what they write, whatever the chain name holds', () => {
    for (const chain of ['KUBE-SERVICES', 'KUBE-SVC-ABC', 'a/b#c', 'x#1', '#', '/']) {
      expect(parseRuleId(ruleId('nat', chain, 12))).toEqual({ table: 'nat', chain, index: 12 });
      expect(parseChainId(chainId('filter', chain))).toEqual({ table: 'filter', chain });
    }
  });
  it.each(['', 'nat', 'nat/X', 'nat/X#', 'nat/X#-1', 'nat/X#1.5', 'nat/X# 1', 'nope/X#1', '/X#1', 'NAT/X#1'])(
    'rejects the rule id %j',
    (bad) => {
      expect(parseRuleId(bad)).toBeNull();
    },
  );
  it('rejects chain ids without a table', () => {
    expect(parseChainId('KUBE-SERVICES')).toBeNull();
    expect(parseChainId('constructor/X')).toBeNull();
    expect(parseChainId('raw/')).toEqual({ table: 'raw', chain: '' });
  });
});

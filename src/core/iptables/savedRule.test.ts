import { describe, expect, it } from 'vitest';
import { parseIptablesSave } from './parse';
import { ruleBody, targetNameSpan } from './savedRule';

describe('targetNameSpan', () => {
  it('is where the AST puts the target name, or the rule span without a target', () => {
    const text = [
      '*filter',
      ':X - [0:0]',
      ':Y - [0:0]',
      '-A X -m comment --comment "a b" -j Y',
      '-A X -g Y',
      '-A X -s 10.0.0.1',
      '-A X -j ACCEPT -j "Y"',
      '[1:2] -A X -j DNAT --to-destination 10.0.0.1:80',
      '-I X 1 -p tcp -j Y',
      'COMMIT',
      '',
    ].join('\n');
    const rules = parseIptablesSave(text).result.tables[0]?.rules ?? [];
    expect(rules).toHaveLength(6);
    for (const rule of rules) {
      expect(targetNameSpan(rule)).toEqual(ruleBody(rule).target?.nameSpan ?? rule.span);
    }
    const quoted = rules[3];
    expect(text.slice(targetNameSpan(quoted!).start, targetNameSpan(quoted!).end)).toBe('"Y"');
  });
});

import { describe, expect, it } from 'vitest';
import { formatTable, plural } from './table';

describe('formatTable', () => {
  it('pads columns to the widest cell and right-aligns numeric columns', () => {
    const text = formatTable(
      ['TABLE', 'CHAIN', 'RULES'],
      [
        ['nat', 'PREROUTING', 1],
        ['filter', 'KUBE-SERVICES', 120],
      ],
    );
    expect(text).toBe(
      [
        'TABLE   CHAIN          RULES',
        'nat     PREROUTING         1',
        'filter  KUBE-SERVICES    120',
        '',
      ].join('\n'),
    );
  });

  it('leaves the last text column unpadded (no trailing blanks)', () => {
    const text = formatTable(
      ['A', 'B'],
      [
        ['x', 'long value'],
        ['yy', 'v'],
      ],
    );
    expect(text.split('\n').every((l) => l === l.trimEnd())).toBe(true);
    expect(text).toBe('A   B\nx   long value\nyy  v\n');
  });

  it('prints only the header without rows', () => {
    expect(formatTable(['A', 'N'], [])).toBe('A  N\n');
  });
});

describe('plural', () => {
  it('says one or many', () => {
    expect(plural(1, 'rule')).toBe('1 rule');
    expect(plural(0, 'rule')).toBe('0 rules');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });
});

import { describe, expect, it } from 'vitest';
import { COLLAPSE_ABOVE, formatParse, type ParseSummary } from './parseText';

describe('formatParse', () => {
  it('tabulates every chain of a small dump with its policy and rule count, then the diagnostics', () => {
    const summary: ParseSummary = {
      tables: [
        {
          name: 'nat',
          chains: [
            { name: 'PREROUTING', policy: 'ACCEPT', rules: 1 },
            { name: 'KUBE-SERVICES', policy: null, rules: 12 },
          ],
        },
      ],
      rules: 13,
      diagnostics: [
        {
          severity: 'error',
          code: 'iptables/bad-line',
          source: 'iptables',
          line: 4,
          column: 1,
          message: 'Bad.',
        },
      ],
    };
    expect(formatParse(summary, { iptables: 'node.txt' })).toBe(
      [
        'TABLE  CHAIN          POLICY  RULES',
        'nat    PREROUTING     ACCEPT      1',
        'nat    KUBE-SERVICES  -          12',
        '13 rules in 2 chains of 1 table.',
        '',
        'Diagnostics (1 error, 0 warnings, 0 notes):',
        '  node.txt:4:1: error: Bad. [iptables/bad-line]',
        '',
      ].join('\n'),
    );
  });

  it("folds a large table's hashed kube-proxy chains into one row per kind", () => {
    const hashed = (kind: string, i: number) =>
      `KUBE-${kind}-${String(i)
        .padStart(16, 'A')
        .replace(/[0189]/g, 'B')}`;
    const chains = [
      { name: 'PREROUTING', policy: 'ACCEPT', rules: 1 },
      { name: 'KUBE-SERVICES', policy: null, rules: 30 },
      ...Array.from({ length: COLLAPSE_ABOVE }, (_, i) => ({
        name: hashed('SVC', i),
        policy: null,
        rules: 2,
      })),
      ...Array.from({ length: 30 }, (_, i) => ({ name: hashed('SEP', i), policy: null, rules: 2 })),
    ];
    const text = formatParse({ tables: [{ name: 'nat', chains }], rules: 171, diagnostics: [] }, {});
    expect(text.split('\n').slice(0, 5)).toEqual([
      'TABLE  CHAIN                   POLICY  RULES',
      'nat    PREROUTING              ACCEPT      1',
      'nat    KUBE-SERVICES           -          30',
      `nat    KUBE-SVC-… (${COLLAPSE_ABOVE} chains)  -          ${COLLAPSE_ABOVE * 2}`,
      'nat    KUBE-SEP-… (30 chains)  -          60',
    ]);
    expect(text).toContain(`171 rules in ${chains.length} chains of 1 table.`);
    expect(text).toContain('No diagnostics.');
  });

  it('says so for a text without tables', () => {
    expect(formatParse({ tables: [], rules: 0, diagnostics: [] }, {})).toBe(
      'No tables.\n0 rules in 0 chains of 0 tables.\n\nNo diagnostics.\n',
    );
  });
});

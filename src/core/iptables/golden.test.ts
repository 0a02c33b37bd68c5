import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectGolden, strayGoldens } from '../../../test/expectGolden';
import { iptablesFixtures, readFixture, SEEDS_DIR } from '../../../test/fixtures';
import { parseIptablesSave } from './parse';
import { summarizeDocument } from './testing';

const seeds = readdirSync(SEEDS_DIR).filter((f) => f.startsWith('001_'));
const cases: [string, string][] = [
  ...iptablesFixtures().map((f): [string, string] => [f, readFixture(`iptables/${f}`)]),
  ...seeds.map((f): [string, string] => [f, readFileSync(join(SEEDS_DIR, f), 'utf8')]),
];
/** test/golden/iptables/<fixture>.json: the parse summary (summarizeDocument). */
const goldenOf = (name: string) => `iptables/${name.replace(/\.txt$/, '.json')}`;

/** `-A` lines as a reader counts them (also `[p:b] -A`). */
function countRules(text: string): number {
  return text.split('\n').filter((l) => /^(\[\d+:\d+\] )?-A /.test(l)).length;
}

describe('golden: every iptables fixture and seed 001', () => {
  it('has fixtures to run on', () => {
    expect(cases.length).toBeGreaterThanOrEqual(18);
  });
  it('has no golden without a fixture', () => {
    expect(
      strayGoldens(
        'iptables',
        cases.map(([name]) => goldenOf(name)),
      ),
    ).toEqual([]);
  });
  for (const [name, text] of cases) {
    it(name, () => {
      const { result, diagnostics } = parseIptablesSave(text);
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const rules = result.tables.reduce((n, t) => n + t.rules.length, 0);
      expect(rules).toBe(countRules(text));
      expectGolden(goldenOf(name), summarizeDocument(result, diagnostics, text));
    });
  }
});

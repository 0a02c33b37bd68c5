import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iptablesFixtures, readFixture, SEEDS_DIR } from '../../../test/fixtures';
import { parseIptablesSave } from './parse';
import { summarizeDocument } from './testing';

const GOLDEN_DIR = join(SEEDS_DIR, '..', 'golden', 'iptables');
const seeds = readdirSync(SEEDS_DIR).filter((f) => f.startsWith('001_'));
const cases: [string, string][] = [
  ...iptablesFixtures().map((f): [string, string] => [f, readFixture(`iptables/${f}`)]),
  ...seeds.map((f): [string, string] => [f, readFileSync(join(SEEDS_DIR, f), 'utf8')]),
];

/** `-A` lines as a reader counts them (also `[p:b] -A`). */
function countRules(text: string): number {
  return text.split('\n').filter((l) => /^(\[\d+:\d+\] )?-A /.test(l)).length;
}

describe('golden: every iptables fixture and seed 001', () => {
  it('has fixtures to run on', () => {
    expect(cases.length).toBeGreaterThanOrEqual(18);
  });
  for (const [name, text] of cases) {
    it(name, () => {
      const { result, diagnostics } = parseIptablesSave(text);
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const rules = result.tables.reduce((n, t) => n + t.rules.length, 0);
      expect(rules).toBe(countRules(text));
      const summary = `${JSON.stringify(summarizeDocument(result, diagnostics, text), null, 2)}\n`;
      const file = join(GOLDEN_DIR, name.replace(/\.txt$/, '.json'));
      if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
        mkdirSync(GOLDEN_DIR, { recursive: true });
        writeFileSync(file, summary);
      }
      expect(summary).toBe(readFileSync(file, 'utf8'));
    });
  }
});

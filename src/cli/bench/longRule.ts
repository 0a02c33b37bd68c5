import { parseIptablesSave } from '../../core/iptables';
import { lowerToRuleset } from '../../core/lower';
import { type BenchSection, fmtMs, timeMedian } from './types';

/** One match group of the long rules: what a generated rule repeats most (23 characters). */
const GROUP = ' -m comment --comment x';

/** A filter table with one rule of `n` comment groups. */
function longRuleText(n: number): string {
  return `*filter\n:X - [0:0]\n-A X${GROUP.repeat(n)} -j ACCEPT\nCOMMIT\n`;
}

/** Parse + lowerToRuleset of `text` (what the worker and the CLI do first); returns the match count. */
function readAndLower(text: string): number {
  const lowered = lowerToRuleset(parseIptablesSave(text).result);
  return lowered.result.tables.filter?.chains.X?.rules[0]?.matches.length ?? 0;
}

/**
 * One very long rule (issue 10: one rule of 100,000 matches took 46 s; a 20 MB one did not end):
 * parse + lower of a 100,000-match rule, of a 10,000-match rule (×10, for the ratio: 1.0 is
 * linear in the rule's length, 10 would be quadratic), and of a single 20 MB rule. Independent of
 * the generated cluster.
 */
export const longRuleSection: BenchSection = {
  name: 'one long rule',
  run(ctx) {
    const { runs, log } = ctx;
    const small = longRuleText(10_000);
    const big = longRuleText(100_000);
    const huge = longRuleText(Math.floor(20e6 / GROUP.length));
    readAndLower(small); // warm the reader up before timing
    const s = timeMedian(runs, () => readAndLower(small));
    const b = timeMedian(runs, () => readAndLower(big));
    const h = timeMedian(runs, () => readAndLower(huge));
    const mb = (text: string) => `${(text.length / 1e6).toFixed(1)} MB`;
    log(`100k-match rule       ${fmtMs(b.ms)}   (parse + lower, ${b.result} matches, ${mb(big)})`);
    log(
      `10k-match rule ×10    ${fmtMs(10 * s.ms)}   (ratio ${(b.ms / (10 * s.ms)).toFixed(2)}: 1.0 is linear, 10 quadratic)`,
    );
    log(
      `20 MB single rule     ${fmtMs(h.ms)}   (${h.result} matches, ${(huge.length / 1e6 / (h.ms / 1000)).toFixed(1)} MB/s)`,
    );
  },
};

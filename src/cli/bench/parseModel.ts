import { parseIptablesSave } from '../../core/iptables';
import { analyzeKubeProxy } from '../../core/kubeproxy';
import { lowerToRuleset } from '../../core/lower';
import { type BenchSection, fmtMs, timeMedian } from './types';

/**
 * Parse and model: `text.split('\n')` (the floor: touching every line once), parseIptablesSave,
 * lowerToRuleset, analyzeKubeProxy, their total, throughput and ratio to the floor, and the heap
 * the parsed document, Ruleset and model retain.
 */
export const parseModelSection: BenchSection = {
  name: 'parse + model',
  run(ctx) {
    const { text, runs, log } = ctx;
    const split = timeMedian(runs, () => text.split('\n').length);
    const parse = timeMedian(runs, () => parseIptablesSave(text));
    const lower = timeMedian(runs, () => lowerToRuleset(parse.result.result));
    const analyze = timeMedian(runs, () => analyzeKubeProxy(lower.result.result));
    const total = parse.ms + lower.ms + analyze.ms;
    log(`text.split('\\n')      ${fmtMs(split.ms)}   (floor, ${split.result} lines)`);
    log(`parseIptablesSave     ${fmtMs(parse.ms)}   (${parse.result.diagnostics.length} diagnostics)`);
    log(`lowerToRuleset        ${fmtMs(lower.ms)}   (${lower.result.result.ruleCount} rules)`);
    log(
      `analyzeKubeProxy      ${fmtMs(analyze.ms)}   (${analyze.result.result.servicePorts.length} Service ports)`,
    );
    log(
      `parse + model total   ${fmtMs(total)}   ${(ctx.megabytes / (total / 1000)).toFixed(1)} MB/s, ${(total / split.ms).toFixed(1)}× split`,
    );

    if (ctx.gc === null) {
      log('retained heap         skipped (run node with --expose-gc)');
      return;
    }
    ctx.gc();
    const before = process.memoryUsage().heapUsed;
    const doc = parseIptablesSave(text);
    const ruleset = lowerToRuleset(doc.result);
    const model = analyzeKubeProxy(ruleset.result);
    ctx.gc();
    const after = process.memoryUsage().heapUsed;
    const kept = [doc, ruleset, model].length; // keep all three alive until after the measurement
    log(
      `retained heap         ${((after - before) / 1e6).toFixed(1).padStart(7)} MB   (document + Ruleset + model, ${kept} live)`,
    );
  },
};

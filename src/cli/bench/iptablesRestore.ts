import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { type BenchContext, type BenchSection, fmtMs, median } from './types';

/** The median each bench run measured (read by later sections to print ratios). */
const medians = new WeakMap<BenchContext, number>();

/** The `iptables-restore --test` median of this bench run, or null when it was skipped or failed. */
export function restoreMedian(ctx: BenchContext): number | null {
  return medians.get(ctx) ?? null;
}

const CANDIDATES = ['/usr/sbin/iptables-restore', '/sbin/iptables-restore', '/usr/bin/iptables-restore'];

/**
 * The reference parser: `iptables-restore --test` (parse and build the ruleset, commit nothing) on
 * the same dump, when the binary exists and we are root. Skipped with a line saying why otherwise.
 */
export const iptablesRestoreSection: BenchSection = {
  name: 'iptables-restore --test',
  run(ctx) {
    const binary = CANDIDATES.find((p) => existsSync(p));
    if (!binary) {
      ctx.log('iptables-restore      skipped (binary not found)');
      return;
    }
    if (typeof process.getuid === 'function' && process.getuid() !== 0) {
      ctx.log('iptables-restore      skipped (needs root)');
      return;
    }
    const input = readFileSync(ctx.file);
    const times: number[] = [];
    for (let i = 0; i < ctx.runs; i++) {
      const start = performance.now();
      const res = spawnSync(binary, ['--test'], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
      times.push(performance.now() - start);
      if (res.status !== 0) {
        ctx.log(
          `iptables-restore      failed (exit ${res.status}): ${(res.stderr || res.error?.message || '').trim().split('\n')[0]}`,
        );
        return;
      }
    }
    medians.set(ctx, median(times));
    const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
    ctx.log(`iptables-restore --test ${fmtMs(median(times))}   (${version})`);
  },
};

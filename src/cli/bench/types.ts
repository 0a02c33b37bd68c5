/**
 * The benchmark's extension point: `npm run bench` generates one large cluster and runs every
 * section of SECTIONS (sections.ts) on it, in order. A section prints its own lines; figures are
 * medians over `runs` repetitions. Speed is reported, never asserted.
 */
export interface BenchContext {
  /** The generated dump (iptables-save flavour). */
  readonly text: string;
  /** The same dump on disk (for external tools such as iptables-restore). */
  readonly file: string;
  readonly megabytes: number;
  readonly ruleCount: number;
  readonly runs: number;
  /** `global.gc` when node runs with --expose-gc. */
  readonly gc: (() => void) | null;
  log(line: string): void;
}

export interface BenchSection {
  readonly name: string;
  run(ctx: BenchContext): void | Promise<void>;
}

/** Median of a non-empty list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Runs `fn` `runs` times; returns the median milliseconds and the last result. */
export function timeMedian<T>(runs: number, fn: () => T): { ms: number; result: T } {
  const times: number[] = [];
  let result: T | undefined;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = fn();
    times.push(performance.now() - start);
  }
  return { ms: median(times), result: result as T };
}

export const fmtMs = (ms: number): string => `${ms.toFixed(0).padStart(7)} ms`;

/**
 * Pearson's chi-square goodness-of-fit test, used to ask: is the kernel's endpoint histogram over N
 * connections consistent with the probabilities the tracer (or kube-proxy's ladder) claims?
 *
 * Significance: α = 1e-6 per histogram. The kernel draws with `get_random_u32()` (xt_statistic.c),
 * so a correct tracer fails a histogram by chance once in a million; a run checks about 50
 * histograms, so a false alarm hits about one run in 20 000. (At 1e-4 it was one run in 200, and a CI
 * run did fail that way: 55,29,29,60,29 over five equal shares, p = 6.5e-5.) A wrong ladder (the
 * classic bug: taking each rule's written p as the endpoint's share, or a mis-parsed probability)
 * moves shares by ≥ 1/6 with three endpoints and gives p-values far below 1e-6 at N = 200–300, so
 * the test keeps its teeth (the negative control in overallFixture.test.ts checks it).
 */
export const ALPHA = 1e-6;

export interface ChiSquare {
  readonly statistic: number;
  readonly df: number;
  readonly pValue: number;
}

/**
 * Tests `observed` counts against `probabilities` (same order; zero-probability cells must have zero
 * counts, else pValue is 0). Cells are pooled left to right until each expected count is ≥ 5 (the
 * usual validity rule for the chi-square approximation). Returns df = 0 and pValue = 1 for one cell.
 */
export function chiSquareTest(observed: readonly number[], probabilities: readonly number[]): ChiSquare {
  const n = observed.reduce((a, b) => a + b, 0);
  for (let i = 0; i < observed.length; i++) {
    if ((probabilities[i] ?? 0) === 0 && (observed[i] ?? 0) > 0)
      return { statistic: Number.POSITIVE_INFINITY, df: 0, pValue: 0 };
  }
  const cells: { o: number; e: number }[] = [];
  let acc = { o: 0, e: 0 };
  for (let i = 0; i < observed.length; i++) {
    acc = { o: acc.o + (observed[i] ?? 0), e: acc.e + (probabilities[i] ?? 0) * n };
    if (acc.e >= 5) {
      cells.push(acc);
      acc = { o: 0, e: 0 };
    }
  }
  if (acc.e > 0 || acc.o > 0) {
    const last = cells.pop();
    cells.push(last ? { o: last.o + acc.o, e: last.e + acc.e } : acc);
  }
  const statistic = cells.reduce((s, c) => (c.e === 0 ? s : s + (c.o - c.e) ** 2 / c.e), 0);
  const df = cells.length - 1;
  return { statistic, df, pValue: df <= 0 ? 1 : upperRegularizedGamma(df / 2, statistic / 2) };
}

/** Q(a, x) = Γ(a, x) / Γ(a): series for x < a + 1, continued fraction otherwise (Numerical Recipes §6.2). */
export function upperRegularizedGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const lnGammaA = logGamma(a);
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let k = 1; k < 500; k++) {
      term *= x / (a + k);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - lnGammaA);
  }
  // Lentz's method for the continued fraction.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - lnGammaA) * h;
}

/** ln Γ(z) by the Lanczos approximation (g = 7, n = 9), accurate to ~1e-15 for z > 0. */
export function logGamma(z: number): number {
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const x = z - 1;
  let a = c[0]!;
  const t = x + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

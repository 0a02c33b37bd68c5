/**
 * The numbers of the `-m statistic --mode random` cascade, printed exactly as the tools do.
 *
 * kube-proxy writes `computeProbability(n) = fmt.Sprintf("%0.10f", 1.0/float64(n))`
 * (pkg/proxy/iptables/proxier.go) for the i-th of n endpoints with n-i remaining. iptables parses it
 * with `lround(0x80000000 * p)` (extensions/libxt_statistic.c) and the kernel compares
 * `get_random_u32() & 0x7FFFFFFF` against that integer (net/netfilter/xt_statistic.c);
 * iptables-save prints it back as `%.11f` of `probability / 0x80000000`.
 */

const TWO_31 = 0x80000000;

/**
 * `x` (finite, ≥ 0) with exactly `digits` decimals, correctly rounded from the double's exact binary
 * value with ties to even — what Go's `%.Nf` and glibc's `printf("%.Nf")` print. (`toFixed` breaks
 * exact ties upwards, e.g. 1/2048 at 10 digits.)
 */
export function formatFixed(x: number, digits: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const exp = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (exp === 0) e = -1074;
  else {
    mantissa |= 1n << 52n;
    e = exp - 1075;
  }
  // value = mantissa · 2^e = num / 10^k with k = max(0, -e).
  const k = Math.max(0, -e);
  const num = e >= 0 ? mantissa << BigInt(e) : mantissa * 5n ** BigInt(k);
  let q: bigint;
  if (k <= digits) q = num * 10n ** BigInt(digits - k);
  else {
    const div = 10n ** BigInt(k - digits);
    q = num / div;
    const r2 = (num % div) * 2n;
    if (r2 > div || (r2 === div && q % 2n === 1n)) q += 1n;
  }
  const text = q.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

const cache: string[] = [];

/** kube-proxy's `--probability` text for `1/n` (`%0.10f`), cached like proxier.precomputedProbabilities. */
export function kubeProxyProbability(n: number): string {
  let text = cache[n];
  if (text === undefined) {
    text = formatFixed(1 / n, 10);
    cache[n] = text;
  }
  return text;
}

/** The integer xt_statistic keeps for a written probability: `lround(0x80000000 * p)`. */
export function statisticThreshold(written: string): number {
  // lround rounds halves away from zero; p ≥ 0 so Math.round (halves up) agrees.
  return Math.round(TWO_31 * Number(written));
}

/** What `iptables-save` prints for a written probability: `%.11f` of threshold / 2^31. */
export function savedProbability(written: string): string {
  return formatFixed(statisticThreshold(written) / TWO_31, 11);
}

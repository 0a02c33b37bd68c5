import type { Outcome } from '../trace';
import type { OutcomeSummary } from './types';

/** Probabilities closer than this are the same (the tracer's products and sums carry float noise). */
const PROBABILITY_TOLERANCE = 1e-9;

function keyOf(o: Pick<OutcomeSummary, 'verdict' | 'dnat' | 'masquerade'>): string {
  return `${o.verdict}|${o.dnat ?? ''}|${o.masquerade ? 'm' : ''}`;
}

/**
 * The tracer's outcomes as a client sees them: the paths differ between modes (KUBE-SVC-… chains,
 * nftables maps), so outcomes with the same verdict, DNAT and masquerade are summed. Sorted by
 * probability (largest first), then verdict and address, so equal sets print alike.
 */
export function summarizeOutcomes(outcomes: readonly Outcome[]): OutcomeSummary[] {
  const merged = new Map<string, OutcomeSummary>();
  for (const o of outcomes) {
    const key = keyOf(o);
    const seen = merged.get(key);
    merged.set(key, {
      verdict: o.verdict,
      dnat: o.dnat,
      masquerade: o.masquerade,
      probability: (seen?.probability ?? 0) + o.probability,
    });
  }
  return [...merged.values()].sort(
    (x, y) => y.probability - x.probability || keyOf(x).localeCompare(keyOf(y)),
  );
}

/**
 * True when both lists give every (verdict, DNAT, masquerade) the same probability within
 * PROBABILITY_TOLERANCE; an outcome one side lacks counts as probability 0 there.
 */
export function sameOutcomes(a: readonly OutcomeSummary[], b: readonly OutcomeSummary[]): boolean {
  const sums = new Map<string, number>();
  for (const o of a) sums.set(keyOf(o), (sums.get(keyOf(o)) ?? 0) + o.probability);
  for (const o of b) sums.set(keyOf(o), (sums.get(keyOf(o)) ?? 0) - o.probability);
  for (const delta of sums.values()) if (Math.abs(delta) > PROBABILITY_TOLERANCE) return false;
  return true;
}

/** `37.5%`, with as many decimals as the value needs (up to 4), so different values print differently. */
export function formatProbability(p: number): string {
  const percent = p * 100;
  for (let digits = 0; digits < 4; digits++) {
    const text = percent.toFixed(digits);
    if (Math.abs(Number(text) - percent) < 1e-7) return `${text}%`;
  }
  return `${percent.toFixed(4)}%`;
}

/** `DNAT 10.244.1.5:8080, masqueraded, ACCEPT 50%` — one outcome in words. */
export function describeOutcome(o: OutcomeSummary): string {
  const parts: string[] = [];
  if (o.dnat !== null) parts.push(`DNAT ${o.dnat}`);
  if (o.masquerade) parts.push('masqueraded');
  parts.push(o.verdict);
  return `${parts.join(', ')} ${formatProbability(o.probability)}`;
}

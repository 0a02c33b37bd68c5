import type { Assumption, Outcome } from './types';
import { consToArray, type Walk } from './walk';

/** Assumptions without repeats (same code, line and message), first occurrence first. */
export function dedupeAssumptions(list: readonly Assumption[]): Assumption[] {
  const seen = new Set<string>();
  const out: Assumption[] = [];
  for (const a of list) {
    const key = `${a.code}\u0000${a.line}\u0000${a.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(a);
    }
  }
  return out;
}

/** A finished walk as an Outcome. */
export function outcomeOf(w: Walk): Outcome {
  return {
    probability: w.prob,
    verdict: w.verdict ?? 'DROP',
    dnat: w.dnat,
    masquerade: w.masquerade,
    snat: w.snat,
    delivery: w.verdict === 'ACCEPT' ? w.delivery : null,
    path: consToArray(w.path),
    assumptions: dedupeAssumptions(consToArray(w.assumptions)),
    ...(w.ipvsHop === null ? {} : { ipvs: w.ipvsHop }),
  };
}

/**
 * Merges outcomes that ended identically by identical paths (e.g. a statistic match whose rule has
 * no target: both branches continue the same way), summing their probabilities.
 */
export function mergeOutcomes(outcomes: readonly Outcome[]): Outcome[] {
  const byKey = new Map<string, Outcome>();
  for (const o of outcomes) {
    const key = [
      o.verdict,
      o.dnat,
      o.masquerade,
      o.snat,
      o.delivery,
      o.ipvs?.server,
      o.path.map((s) => `${s.table}/${s.chain}#${s.line}:${s.ruleId}:${s.verdict}`).join('>'),
    ].join('|');
    const prev = byKey.get(key);
    byKey.set(
      key,
      prev === undefined
        ? o
        : {
            ...prev,
            probability: prev.probability + o.probability,
            assumptions: dedupeAssumptions([...prev.assumptions, ...o.assumptions]),
          },
    );
  }
  return [...byKey.values()];
}

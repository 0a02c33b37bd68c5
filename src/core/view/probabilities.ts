import { chainRole, dnatEndpoint, isPolicyRole } from '../kubeproxy';
import type { TraceResult } from '../trace';
import { chainRulesFrom, type RuleSource } from './ruleLookup';

/**
 * The numbers behind the probability bars, for each endpoint lottery (KUBE-SVC / KUBE-SVL /
 * KUBE-XLB) a traced packet runs through. kube-proxy writes a cascade: rule i of n endpoints has
 * `--probability 1/(n-i)` and the last none (proxier.go `writeServiceToEndpointRules`), so each
 * endpoint gets 1/n of NEW connections; xt_statistic draws once per packet that reaches the rule,
 * and conntrack then keeps every later packet of the connection on the same endpoint.
 *
 * The 1/3 lesson: rule i is REACHED only by the connections rules 0…i-1 did not take, so its share
 * is reached × written: 100% × 33.3%, 66.7% × 50%, 33.3% × the rest. Reach and share are read off
 * the tracer's outcomes (kernel-effective `round(p·2^31)/2^31`, as the model's PolicyTarget.share),
 * never recomputed from the written numbers.
 */

export interface BarRow {
  readonly sep: string;
  /** `ip:port` the KUBE-SEP DNATs to (null if the dump does not show it). */
  readonly endpoint: string | null;
  readonly ruleId: string;
  readonly line: number;
  /** The rule's conditional `--probability` as written; null for the unconditional last rule. */
  readonly written: number | null;
  /** Share of new connections that take this rule, exact, from the tracer's outcomes. */
  readonly effective: number;
  /**
   * Chance that a connection entering the chain reaches this rule: what the earlier KUBE-SEP jumps
   * (lottery and affinity rules) left over.
   */
  readonly reached: number;
  /** Share of the connections entering the chain that take this rule (= reached × effective p). */
  readonly chainShare: number;
  /** Share of simulated connections DNATed to `endpoint` (null before any simulation). */
  readonly observed: number | null;
}

export interface PolicyBars {
  readonly chain: string;
  /** True when the chain has ClientIP affinity rules (`-m recent --rcheck`). */
  readonly affinity: boolean;
  readonly rows: readonly BarRow[];
  /** Share of new connections that enter the chain (1 when every outcome passes it). */
  readonly entered: number;
  /** Share of connections that fall through the cascade without a rule (last rule with a statistic). */
  readonly fallthrough: number;
}

function sepEndpoint(source: RuleSource, sep: string): string | null {
  for (const rule of chainRulesFrom(source, 'nat', sep) ?? []) {
    const ep = dnatEndpoint(rule.target);
    if (ep) return ep;
  }
  return null;
}

/**
 * One `PolicyBars` per endpoint-lottery chain that any outcome's path enters, in the order first
 * met. `counts` are simulated connections per `ip:port` (`<none>` for no DNAT); the observed share
 * is count / total of all counts. `ruleset` is the Ruleset or the trace's RuleLookup (which holds the
 * lottery and KUBE-SEP chains on the paths). Pure; returns `[]` when no lottery is on the path.
 */
export function endpointBars(
  ruleset: RuleSource,
  result: TraceResult,
  counts: Readonly<Record<string, number>> | null = null,
): PolicyBars[] {
  const chains: string[] = [];
  const taken = new Map<string, number>();
  const entered = new Map<string, number>();
  for (const o of result.outcomes) {
    const seen = new Set<string>();
    const inside = new Set<string>();
    for (const step of o.path) {
      if (step.table === 'nat' && isPolicyRole(chainRole(step.chain))) {
        if (!chains.includes(step.chain)) chains.push(step.chain);
        if (!inside.has(step.chain)) {
          inside.add(step.chain);
          entered.set(step.chain, (entered.get(step.chain) ?? 0) + o.probability);
        }
      }
      if (step.ruleId && !seen.has(step.ruleId)) {
        seen.add(step.ruleId);
        taken.set(step.ruleId, (taken.get(step.ruleId) ?? 0) + o.probability);
      }
    }
  }
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : 0;
  return chains.map((name) => {
    const rows: BarRow[] = [];
    let affinity = false;
    let rest = 1;
    const into = entered.get(name) ?? 0;
    // Mass the earlier KUBE-SEP jumps took: it never reaches the later rules (their DNAT ends nat).
    let gone = 0;
    for (const rule of chainRulesFrom(ruleset, 'nat', name) ?? []) {
      const t = rule.target;
      if (t.kind !== 'jump' || chainRole(t.chain) !== 'sep') continue;
      const share = taken.get(rule.id) ?? 0;
      const reached = into > 0 ? Math.max(0, (into - gone) / into) : 0;
      gone += share;
      // ClientIP affinity rules send remembered clients straight to their endpoint, outside the cascade.
      if (rule.matches.some((m) => m.kind === 'recent')) {
        affinity = true;
        continue;
      }
      const stat = rule.matches.find((m) => m.kind === 'statistic' && m.mode === 'random');
      const written = stat?.kind === 'statistic' && stat.mode === 'random' ? stat.probability : null;
      const endpoint = sepEndpoint(ruleset, t.chain);
      rest -= share;
      rows.push({
        sep: t.chain,
        endpoint,
        ruleId: rule.id,
        line: rule.line,
        written,
        effective: share,
        reached,
        chainShare: into > 0 ? share / into : 0,
        observed: total > 0 && endpoint ? (counts?.[endpoint] ?? 0) / total : null,
      });
    }
    const lastWritten = rows.length > 0 ? rows[rows.length - 1]!.written : null;
    return {
      chain: name,
      affinity,
      rows,
      entered: into,
      fallthrough: lastWritten === null ? 0 : Math.max(0, rest),
    };
  });
}

/** `0.3333` → `33.3%` (one decimal), as the bars print shares. */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/**
 * The product for one row: `66.7% × 50.0% = 33.3%`; the unconditional last rule writes `rest`
 * (the caller's words, e.g. "rest (100%)") for its probability.
 */
export function shareProduct(row: Pick<BarRow, 'reached' | 'written' | 'chainShare'>, rest: string): string {
  const written = row.written === null ? rest : formatShare(row.written);
  return `${formatShare(row.reached)} × ${written} = ${formatShare(row.chainShare)}`;
}

import type { TraceResult } from '../trace/types';
import { dnatEndpoint } from './labels';
import { chainRulesFrom, type RuleSource } from './ruleLookup';

/**
 * The numbers behind the probability bars, for each endpoint lottery (KUBE-SVC / KUBE-SVL /
 * KUBE-XLB) a traced packet runs through. kube-proxy writes a cascade: rule i of n endpoints has
 * `--probability 1/(n-i)` and the last none (proxier.go `writeServiceToEndpointRules`), so each
 * endpoint gets 1/n of NEW connections; xt_statistic draws once per packet that reaches the rule,
 * and conntrack then keeps every later packet of the connection on the same endpoint.
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
  /** Share of simulated connections DNATed to `endpoint` (null before any simulation). */
  readonly observed: number | null;
}

export interface PolicyBars {
  readonly chain: string;
  /** True when the chain has ClientIP affinity rules (`-m recent --rcheck`). */
  readonly affinity: boolean;
  readonly rows: readonly BarRow[];
  /** Share of connections that fall through the cascade without a rule (last rule with a statistic). */
  readonly fallthrough: number;
}

const POLICY_PREFIXES = ['KUBE-SVC-', 'KUBE-SVL-', 'KUBE-XLB-'];

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
  for (const o of result.outcomes) {
    const seen = new Set<string>();
    for (const step of o.path) {
      if (
        step.table === 'nat' &&
        POLICY_PREFIXES.some((p) => step.chain.startsWith(p)) &&
        !chains.includes(step.chain)
      )
        chains.push(step.chain);
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
    for (const rule of chainRulesFrom(ruleset, 'nat', name) ?? []) {
      const t = rule.target;
      if (t.kind !== 'jump' || !t.chain.startsWith('KUBE-SEP-')) continue;
      // ClientIP affinity rules send remembered clients straight to their endpoint, outside the cascade.
      if (rule.matches.some((m) => m.kind === 'recent')) {
        affinity = true;
        continue;
      }
      const stat = rule.matches.find((m) => m.kind === 'statistic' && m.mode === 'random');
      const written = stat?.kind === 'statistic' && stat.mode === 'random' ? stat.probability : null;
      const endpoint = sepEndpoint(ruleset, t.chain);
      const share = taken.get(rule.id) ?? 0;
      rest -= share;
      rows.push({
        sep: t.chain,
        endpoint,
        ruleId: rule.id,
        line: rule.line,
        written,
        effective: share,
        observed: total > 0 && endpoint ? (counts?.[endpoint] ?? 0) / total : null,
      });
    }
    const lastWritten = rows.length > 0 ? rows[rows.length - 1]!.written : null;
    return { chain: name, affinity, rows, fallthrough: lastWritten === null ? 0 : Math.max(0, rest) };
  });
}

/** `0.3333` → `33.3%` (one decimal), as the bars print shares. */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

import { chainRole, isPolicyRole } from '../kubeproxy';
import { parseRuleId, type Rule, type RuleId, type Ruleset, type TableId } from '../ruleset';
import type { TraceResult } from '../trace';

/**
 * The few rules a page needs to describe a trace, instead of the whole Ruleset (186k rules on a
 * 5,000-Service node: posting that to the page costs seconds of structured-clone work). The worker
 * builds it with `lookupForTrace`; `describePath` and `endpointBars` read either a Ruleset or a
 * RuleLookup through `ruleFrom` / `chainRulesFrom`. Plain data (structured-clone safe).
 */
export interface RuleLookup {
  /** Rules by RuleId (`nat/KUBE-SVC-…#2`). */
  readonly rules: Readonly<Record<string, Rule>>;
  /** Chains whose every rule is in `rules`, by ChainId (`nat/KUBE-SVC-…`), rule ids in order. */
  readonly chains: Readonly<Record<string, readonly RuleId[]>>;
}

/** What describePath / endpointBars read rules from: the whole Ruleset, or a lookup built for a trace. */
export type RuleSource = Ruleset | RuleLookup;

const isRuleset = (s: RuleSource): s is Ruleset => 'tables' in s;

/** The Rule a RuleId names in `source`, or null (unknown id, or not in the lookup). */
export function ruleFrom(source: RuleSource, id: string | null): Rule | null {
  if (!id) return null;
  if (!isRuleset(source)) return source.rules[id] ?? null;
  const p = parseRuleId(id);
  if (!p) return null;
  return source.tables[p.table]?.chains[p.chain]?.rules[p.index] ?? null;
}

/** Every rule of a chain in order, or null when `source` does not hold the whole chain. */
export function chainRulesFrom(source: RuleSource, table: TableId, chain: string): readonly Rule[] | null {
  if (isRuleset(source)) return source.tables[table]?.chains[chain]?.rules ?? null;
  const ids = source.chains[`${table}/${chain}`];
  if (!ids) return null;
  const rules: Rule[] = [];
  for (const id of ids) {
    const r = source.rules[id];
    if (r) rules.push(r);
  }
  return rules;
}

/**
 * The rules `describePath` and `endpointBars` need for `result`: every rule on an outcome's path,
 * every rule of each endpoint-lottery chain on a path (the cascade rows, taken or not), and every
 * rule of the KUBE-SEP chains those lotteries jump to (their DNAT names the endpoint). Size is
 * proportional to the paths and the Services they cross, not to the Ruleset.
 */
export function lookupForTrace(ruleset: Ruleset, result: TraceResult): RuleLookup {
  const rules: Record<string, Rule> = {};
  const chains: Record<string, RuleId[]> = {};
  const addChain = (table: TableId, name: string): readonly Rule[] => {
    const chain = ruleset.tables[table]?.chains[name];
    if (!chain) return [];
    if (!chains[chain.id]) {
      chains[chain.id] = chain.rules.map((r) => r.id);
      for (const r of chain.rules) rules[r.id] = r;
    }
    return chain.rules;
  };
  for (const o of result.outcomes) {
    for (const step of o.path) {
      const rule = ruleFrom(ruleset, step.ruleId);
      if (rule) rules[rule.id] = rule;
      if (step.table !== 'nat' || !isPolicyRole(chainRole(step.chain))) continue;
      if (chains[`nat/${step.chain}`]) continue;
      for (const r of addChain('nat', step.chain)) {
        if (r.target.kind === 'jump' && chainRole(r.target.chain) === 'sep') addChain('nat', r.target.chain);
      }
    }
  }
  return { rules, chains };
}

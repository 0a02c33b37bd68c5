import type { TableName } from '../../ruleset';
import {
  BUILTIN_CHAINS,
  type Chain,
  chainId,
  type Match,
  type Rule,
  type Ruleset,
  ruleId,
  type Table,
  type Target,
} from '../../ruleset';

/** TEST-ONLY: one rule of a hand-built Ruleset. */
export interface HandRule {
  readonly chain: string;
  readonly matches?: readonly Match[];
  readonly target: Target;
}

/**
 * TEST-ONLY: builds a Ruleset from plain rules (lines numbered in order, built-in chains declared with
 * `policies`), for property tests that need shapes no parser would produce (jump cycles…).
 */
export function handRuleset(
  table: TableName,
  rules: readonly HandRule[],
  policies: Readonly<Record<string, 'ACCEPT' | 'DROP'>> = {},
  userChains: readonly string[] = [],
): Ruleset {
  const chains: Record<string, Chain> = {};
  const order: string[] = [];
  const add = (name: string, builtin: boolean) => {
    if (chains[name] !== undefined) return;
    order.push(name);
    chains[name] = {
      id: chainId(table, name),
      table,
      name,
      builtin,
      policy: builtin ? (policies[name] ?? 'ACCEPT') : null,
      origin: 'declared',
      rules: [],
      span: { start: 0, end: 0 },
      line: 0,
    };
  };
  for (const b of BUILTIN_CHAINS[table]) add(b, true);
  for (const u of userChains) add(u, false);
  rules.forEach((r, i) => {
    add(r.chain, false);
    const c = chains[r.chain] as Chain;
    const rule: Rule = {
      id: ruleId(table, r.chain, c.rules.length),
      table,
      chain: r.chain,
      index: c.rules.length,
      line: i + 1,
      span: { start: 0, end: 0 },
      raw: `-A ${r.chain} (hand-built #${i + 1})`,
      matches: r.matches ?? [],
      target: r.target,
      comment: null,
    };
    chains[r.chain] = { ...c, rules: [...c.rules, rule] };
  });
  const t: Table = { name: table, chains, order };
  return { family: 'ipv4', tables: { [table]: t }, ruleCount: rules.length };
}

export const jump = (chain: string, goto = false): Target => ({ kind: 'jump', chain, goto });
export const random = (p: number): Match => ({
  kind: 'statistic',
  mode: 'random',
  negated: false,
  probability: p,
  effectiveProbability: Math.round(p * 2 ** 31) / 2 ** 31,
});

import { TABLE_NAMES } from '../iptables/ast';
import { type KubeComment, parseKubeComment } from './comments';
import { isKubeChain, jumpTarget } from './ruleFacts';
import { type Chain, type ChainId, chainId, type Rule, type RuleId, type Ruleset } from './ruleset';

/**
 * The indexes every step of the kube-proxy analysis reads: kube chains in order, each rule's
 * parsed comment, and which rules jump to each chain. Built once per `analyzeKubeProxy` call.
 */
export interface AnalysisContext {
  readonly ruleset: Ruleset;
  /** Every `KUBE-*` chain, tables in TABLE_NAMES order, chains in declaration order. */
  readonly kubeChains: readonly Chain[];
  readonly chainById: ReadonlyMap<ChainId, Chain>;
  /** Parsed comments of rules that carry one (cached; `null` when the comment names no Service port). */
  readonly comments: ReadonlyMap<RuleId, KubeComment | null>;
  /** Rules (in any chain) that jump or go to a chain. */
  readonly incoming: ReadonlyMap<ChainId, readonly Rule[]>;
}

/** Indexes a Ruleset for the analysis. Linear in the number of rules. */
export function buildContext(ruleset: Ruleset): AnalysisContext {
  const kubeChains: Chain[] = [];
  const chainById = new Map<ChainId, Chain>();
  const comments = new Map<RuleId, KubeComment | null>();
  const incoming = new Map<ChainId, Rule[]>();
  for (const tableName of TABLE_NAMES) {
    const table = ruleset.tables[tableName];
    if (!table) continue;
    const names = [...table.order];
    // Referenced-only chains may be missing from `order`; keep them too, after the declared ones.
    const seen = new Set(names);
    for (const name of Object.keys(table.chains)) if (!seen.has(name)) names.push(name);
    for (const name of names) {
      const chain = table.chains[name];
      if (!chain) continue;
      chainById.set(chain.id, chain);
      if (isKubeChain(name)) kubeChains.push(chain);
      for (const rule of chain.rules) {
        if (rule.comment !== null && isKubeChain(name)) comments.set(rule.id, parseKubeComment(rule.comment));
        const to = jumpTarget(rule);
        if (to === null) continue;
        const id = chainId(tableName, to);
        const list = incoming.get(id);
        if (list) list.push(rule);
        else incoming.set(id, [rule]);
      }
    }
  }
  return { ruleset, kubeChains, chainById, comments, incoming };
}

/** The parsed comment of a rule, if it names a Service port. */
export function commentOf(ctx: AnalysisContext, rule: Rule): KubeComment | null {
  return ctx.comments.get(rule.id) ?? null;
}

/** The rule of a RuleId (`table/chain#index`), if the Ruleset has it. */
export function ruleById(ctx: AnalysisContext, id: RuleId): Rule | undefined {
  const hash = id.lastIndexOf('#');
  const chain = ctx.chainById.get(id.slice(0, hash) as ChainId);
  return chain?.rules[Number(id.slice(hash + 1))];
}

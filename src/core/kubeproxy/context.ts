import {
  type Chain,
  type ChainId,
  parseChainId,
  parseRuleId,
  type Rule,
  type RuleId,
  type Ruleset,
  type Table,
  type TableName,
} from '../ruleset';
import { chainHash, chainRole, isKubeChain } from './chainNames';
import type { KubeComment, KubeCommentReader } from './comments';
import { portProtoHash } from './hash';
import type { HashCheck, KubeChainRole, KubeJump, OwnerSource, ServicePortName } from './kubeTypes';

/**
 * What the analysis knows about one chain name of a table: a chain of the Ruleset, or a `KUBE-*`
 * name rules only jump to (`chain === null`). Filled in step by step (owner, DNAT), so each step
 * reads it without rebuilding `table/chain` ids or searching by name again.
 */
export interface ChainFacts {
  /** Position in `ctx.facts`. */
  readonly index: number;
  readonly name: string;
  chain: Chain | null;
  /** `chain.id` (read once: later steps touch the facts, not the chain). */
  id: ChainId | null;
  readonly role: KubeChainRole;
  /** `chainHash(name)`. */
  readonly hash: string | null;
  /** Rule index (see AnalysisContext) of `chain.rules[0]`. */
  base: number;
  /** First and last rule (rule index, -1 for none) jumping or going here from the same table. */
  firstIn: number;
  lastIn: number;
  /** How many rules jump or go here. */
  inCount: number;
  owner: ServicePortName | null;
  ownerSource: OwnerSource | null;
  hashCheck: HashCheck;
  /** KUBE-SEP: the first `DNAT --to-destination` (`endpoint` is `ip:port`, IPv6 bracketed). */
  dnatRule: RuleId | null;
  endpoint: string | null;
  dnatIp: string | null;
  dnatPort: number | null;
  dnatProtocol: string | null;
  /** KUBE-SEP: the first rule jumping to KUBE-MARK-MASQ (hairpin), and whether a rule sets `-m recent`. */
  hairpinRule: RuleId | null;
  affinitySet: boolean;
}

/** Facts of a chain that exists. */
export type KubeChainFacts = ChainFacts & { chain: Chain; id: ChainId };

/**
 * The indexes every step of the kube-proxy analysis reads, built in one pass over the rules
 * (indexRules.ts).
 * Rules are numbered across the Ruleset (a chain's rules are `base … base + length - 1`); three
 * typed arrays say, per rule, its chain, the `KUBE-*` chain it jumps to and the next rule jumping
 * there, so no per-chain lists are allocated. Nothing here outlives the call.
 */
export interface AnalysisContext {
  readonly ruleset: Ruleset;
  /** Every chain and every `KUBE-*` jump target, by `index`. */
  readonly facts: readonly ChainFacts[];
  /** Every `KUBE-*` chain, tables in TABLE_NAMES order, chains in declaration order. */
  readonly kube: readonly KubeChainFacts[];
  /** Per table name: chains and `KUBE-*` jump targets by name. */
  readonly byTable: ReadonlyMap<string, ReadonlyMap<string, ChainFacts>>;
  /** Per rule index: `index` of its chain's facts. */
  readonly ruleFrom: Int32Array;
  /** Per rule index: `index` of the `KUBE-*` chain it jumps to, or -1. */
  readonly ruleTo: Int32Array;
  /** Per rule index: the next rule jumping to the same chain, or -1. */
  readonly nextIn: Int32Array;
  /**
   * Rule indices, ascending, of the rules of `KUBE-*` chains that carry a comment or sit in
   * KUBE-SERVICES / KUBE-NODEPORTS: the only rules owners and Service ports read one by one.
   */
  readonly notable: readonly number[];
  /** The parsed comment of `notable[j]`, once read (`undefined` before). */
  readonly notableComments: (KubeComment | null | undefined)[];
  /** KUBE-SVC/SVL/EXT/FW/XLB chains with a hash suffix, and KUBE-SEP chains, in `kube` order. */
  readonly hashedServices: readonly KubeChainFacts[];
  readonly hashedSeps: readonly KubeChainFacts[];
  /** `model.jumps`, when every table's chains were visited in `Object.keys` order (else `null`). */
  readonly jumps: KubeJump[] | null;
  readonly comments: KubeCommentReader;
  /** `portProtoHash` results by their hash input (`servicePortName + protocol`). */
  readonly portHashes: Map<string, string>;
  /** Facts in the order their owners were found (kubectl hash guesses read owners in this order). */
  readonly owned: ChainFacts[];
}

/** `table.chains[name]` as an own property (a chain called `constructor` is not Object's). */
export function ownChain(table: Table | undefined, name: string): Chain | undefined {
  if (table === undefined) return undefined;
  return isKubeChain(name) || Object.hasOwn(table.chains, name) ? table.chains[name] : undefined;
}

export function newFacts(index: number, name: string): ChainFacts {
  return {
    index,
    name,
    chain: null,
    id: null,
    role: chainRole(name),
    hash: chainHash(name),
    base: -1,
    firstIn: -1,
    lastIn: -1,
    inCount: 0,
    owner: null,
    ownerSource: null,
    hashCheck: 'unknown',
    dnatRule: null,
    endpoint: null,
    dnatIp: null,
    dnatPort: null,
    dnatProtocol: null,
    hairpinRule: null,
    affinitySet: false,
  };
}

/** The facts of a chain name in a table. */
export function factsOf(ctx: AnalysisContext, table: TableName, name: string): ChainFacts | undefined {
  return ctx.byTable.get(table)?.get(name);
}

/** The facts of the chain holding rule index `k`. */
export function chainOfRule(ctx: AnalysisContext, k: number): KubeChainFacts {
  return ctx.facts[ctx.ruleFrom[k] as number] as KubeChainFacts;
}

/** The rule of rule index `k`. */
export function ruleAt(ctx: AnalysisContext, k: number): Rule {
  const from = chainOfRule(ctx, k);
  return from.chain.rules[k - from.base] as Rule;
}

/** The rules jumping or going to a chain, in table order. */
export function incomingRules(ctx: AnalysisContext, facts: ChainFacts): Rule[] {
  const out: Rule[] = [];
  for (let k = facts.firstIn; k !== -1; k = ctx.nextIn[k] as number) out.push(ruleAt(ctx, k));
  return out;
}

/** The parsed comment of rule `ctx.notable[j]` (read once, shared by owners and Service ports). */
export function notableComment(ctx: AnalysisContext, j: number, rule: Rule): KubeComment | null {
  let c = ctx.notableComments[j];
  if (c === undefined) {
    c = commentOf(ctx, rule);
    ctx.notableComments[j] = c;
  }
  return c;
}

/** The parsed comment of a rule of a `KUBE-*` chain, if it names a Service port. */
export function commentOf(ctx: AnalysisContext, rule: Rule): KubeComment | null {
  return rule.comment !== null && isKubeChain(rule.chain) ? ctx.comments.read(rule.comment) : null;
}

/** The chain of a ChainId (`table/chain`), if the Ruleset has it. */
export function chainById(ctx: AnalysisContext, id: ChainId): Chain | undefined {
  const p = parseChainId(id);
  return p === null ? undefined : ownChain(ctx.ruleset.tables[p.table], p.chain);
}

/** The rule of a RuleId (`table/chain#index`), if the Ruleset has it. */
export function ruleById(ctx: AnalysisContext, id: RuleId): Rule | undefined {
  const p = parseRuleId(id);
  return p === null ? undefined : ownChain(ctx.ruleset.tables[p.table], p.chain)?.rules[p.index];
}

/** `portProtoHash(name, protocol)`, computed once per analysis for each input (a Service port's SVC/SVL/EXT/FW chains share it). */
export function cachedPortHash(ctx: AnalysisContext, name: string, protocol: string): string {
  const input = name + protocol.toLowerCase();
  let hash = ctx.portHashes.get(input);
  if (hash === undefined) {
    hash = portProtoHash(name, protocol);
    ctx.portHashes.set(input, hash);
  }
  return hash;
}

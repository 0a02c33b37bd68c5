import { type Chain, chainId, type Rule, type Ruleset, TABLE_NAMES, type Table } from '../ruleset';
import { isKubeChain, KUBE_CHAIN } from './chainNames';
import { KubeCommentReader } from './comments';
import { type AnalysisContext, type ChainFacts, type KubeChainFacts, newFacts, ownChain } from './context';
import type { KubeJump } from './kubeTypes';
import { dnatEndpoint, protocolOf } from './ruleFacts';

/**
 * Builds the AnalysisContext in one pass over the rules: per rule its chain, its `KUBE-*` jump
 * target and the next rule jumping there (typed arrays), the rules later steps read one by one,
 * each KUBE-SEP's DNAT, hairpin and affinity, and — when chains come in `Object.keys` order, as
 * in any lowered dump — the model's `jumps`. Every later step then reads facts instead of
 * walking the 10^5 rules again.
 */

/** Growable per-rule arrays. */
class RuleArrays {
  from: Int32Array;
  to: Int32Array;
  next: Int32Array;
  constructor(capacity: number) {
    this.from = new Int32Array(capacity);
    this.to = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
  }
  ensure(size: number): void {
    if (size <= this.from.length) return;
    const grow = (a: Int32Array) => {
      const b = new Int32Array(size * 2);
      b.set(a);
      return b;
    };
    this.from = grow(this.from);
    this.to = grow(this.to);
    this.next = grow(this.next);
  }
}

/** Indexes a Ruleset for the analysis. Linear in the number of rules. */
export function buildContext(ruleset: Ruleset): AnalysisContext {
  const facts: ChainFacts[] = [];
  const kube: KubeChainFacts[] = [];
  const byTable = new Map<string, Map<string, ChainFacts>>();
  const jumpsByTable = new Map<Table, KubeJump[]>();
  // Sized from ruleCount (capped: a wrong count only costs a regrowth).
  const arrays = new RuleArrays(Math.min(1 << 22, Math.max(1024, ruleset.ruleCount | 0)));
  const notable: number[] = [];
  const hashedServices: KubeChainFacts[] = [];
  const hashedSeps: KubeChainFacts[] = [];
  let count = 0;

  for (const tableName of TABLE_NAMES) {
    const table = ruleset.tables[tableName];
    if (!table) continue;
    const byName = new Map<string, ChainFacts>();
    byTable.set(tableName, byName);
    const { chains, inKeyOrder } = claimChains(table, byName, facts);
    const jumps: KubeJump[] | null = inKeyOrder ? [] : null;
    if (jumps) jumpsByTable.set(table, jumps);
    const factsFor = (name: string): ChainFacts => {
      let f = byName.get(name);
      if (f === undefined) {
        f = newFacts(facts.length, name);
        facts.push(f);
        byName.set(name, f);
      }
      return f;
    };
    // Most jumps go to a few chains (KUBE-MARK-MASQ from every KUBE-SEP): remember the last one.
    let lastName: string | null = null;
    let lastFacts: ChainFacts | null = null;
    for (const f of chains) {
      const chain = f.chain;
      const isKube = isKubeChain(f.name);
      if (isKube) kube.push(f);
      if (f.hash !== null) (f.role === 'sep' ? hashedSeps : hashedServices).push(f);
      const entries = f.role === 'services' || f.role === 'nodeports';
      const sep = f.role === 'sep';
      const rules = chain.rules;
      f.base = count;
      arrays.ensure(count + rules.length);
      const { from, to: ruleTo, next } = arrays;
      for (let i = 0; i < rules.length; i++, count++) {
        const rule = rules[i] as Rule;
        from[count] = f.index;
        ruleTo[count] = -1;
        if (isKube && (entries || rule.comment !== null)) notable.push(count);
        const t = rule.target;
        if (sep) readSepRule(f, rule);
        if (t.kind !== 'jump') continue;
        let to: ChainFacts | null = null;
        if (t.chain === lastName || isKubeChain(t.chain)) {
          if (t.chain === lastName) to = lastFacts as ChainFacts;
          else {
            to = factsFor(t.chain);
            lastName = t.chain;
            lastFacts = to;
          }
          ruleTo[count] = to.index;
          next[count] = -1;
          if (to.firstIn === -1) to.firstIn = count;
          else next[to.lastIn] = count;
          to.lastIn = count;
          to.inCount++;
        }
        if (jumps && (isKube || to !== null)) {
          const toId = to?.id ?? chainId(table.name, t.chain);
          jumps.push({ from: f.id, to: toId, rule: rule.id, goto: t.goto });
        }
      }
    }
  }
  return {
    ruleset,
    facts,
    kube,
    byTable,
    ruleFrom: arrays.from,
    ruleTo: arrays.to,
    nextIn: arrays.next,
    notable,
    notableComments: new Array(notable.length),
    hashedServices,
    hashedSeps,
    jumps: orderJumps(ruleset, jumpsByTable),
    comments: new KubeCommentReader(),
    portHashes: new Map(),
    owned: [],
  };
}

/**
 * Creates the facts of every chain of a table, in declaration order then any chain `order`
 * misses (referenced-only chains), and tells whether that is `Object.keys` order.
 */
function claimChains(
  table: Table,
  byName: Map<string, ChainFacts>,
  facts: ChainFacts[],
): { chains: KubeChainFacts[]; inKeyOrder: boolean } {
  const chains: KubeChainFacts[] = [];
  const keys: string[] = [];
  const claim = (chain: Chain, key: string): void => {
    const f = newFacts(facts.length, chain.name) as KubeChainFacts;
    const size = byName.size;
    byName.set(chain.name, f);
    if (byName.size === size) {
      // The name was claimed already (a repeated `order` entry): keep the first.
      byName.set(chain.name, chains.find((c) => c.name === chain.name) as KubeChainFacts);
      return;
    }
    f.chain = chain;
    f.id = chain.id;
    facts.push(f);
    chains.push(f);
    keys.push(key);
  };
  for (const name of table.order) {
    const chain = ownChain(table, name);
    if (chain) claim(chain, name);
  }
  // Referenced-only chains may be missing from `order`; keep them too, after the declared ones.
  const names = Object.keys(table.chains);
  if (names.length !== chains.length) {
    for (const name of names) {
      const chain = table.chains[name] as Chain;
      if (!byName.has(chain.name)) claim(chain, name);
    }
  }
  let inKeyOrder = names.length === keys.length;
  for (let i = 0; inKeyOrder && i < names.length; i++) inKeyOrder = names[i] === keys[i];
  return { chains, inKeyOrder };
}

/** What a KUBE-SEP rule says about its endpoint: the first DNAT, the hairpin mark, `recent --set`. */
function readSepRule(f: ChainFacts, rule: Rule): void {
  const t = rule.target;
  if (t.kind === 'DNAT' && f.dnatRule === null) {
    const range = t.ranges[0];
    if (range && range.minIp !== null) {
      f.dnatRule = rule.id;
      f.endpoint = dnatEndpoint(t);
      f.dnatIp = range.minIp;
      f.dnatPort = range.minPort;
      f.dnatProtocol = protocolOf(rule);
    }
  } else if (t.kind === 'jump' && f.hairpinRule === null && t.chain === KUBE_CHAIN.markMasq) {
    f.hairpinRule = rule.id;
  }
  if (!f.affinitySet)
    for (const m of rule.matches) if (m.kind === 'recent' && m.action === 'set') f.affinitySet = true;
}

/** The jumps of every table in `Object.values(ruleset.tables)` order, or `null` if one is missing. */
function orderJumps(ruleset: Ruleset, jumpsByTable: ReadonlyMap<Table, KubeJump[]>): KubeJump[] | null {
  const all: KubeJump[][] = [];
  for (const table of Object.values(ruleset.tables)) {
    if (!table) continue;
    const jumps = jumpsByTable.get(table);
    if (!jumps) return null;
    all.push(jumps);
  }
  if (all.length === 1) return all[0] as KubeJump[];
  const out: KubeJump[] = [];
  return out.concat(...all);
}

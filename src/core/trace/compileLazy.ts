import type { Rule, Ruleset, TableId } from '../ruleset';
import type { CChain, CRule } from './compiled';
import { type IndexKey, segmentsOfKeys } from './indexChains';

/**
 * How a Ruleset whose rules are read on demand (core/lazy) feeds the tracer without being read
 * whole. Such a Ruleset is plain in shape — `chain.rules[i]` and `.length` — but reading a rule
 * parses its line; for a chain as long as KUBE-SERVICES (10,000s of rules) even that is too much
 * for one trace. So the reader may give, for a long chain, each rule's index key (indexChains.ts)
 * from the text: the chain is then indexed from those keys and a rule is read and compiled only
 * when a walk reaches it — the rules that can match the packet, and those without a key. Which
 * rules a walk evaluates, and in what order, is what the index gives for the whole chain: the
 * trace is the same.
 */
export interface RuleSource {
  /** The index keys of `table/chain`'s rules (one per rule), or null: compile it as usual. */
  keys(table: TableId, chain: string): readonly IndexKey[] | null;
}

const sources = new WeakMap<Ruleset, RuleSource>();

/** Registers `source` for `ruleset` (before its first trace). */
export function registerRuleSource(ruleset: Ruleset, source: RuleSource): void {
  sources.set(ruleset, source);
}

/** The registered source of `ruleset`, if any. */
export function ruleSourceOf(ruleset: Ruleset): RuleSource | undefined {
  return sources.get(ruleset);
}

/**
 * Prepares `c` from the source's keys when it has them and they make an index: `c.rules` then
 * compiles rule i (`compile(c.source[i])`) on first read. Returns false when it did nothing.
 */
export function prepareFromKeys(c: CChain, source: RuleSource, compile: (rule: Rule) => CRule): boolean {
  const keys = source.keys(c.table, c.name);
  if (keys === null || keys.length !== c.source.length) return false;
  const seg = segmentsOfKeys(keys);
  if (seg === null) return false;
  const n = keys.length;
  const done: (CRule | undefined)[] = new Array(n);
  const rules = c.source;
  c.rules = new Proxy(done as CRule[], {
    get(target, prop, receiver) {
      if (typeof prop === 'string') {
        const k = prop.charCodeAt(0) - 48;
        if (k >= 0 && k <= 9) {
          const i = Number(prop);
          if (!(i < n)) return undefined;
          let r = target[i];
          if (r === undefined) {
            r = compile(rules[i] as Rule);
            target[i] = r;
          }
          return r;
        }
        if (prop === 'length') return n;
      }
      // Anything else (map, iteration, …) reads every rule: compile them all first.
      for (let i = 0; i < n; i++) if (target[i] === undefined) target[i] = compile(rules[i] as Rule);
      return Reflect.get(target, prop, receiver);
    },
    has(target, prop) {
      if (typeof prop === 'string' && Number(prop) < n) return true;
      return Reflect.has(target, prop);
    },
  });
  c.seg = seg;
  return true;
}

import type { RuleCursor, RuleNode, TableNode } from '../iptables';
import { type Chain, chainId, type Rule, type Target } from '../ruleset';

/** A Chain under construction: its `rules` are filled in last (core/lower/lower.ts). */
export type ChainBuild = { -readonly [K in keyof Chain]: Chain[K] };

/**
 * The chains of one table while it is lowered: Chain objects in order, found by name, with per
 * chain counters in plain arrays (no draft object per chain: a 10,000-Service dump has 130,000
 * chains). When every chain and rule of the document came from one parse, chains are found by the
 * parse's chain-name ids (an array read, RuleCursor) instead of hashing the name; other documents
 * (built by hand) use a Map.
 */
export class ChainIndex {
  /** Chains by position (0..size-1; preallocated). */
  readonly list: ChainBuild[];
  size = 0;
  /** Per chain (by position): its rules, of which `-I` ones; where they start in the rule order. */
  counts: Int32Array;
  inserts: Int32Array;
  starts: Int32Array;
  /** Per chain: the lowered `-j NAME` / `-g NAME` (without options) to it, once met. */
  readonly jumps: (Target | null | undefined)[];
  readonly gotos: (Target | null | undefined)[];
  private readonly byName = new Map<string, number>();
  /** Chain-name id → position + 1 (0: none). */
  private readonly byId: Int32Array;

  /** `capacity`: the expected number of chains (more is fine). */
  constructor(
    private readonly cursor: RuleCursor,
    capacity: number,
  ) {
    this.byId = new Int32Array(cursor.chainIdCount);
    this.list = new Array<ChainBuild>(capacity);
    this.counts = new Int32Array(capacity);
    this.inserts = new Int32Array(capacity);
    this.starts = new Int32Array(capacity);
    this.jumps = new Array<Target | null | undefined>(capacity).fill(undefined);
    this.gotos = new Array<Target | null | undefined>(capacity).fill(undefined);
  }

  private idOf(name: string, id: number): number {
    if (!this.cursor.fromOneParse) return -1;
    const i = id >= 0 ? id : this.cursor.chainIdOf(name);
    return i < this.byId.length ? i : -1;
  }

  /** The position of chain `name`, or -1; `id` is its chain-name id when the caller knows it. */
  find(name: string, id = -1): number {
    const i = this.idOf(name, id);
    if (i >= 0) return (this.byId[i] as number) - 1;
    return this.byName.get(name) ?? -1;
  }

  has(name: string): boolean {
    return this.find(name) >= 0;
  }

  /** Appends a chain; returns its position. */
  add(chain: ChainBuild, id = -1): number {
    const k = this.size++;
    const i = this.idOf(chain.name, id);
    if (i >= 0) this.byId[i] = k + 1;
    else this.byName.set(chain.name, k);
    if (k === this.counts.length) this.grow();
    if (k < this.list.length) {
      this.list[k] = chain;
      this.jumps[k] = undefined;
      this.gotos[k] = undefined;
    } else {
      this.list.push(chain);
      this.jumps.push(undefined);
      this.gotos.push(undefined);
    }
    return k;
  }

  private grow(): void {
    const cap = this.counts.length * 2 + 16;
    const grow = (a: Int32Array): Int32Array => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.counts = grow(this.counts);
    this.inserts = grow(this.inserts);
    this.starts = grow(this.starts);
  }

  /** The chain names in order. */
  order(): string[] {
    const out = new Array<string>(this.size);
    for (let k = 0; k < this.size; k++) out[k] = (this.list[k] as ChainBuild).name;
    return out;
  }
}

/** An empty span at `at` (where an implied or referenced chain is first met). */
export function span(at: number): { start: number; end: number } {
  return { start: at, end: at };
}

/** Rule indices chain by chain, each chain's `-I` rules first (last inserted first), then its `-A` rules. */
export function ruleOrder(rules: readonly RuleNode[], which: Int32Array, index: ChainIndex): Int32Array {
  const n = index.size;
  const next = new Int32Array(n);
  const nextInsert = new Int32Array(n);
  let at = 0;
  for (let k = 0; k < n; k++) {
    const ins = index.inserts[k] as number;
    index.starts[k] = at;
    next[k] = at + ins;
    nextInsert[k] = at + ins - 1;
    at += index.counts[k] as number;
  }
  const order = new Int32Array(rules.length);
  for (let i = 0; i < rules.length; i++) {
    const k = which[i] as number;
    if ((rules[i] as RuleNode).op === 'I') {
      const p = nextInsert[k] as number;
      order[p] = i;
      nextInsert[k] = p - 1;
    } else {
      const p = next[k] as number;
      order[p] = i;
      next[k] = p + 1;
    }
  }
  return order;
}

/** `chains[name] = chain` as a data property (a chain named `__proto__` must not set the prototype). */
export function setChain(chains: Record<string, Chain>, name: string, chain: Chain): void {
  if (name === '__proto__')
    Object.defineProperty(chains, name, {
      value: chain,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else chains[name] = chain;
}

/** Placeholder until a chain's rules are lowered. */
const NO_RULES: readonly Rule[] = Object.freeze([]);

/** A chain whose rules are filled in last (core/lower/lower.ts). */
export function newChain(
  table: TableNode['name'],
  name: string,
  builtin: boolean,
  policy: Chain['policy'],
  origin: Chain['origin'],
  at: { start: number; end: number },
  line: number,
  rules: readonly Rule[] = NO_RULES,
): ChainBuild {
  return { id: chainId(table, name), table, name, builtin, policy, origin, rules, span: at, line };
}

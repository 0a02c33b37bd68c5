import type { Span } from '../text';
import type {
  NftBaseChain,
  NftChain,
  NftCommand,
  NftElement,
  NftFamily,
  NftRule,
  NftSet,
  NftTable,
} from './ast';

/** A table while it is being read (mutable; `Builder.finish` freezes it into an `NftTable`). */
export interface TableState {
  family: NftFamily;
  name: string;
  span: Span;
  line: number;
  comment: string | null;
  flags: string[];
  handle: number | null;
  iptablesNft: boolean;
  chains: Map<string, ChainState>;
  sets: Map<string, SetState>;
}

export interface ChainState {
  name: string;
  span: Span;
  line: number;
  base: NftBaseChain | null;
  comment: string | null;
  handle: number | null;
  rules: NftRule[];
  /** False when only referenced (`add rule` before `add chain`). */
  declared: boolean;
}

export type SetState = { -readonly [K in Exclude<keyof NftSet, 'elements'>]: NftSet[K] } & {
  /** Slots of deleted elements are null until `finish` compacts them. */
  elements: (NftElement | null)[];
  declared: boolean;
  /** Element key → index, built on the first `delete element` (keeps deletes linear). */
  index: Map<string, number> | null;
  deleted: number;
};

const keyOf = (e: NftElement) => e.key.join(' . ');

/**
 * The tables, chains and sets being read, shared by the three readers: the listing and `nft -f`
 * block form create objects as they meet them, transactions add, insert, flush and delete them.
 */
export class Builder {
  readonly tables = new Map<string, TableState>();
  readonly commands: NftCommand[] = [];
  /** `# Warning: table ip nat is managed by iptables-nft, do not touch!` seen for these keys. */
  readonly iptablesNftWarned = new Set<string>();

  table(family: NftFamily, name: string, span: Span, line: number): { table: TableState; created: boolean } {
    const key = `${family} ${name}`;
    let table = this.tables.get(key);
    if (table !== undefined) return { table, created: false };
    table = {
      family,
      name,
      span,
      line,
      comment: null,
      flags: [],
      handle: null,
      iptablesNft: this.iptablesNftWarned.has(key),
      chains: new Map(),
      sets: new Map(),
    };
    this.tables.set(key, table);
    return { table, created: true };
  }

  chain(
    table: TableState,
    name: string,
    span: Span,
    line: number,
    declared: boolean,
  ): { chain: ChainState; created: boolean } {
    let chain = table.chains.get(name);
    if (chain !== undefined) {
      if (declared && !chain.declared) Object.assign(chain, { span, line, declared: true });
      return { chain, created: false };
    }
    chain = { name, span, line, base: null, comment: null, handle: null, rules: [], declared };
    table.chains.set(name, chain);
    return { chain, created: true };
  }

  set(
    table: TableState,
    kind: 'set' | 'map',
    name: string,
    span: Span,
    line: number,
    declared: boolean,
  ): { set: SetState; created: boolean } {
    let set = table.sets.get(name);
    if (set !== undefined) {
      if (declared && !set.declared) Object.assign(set, { kind, span, line, declared: true });
      return { set, created: false };
    }
    set = {
      kind,
      name,
      span,
      line,
      type: null,
      typeOf: null,
      dataType: null,
      flags: [],
      timeout: null,
      size: null,
      counter: false,
      comment: null,
      handle: null,
      elements: [],
      declared,
      index: null,
      deleted: 0,
    };
    table.sets.set(name, set);
    return { set, created: true };
  }

  /** `delete element`: linear overall (one index per set, slots cleared, compacted at the end). */
  deleteElements(set: SetState, keys: readonly NftElement[]): number {
    if (set.index === null) {
      set.index = new Map();
      const index = set.index;
      set.elements.forEach((e, i) => {
        if (e !== null) index.set(keyOf(e), i);
      });
    }
    let missing = 0;
    for (const k of keys) {
      const i = set.index.get(keyOf(k));
      if (i === undefined) missing++;
      else {
        set.index.delete(keyOf(k));
        set.elements[i] = null;
        set.deleted++;
      }
    }
    return missing;
  }

  addElements(set: SetState, elements: readonly NftElement[]): void {
    for (const e of elements) {
      if (set.index !== null) set.index.set(keyOf(e), set.elements.length);
      set.elements.push(e);
    }
  }

  finish(): NftTable[] {
    const out: NftTable[] = [];
    for (const t of this.tables.values()) {
      const chains: NftChain[] = [];
      for (const c of t.chains.values()) {
        const { declared: _d, ...chain } = c;
        chains.push(chain);
      }
      const sets: NftSet[] = [];
      for (const s of t.sets.values()) {
        const { declared: _d, index: _i, deleted: _n, elements, ...set } = s;
        sets.push({ ...set, elements: elements.filter((e): e is NftElement => e !== null) });
      }
      const { chains: _c, sets: _s, ...rest } = t;
      out.push({ ...rest, chains, sets });
    }
    return out;
  }
}

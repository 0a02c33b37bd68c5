import type { TableName } from '../ruleset';
import { BUILTIN_CHAINS, type Chain, chainId, type Rule, type Ruleset, type Table } from '../ruleset';
import { type ChainStore, DISPATCH_MIN } from './chains';
import type { ScannedTable } from './scan';

/**
 * The Ruleset of a scanned text, shaped as `lowerToRuleset` shapes it (tables, chains in the same
 * order with the same fields, built-in chains implied when undeclared) but read on demand:
 * `table.chains[name]` makes the Chain when asked, and `chain.rules[i]` reads the rule (its whole
 * chain, or — for a long chain — that rule). `rules.length` reads nothing; any other use of a rules
 * array (map, iteration, …) reads the chain whole. In-process only: a Proxy does not cross a
 * postMessage — send results (a TraceResult), or the full Ruleset.
 */
export function lazyRuleset(store: ChainStore): Ruleset {
  const { scan } = store;
  const tables: Partial<Record<TableName, Table>> = {};
  for (const t of scan.tables) tables[t.name] = lazyTable(store, t);
  return { family: scan.family, tables, ruleCount: scan.ruleCount };
}

function lazyTable(store: ChainStore, t: ScannedTable): Table {
  const { scan } = store;
  const made = new Map<string, Chain>();
  const implied = BUILTIN_CHAINS[t.name].filter((name) => !t.byName.has(name));
  let order: string[] | null = null;
  const orderOf = (): string[] => {
    order ??= [...implied, ...t.chains.map((c) => scan.names.name(c))];
    return order;
  };
  const chainOf = (name: string): Chain | undefined => {
    let chain = made.get(name);
    if (chain !== undefined) return chain;
    const c = t.byName.get(name);
    if (c !== undefined) chain = declaredChain(store, t.name, c);
    else if (implied.includes(name)) chain = impliedChain(t, name);
    else return undefined;
    made.set(name, chain);
    return chain;
  };
  const chains = new Proxy({} as Record<string, Chain>, {
    get: (_target, prop) => (typeof prop === 'string' ? chainOf(prop) : undefined),
    has: (_target, prop) => typeof prop === 'string' && chainOf(prop) !== undefined,
    ownKeys: () => orderOf(),
    getOwnPropertyDescriptor: (_target, prop) => {
      const value = typeof prop === 'string' ? chainOf(prop) : undefined;
      return value === undefined
        ? undefined
        : { value, enumerable: true, configurable: true, writable: false };
    },
  });
  return {
    name: t.name,
    chains,
    get order() {
      return orderOf();
    },
  };
}

const NO_RULES: readonly Rule[] = Object.freeze([]);

/** lowerTable's chain for a built-in chain the table does not declare. */
function impliedChain(t: ScannedTable, name: string): Chain {
  return {
    id: chainId(t.name, name),
    table: t.name,
    name,
    builtin: true,
    policy: 'ACCEPT',
    origin: 'implied',
    rules: NO_RULES,
    span: { start: t.start, end: t.start },
    line: t.line,
  };
}

function declaredChain(store: ChainStore, table: TableName, c: number): Chain {
  const { scan } = store;
  const name = scan.names.name(c);
  const builtin = BUILTIN_CHAINS[table].includes(name);
  const start = scan.declStart[c] as number;
  const end = scan.declEnd[c] as number;
  // `:NAME POLICY …`: the policy word follows the name (the scan took no quotes, no tabs).
  const ps = start + 1 + name.length + 1;
  const drop = scan.text.startsWith('DROP', ps) && (ps + 4 === end || scan.text.charCodeAt(ps + 4) === 32);
  return {
    id: chainId(table, name),
    table,
    name,
    builtin,
    policy: builtin ? (drop ? 'DROP' : 'ACCEPT') : null,
    origin: 'declared',
    rules: lazyRules(store, c),
    span: { start, end },
    line: scan.declLine[c] as number,
  };
}

/** Chain `c`'s rules as an array that reads a rule on first access (see the file comment). */
function lazyRules(store: ChainStore, c: number): readonly Rule[] {
  const n = store.scan.count[c] as number;
  if (n === 0) return NO_RULES;
  const target = new Array<Rule>(n);
  let whole = false;
  const readAll = (): void => {
    if (whole) return;
    const all = store.chain(c).rules;
    for (let i = 0; i < n; i++) target[i] = all[i] as Rule;
    whole = true;
  };
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop === 'string') {
        const d = prop.charCodeAt(0) - 48;
        if (d >= 0 && d <= 9) {
          const i = Number(prop);
          if (!(i < n)) return undefined;
          let r = t[i];
          if (r === undefined) {
            if (n < DISPATCH_MIN) readAll();
            else t[i] = store.rule(c, i);
            r = t[i];
          }
          return r;
        }
        if (prop === 'length') return n;
      }
      readAll();
      return Reflect.get(t, prop, receiver);
    },
    has(t, prop) {
      if (typeof prop === 'string' && Number(prop) < n) return true;
      return Reflect.has(t, prop);
    },
    ownKeys(t) {
      readAll();
      return Reflect.ownKeys(t);
    },
    getOwnPropertyDescriptor(t, prop) {
      readAll();
      return Reflect.getOwnPropertyDescriptor(t, prop);
    },
  });
}

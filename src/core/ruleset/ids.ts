import { TABLE_NAMES, type TableName } from './tables';

/**
 * Ids of chains and rules: `nat/KUBE-SERVICES` and `nat/KUBE-SERVICES#3` (0-based index inside the
 * chain). The one place that writes and reads them. A table name never holds `/` and an index never
 * holds `#`, so the first `/` and the last `#` split an id whatever its chain name holds.
 * Never change the format: ids travel in worker messages and the UI's selection.
 */

declare const brand: unique symbol;
/** `"nat/KUBE-SERVICES"`. */
export type ChainId = string & { readonly [brand]: 'ChainId' };
/** `"nat/KUBE-SERVICES#3"` (0-based index inside the chain). */
export type RuleId = string & { readonly [brand]: 'RuleId' };

export function chainId(table: TableName, chain: string): ChainId {
  return `${table}/${chain}` as ChainId;
}
export function ruleId(table: TableName, chain: string, index: number): RuleId {
  return `${table}/${chain}#${index}` as RuleId;
}

const isTableName = (s: string): s is TableName => (TABLE_NAMES as readonly string[]).includes(s);

/** `table/chain` split; null when the table part is not a table name. */
export function parseChainId(id: string): { table: TableName; chain: string } | null {
  const slash = id.indexOf('/');
  const table = id.slice(0, slash);
  return slash > 0 && isTableName(table) ? { table, chain: id.slice(slash + 1) } : null;
}

/** `table/chain#index` split; null for anything else (no table, no `#`, an index not in decimal digits). */
export function parseRuleId(id: string): { table: TableName; chain: string; index: number } | null {
  const hash = id.lastIndexOf('#');
  const c = hash < 0 ? null : parseChainId(id.slice(0, hash));
  const digits = id.slice(hash + 1);
  if (c === null || !/^\d{1,9}$/.test(digits)) return null;
  return { table: c.table, chain: c.chain, index: Number(digits) };
}

import { TABLE_NAMES, type TableId } from './tables';

/**
 * Ids of chains and rules: `nat/KUBE-SERVICES` and `nat/KUBE-SERVICES#3` (0-based index inside the
 * chain); nftables tables by their TableId: `ip kube-proxy/services#0`. The one place that writes and
 * reads them. A table name never holds `/` (nft allows it in names; such a table's ids do not parse)
 * and an index never holds `#`, so the first `/` and the last `#` split an id whatever its chain
 * name holds (kube-proxy's nftables chain names hold `/`).
 * Never change the format: ids travel in worker messages and the UI's selection.
 */

declare const brand: unique symbol;
/** `"nat/KUBE-SERVICES"`. */
export type ChainId = string & { readonly [brand]: 'ChainId' };
/** `"nat/KUBE-SERVICES#3"` (0-based index inside the chain). */
export type RuleId = string & { readonly [brand]: 'RuleId' };

export function chainId(table: TableId, chain: string): ChainId {
  return `${table}/${chain}` as ChainId;
}
export function ruleId(table: TableId, chain: string, index: number): RuleId {
  return `${table}/${chain}#${index}` as RuleId;
}

const NFT_TABLE = /^(?:ip|ip6|inet|arp|bridge|netdev) \S+$/;
const isTableName = (s: string): s is TableId =>
  (TABLE_NAMES as readonly string[]).includes(s) || NFT_TABLE.test(s);

/** `table/chain` split; null when the table part is not a table name. */
export function parseChainId(id: string): { table: TableId; chain: string } | null {
  const slash = id.indexOf('/');
  const table = id.slice(0, slash);
  return slash > 0 && isTableName(table) ? { table, chain: id.slice(slash + 1) } : null;
}

/** `table/chain#index` split; null for anything else (no table, no `#`, an index not in decimal digits). */
export function parseRuleId(id: string): { table: TableId; chain: string; index: number } | null {
  const hash = id.lastIndexOf('#');
  const c = hash < 0 ? null : parseChainId(id.slice(0, hash));
  const digits = id.slice(hash + 1);
  if (c === null || !/^\d{1,9}$/.test(digits)) return null;
  return { table: c.table, chain: c.chain, index: Number(digits) };
}

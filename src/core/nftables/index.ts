/**
 * Public surface of the nftables readers: `nft list ruleset` text, `nft -j list ruleset` JSON and
 * `nft -f` / knftables transactions, read into one tree (ast.ts) with spans and diagnostics.
 *
 * Conventions the evaluator can rely on, whichever form was read:
 * - selectors are `field` names as nft lists them ("ip daddr", "th dport", "meta l4proto",
 *   "ct state", "ct status"); the shorthand `mark`/`iifname`/… is widened to "meta mark"/…;
 * - `match.op` is null for an implicit match (nft's "==" for values, membership for `{ … }` and
 *   `@set`, flag test for `ct state`/`ct status`/`tcp flags`); JSON's "==" and "in" become null;
 *   "==" stays when written (nft prints it after a binop: `meta mark & 0x00004000 == 0x00000000`);
 * - literals keep their spelling (`0x00004000`, `10.0.0.0/8`, `80-90`, `[fd00::1]:80`);
 *   `and`/`or`/`xor` are stored as `&`/`|`/`^`;
 * - a `vmap`/`map` names its map with `setref` (named, look it up in `table.sets`) or carries an
 *   anonymous `set` whose elements have `value` (a verdict or data parts);
 * - rules keep the order the kernel runs them in (transactions are replayed: `insert`, `flush`,
 *   `delete`); named set elements keep text order (the listing sorts them, transactions do not);
 * - iptables-nft tables have `iptablesNft`; see `iptablesNftProbability` for `meta random`.
 */
export type {
  NftBaseChain,
  NftChain,
  NftCommand,
  NftDocument,
  NftElement,
  NftExpr,
  NftFamily,
  NftForm,
  NftPriority,
  NftRule,
  NftSet,
  NftStatement,
  NftStatementBody,
  NftTable,
  NftVerdict,
  NftVerdictKind,
} from './ast';
export { NFT_FAMILIES } from './ast';
export { NFTABLES_CODES, type NftablesCode, nftSeverityOf } from './codes';
export { detectRulesetFormat, type RulesetFormat } from './detect';
export { iptablesNftProbability } from './iptablesNft';
export { parseNftables } from './parse';
export { printElement, printExpr, printStatement } from './print';
export { resolvePriority } from './priority';

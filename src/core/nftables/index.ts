/**
 * Public surface of the nftables readers: `nft list ruleset` text, `nft -j list ruleset` JSON and
 * `nft -f` / knftables transactions, read into one tree (ast.ts) with spans and diagnostics.
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

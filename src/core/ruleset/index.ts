export type { ChainId, RuleId } from './ids';
export { chainId, parseChainId, parseRuleId, ruleId } from './ids';
export type { NftElementModel, NftOperand, NftSetModel, NftSetRef } from './nft';
export { nftText } from './nftText';
export type { Chain, Match, NatRange, PortRange, Rule, Ruleset, Table, Target } from './ruleset';
export type { BaseChain, HookName, TableId, TableName } from './tables';
export {
  BUILTIN_CHAINS,
  baseChainsOn,
  HOOK_NAMES,
  NAT_CORE_PRIORITY,
  TABLE_NAMES,
} from './tables';

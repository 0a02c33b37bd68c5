export type { ChainId, RuleId } from './ids';
export { chainId, parseChainId, parseRuleId, ruleId } from './ids';
export type { Chain, Match, NatRange, PortRange, Rule, Ruleset, Table, Target } from './ruleset';
export type { BaseChain, HookName, TableName } from './tables';
export { BASE_CHAINS, BUILTIN_CHAINS, baseChainsOn, HOOK_NAMES, NF_IP_PRI, TABLE_NAMES } from './tables';

export type { ChainId, RuleId } from './ids';
export { chainId, parseChainId, parseRuleId, ruleId } from './ids';
export type { Chain, Match, NatRange, PortRange, Rule, Ruleset, Table, Target } from './ruleset';
export type { HookName, TableName } from './tables';
export { BUILTIN_CHAINS, baseChainsOn, HOOK_NAMES, TABLE_NAMES } from './tables';

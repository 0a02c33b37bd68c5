export type {
  Chain,
  ChainId,
  Match,
  NatRange,
  PortRange,
  Rule,
  RuleId,
  Ruleset,
  Table,
  Target,
} from './ruleset';
export { BUILTIN_CHAINS, chainId, ruleId } from './ruleset';

export { compileRuleset } from './compile';
export type { RuleSource } from './compileLazy';
export { registerRuleSource } from './compileLazy';
export type { HookName, HookStep } from './hooks';
export { HOOK_TABLES, ROUTES } from './hooks';
export type { IndexKey } from './indexChains';
export { MAX_CHAIN_ENTRIES } from './machine';
export type { Lang, MessageId } from './messages';
export { message } from './messages';
export { simulate } from './simulate';
export { trace } from './trace';
export type {
  L4Protocol,
  Origin,
  Outcome,
  Packet,
  PathStep,
  SimulationResult,
  StepPacket,
  TraceEnv,
  TraceResult,
} from './types';

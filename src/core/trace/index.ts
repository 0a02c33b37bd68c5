export { compileRuleset } from './compile';
export type { CRule } from './compiled';

export { registerRuleSource } from './compileLazy';
export type { HookName, HookStep } from './hooks';
export { HOOK_TABLES, ROUTES } from './hooks';
export type { IndexKey } from './indexChains';
export { indexKey } from './indexChains';
export type { Lang, MessageId } from './messages';
export { message } from './messages';
export type { SimulationRun } from './simulate';
export { simulate, startSimulation } from './simulate';
export { trace } from './trace';
export type {
  L4Protocol,
  Origin,
  Outcome,
  Packet,
  PathStep,
  SimulationResult,
  StandardTrace,
  StepPacket,
  TraceEnv,
  TraceResult,
} from './types';

export { parseCidr } from './address';
export type {
  IptablesDocument,
  MatchNode,
  OptionNode,
  RuleNode,
  TableNode,
  TargetNode,
} from './ast';
export type { ChainNames } from './chainNames';
export { IPTABLES_CODES, severityOf } from './codes';
export { PER_OPTION_MODULES, TARGET_GOTO, TARGET_JUMP, TARGET_NONE } from './entries';
export { LineReader } from './lineReader';
export { materializeShape, optionNode } from './materialize';
export { NON_TERMINAL_TARGETS, TARGET_OPTIONS } from './modules';
export {
  parseMarkMask,
  parsePort,
  parsePortList,
  parsePortRange,
  parseProbability,
  parseUint32,
} from './numbers';
export { parseIptablesSave } from './parse';
export { SavedChain } from './savedChain';
export type { ParseSource } from './savedRule';
export { rereadPiece, ruleBody, SavedRule, targetNameSpan, toPlainRule } from './savedRule';

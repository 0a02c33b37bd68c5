// The reader's public surface. Its packed storage (chain-name ids, piece pool, rule shapes) stays
// private: lowering reads it through the cursor (cursor.ts) only.
export { parseCidr } from './address';
export type {
  IptablesDocument,
  MatchNode,
  OptionNode,
  RuleNode,
  TableNode,
  TargetNode,
} from './ast';
export { IPTABLES_CODES, severityOf } from './codes';
export { openRules, type RuleCursor } from './cursor';
export { NFT_MAX_DEPTH } from './jumpGraph';
export { LineReader } from './lineReader';
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
export { toPlainRule } from './savedRule';

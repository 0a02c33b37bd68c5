export type { ChainStore } from './chains';
export { DISPATCH_MIN } from './chains';
export { textKey } from './dispatch';
export type { LazyRuleset } from './open';
export { openLazyRuleset } from './open';
export type { Scan, ScanResult } from './scan';
export { scanIptablesSave } from './scan';

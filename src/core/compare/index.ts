export { compareDumps } from './compare';
export type { Comparison } from './types';

export { compareDumps } from './compare';
export { formatProbability } from './outcomes';
export type { Comparison, OutcomeSummary, ServiceDifference } from './types';

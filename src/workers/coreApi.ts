/**
 * The core entry points the worker runs, in one place (the worker's whole dependency on core/).
 * Import this only from the worker side: elk's layout bundle is large.
 */

export {
  analyzeTexts as analyzeInputs,
  stageFailure,
  traceTexts,
  withIpsets,
  withIpvs,
} from '../core/analyze';
export { compareDumps } from '../core/compare';
export { ipvsModeEvidence } from '../core/kubeproxy';
export { startSimulation, trace } from '../core/trace';
export { buildChainGraph, layoutGraphRoutes, suggestPacket } from '../core/view';

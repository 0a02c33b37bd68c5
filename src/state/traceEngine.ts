// The tracer entry points the trace slice calls on the main thread: trace() is fast (its compiled
// Ruleset is cached per Ruleset), simulate() is run in chunks by the slice so the bars fill live.
import type { Ruleset } from '../core/model/ruleset';
import { simulate } from '../core/trace/simulate';
import { trace } from '../core/trace/trace';
import type { Packet, SimulationResult, TraceEnv, TraceResult } from '../core/trace/types';

/** `trace(ruleset, packet, env)`: every outcome with its probability; never throws on input. */
export function runTrace(ruleset: Ruleset, packet: Packet, env: TraceEnv): TraceResult {
  return trace(ruleset, packet, env);
}

/**
 * The first `connections` connections of a seeded simulation (paths not kept). The same seed gives
 * the same first connections whatever the count, so growing counts stream one simulation.
 */
export function runSimulation(
  ruleset: Ruleset,
  packet: Packet,
  env: TraceEnv,
  options: { connections: number; seed: number },
): SimulationResult {
  return simulate(ruleset, packet, env, { ...options, keepPaths: false });
}

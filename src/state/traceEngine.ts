// Where the trace slice's traces and simulations run. The Ruleset lives in the analysis worker
// (protocol.ts), so the app's engine asks the worker client; tests install a local engine over a
// Ruleset they loaded (traceEngine.node.ts). Nothing here imports the tracer: it stays out of the
// page's bundle.

import type { KubeProxyModel } from '../core/kubeproxy';
import type { Packet, TraceEnv, TraceResult } from '../core/trace';
import type { RuleLookup } from '../core/view';
import { getAnalysisClient } from '../workers/client';

/** A trace result, the rules (`RuleLookup`) the page needs to describe it, the model of its Services. */
export interface EngineTrace {
  readonly result: TraceResult;
  readonly rules: RuleLookup;
  readonly model: KubeProxyModel | null;
}

/** Cumulative counts of a simulation stream (`ip:port` or `<none>` → connections). */
export interface EngineProgress {
  readonly done: number;
  readonly counts: Readonly<Record<string, number>>;
  readonly final: boolean;
}

export interface TraceEngine {
  /** `trace(ruleset, packet, env)` on the last good Ruleset; `null` when superseded or failed. */
  trace(packet: Packet, env: TraceEnv): Promise<EngineTrace | null>;
  /**
   * A seeded simulation of `connections` connections, reported every `chunk` connections through
   * `onProgress` (cumulative counts). `cancel` stops it; `done` settles when it ends either way.
   */
  simulate(
    packet: Packet,
    env: TraceEnv,
    options: { connections: number; seed: number; chunk: number },
    onProgress: (p: EngineProgress) => void,
  ): { cancel(): void; done: Promise<void> };
}

/** The engine over the app's worker client (`null` before the client is connected). */
function workerEngine(): TraceEngine | null {
  const client = getAnalysisClient();
  if (!client) return null;
  return {
    trace: (packet, env) => client.trace(packet, env),
    simulate(packet, env, options, onProgress) {
      const run = client.simulate(packet, env, options, (r) =>
        onProgress({ done: r.done, counts: r.endpointCounts, final: r.final }),
      );
      return { cancel: () => client.cancel(run.id), done: run.done.then(() => undefined) };
    },
  };
}

let override: TraceEngine | null = null;

/** Replaces the worker engine (tests); `null` restores it. */
export function setTraceEngine(engine: TraceEngine | null): void {
  override = engine;
}

/** The engine to use now: the override, else the worker client's; `null` when neither exists. */
export function getTraceEngine(): TraceEngine | null {
  return override ?? workerEngine();
}

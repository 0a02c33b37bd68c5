// A TraceEngine over a Ruleset in the same thread, for Node tests of the store: the same
// functions the worker runs (workers/queries.ts), answered as resolved promises.
import type { KubeProxyModel } from '../core/kubeproxy';
import type { Ruleset } from '../core/ruleset';
import { simulateCounts, traceWithRules } from '../workers/queries';
import type { TraceEngine } from './engine';

/** An engine that traces and simulates on `ruleset` synchronously (one microtask per answer). */
export function localTraceEngine(ruleset: Ruleset, model: KubeProxyModel | null = null): TraceEngine {
  return {
    trace: async (packet, env) => traceWithRules(ruleset, model, packet, env),
    simulate(packet, env, options, onProgress) {
      let cancelled = false;
      const done = (async () => {
        for (let n = 0; n < options.connections && !cancelled; ) {
          n = Math.min(options.connections, n + options.chunk);
          const counts = simulateCounts(ruleset, packet, env, n, options.seed);
          onProgress({ done: n, counts, final: n >= options.connections });
          await Promise.resolve();
        }
      })();
      return {
        cancel: () => {
          cancelled = true;
        },
        done,
      };
    },
  };
}

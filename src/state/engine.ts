// What the store asks of the analysis worker, as an interface injected into `createAppStore`.
// The Ruleset lives in the worker (protocol.ts): the app's engine is the worker client
// (`workerEngine`); tests inject a fake (fakes.node.ts) or a same-thread engine over a Ruleset
// they loaded (engine.node.ts). Nothing here imports the tracer: it stays out of the page's bundle.

import type { KubeProxyModel } from '../core/kubeproxy';
import type { Packet, TraceEnv, TraceResult } from '../core/trace';
import type { RuleLookup } from '../core/view';
import { AnalysisClient, type ClientListener, type WorkerLike } from '../workers/client';
import type { ChainFacts, ComparedResponse, CompareInput, GraphFocus, RuleRef } from '../workers/protocol';

export type { ClientListener as EngineListener } from '../workers/client';

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

/** The whole engine: analysis (answers through `listen`), layout, the editor's questions, traces. */
export interface AnalysisEngine extends TraceEngine {
  /** Sends the texts for analysis; the answer goes to the listener's `analyzed`. Returns the request id. */
  analyze(iptablesText: string, kubectlText: string, focus: GraphFocus | null): number;
  /** Re-draws the last good graph with another focus; the answer goes to the listener's `layout`. */
  layout(focus: GraphFocus | null): void;
  /** The rule on a 1-based line of the last good text; `null` when none, superseded or failed. */
  ruleAt(line: number): Promise<RuleRef | null>;
  /** What the last good analysis knows about the chains named `name`; `null` on failure. */
  chainFacts(name: string): Promise<ChainFacts | null>;
  /** Compares two dumps Service port by Service port; `null` when superseded by a newer one or failed. */
  compare(
    a: CompareInput,
    b: CompareInput,
  ): Promise<Pick<ComparedResponse, 'comparison' | 'diagnostics'> | null>;
  /** Where answers that are not awaited go (the store that uses the engine). Returns the unlisten. */
  listen(listener: ClientListener): () => void;
}

/**
 * The engine over one worker client. `createWorker` is written at the call site (main.tsx), where
 * Vite sees `new Worker(new URL(…), …)` and bundles the worker. The worker starts on first use.
 */
export function workerEngine(createWorker: () => WorkerLike): AnalysisEngine & { dispose(): void } {
  let listener: ClientListener | null = null;
  const client = new AnalysisClient(createWorker, {
    analyzed: (r) => listener?.analyzed(r),
    layout: (r) => listener?.layout(r),
    failed: (r) => listener?.failed(r),
  });
  return {
    analyze: (iptablesText, kubectlText, focus) => client.analyze(iptablesText, kubectlText, focus),
    layout: (focus) => void client.layout(focus),
    ruleAt: (line) => client.ruleAt(line),
    chainFacts: (name) => client.chainFacts(name),
    compare: (a, b) => client.compare(a, b),
    trace: (packet, env) => client.trace(packet, env),
    simulate(packet, env, options, onProgress) {
      const run = client.simulate(packet, env, options, (r) =>
        onProgress({ done: r.done, counts: r.endpointCounts, final: r.final }),
      );
      return { cancel: () => client.cancel(run.id), done: run.done.then(() => undefined) };
    },
    listen(next) {
      listener = next;
      return () => {
        if (listener === next) listener = null;
      };
    },
    dispose: () => client.dispose(),
  };
}

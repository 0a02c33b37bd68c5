// Fakes for the store's injected dependencies (createAppStore): storage in a Map, time moved by
import { diagnostic } from '../core/text';
// hand, an engine that records what it was asked and answers when the test says.
import type { AnalyzedResponse, GraphFocus, LayoutResponse } from '../workers/protocol';
import type { AnalysisEngine, EngineListener, TraceEngine } from './engine';
import type { StorageLike } from './persist';
import type { Scheduler } from './scheduler';
import { type AppState, type AppStore, createAppStore } from './store';

/** Storage over a Map; writes longer than `quota` characters throw QuotaExceededError. */
export function memoryStorage(quota = Number.POSITIVE_INFINITY): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      if (v.length > quota) throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
  };
}

/** A clock that only moves when told: `advance(ms)` runs the timers due, in order. */
export function manualScheduler(): Scheduler & {
  advance(ms: number): void;
  pending(): number;
  now(): number;
} {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    after(ms, run) {
      const id = seq++;
      timers.set(id, { at: now + ms, run });
      return () => void timers.delete(id);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let next: [number, { at: number; run: () => void }] | null = null;
        for (const entry of timers)
          if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
        if (!next) break;
        timers.delete(next[0]);
        now = next[1].at;
        next[1].run();
      }
      now = end;
    },
    pending: () => timers.size,
    now: () => now,
  };
}

/** What a fake engine was asked. */
export interface EngineCalls {
  readonly analyze: { iptablesText: string; kubectlText: string; focus: GraphFocus | null; id: number }[];
  readonly layout: (GraphFocus | null)[];
}

/**
 * An engine that records analyze/layout requests and answers only when the test calls `answer`;
 * traces and simulations go to `trace` (none by default: a trace resolves `null`).
 */
export function fakeEngine(trace: Partial<TraceEngine> = {}): AnalysisEngine & {
  calls: EngineCalls;
  answer(response: AnalyzedResponse): void;
  answerLayout(response: LayoutResponse): void;
  listening(): boolean;
} {
  const calls: EngineCalls = { analyze: [], layout: [] };
  let listener: EngineListener | null = null;
  let id = 0;
  return {
    calls,
    analyze(iptablesText, kubectlText, focus) {
      calls.analyze.push({ iptablesText, kubectlText, focus, id: ++id });
      return id;
    },
    layout: (focus) => void calls.layout.push(focus),
    ruleAt: async () => null,
    chainFacts: async () => null,
    compare: async () => null,
    trace: trace.trace ?? (async () => null),
    simulate: trace.simulate ?? (() => ({ cancel: () => {}, done: Promise.resolve() })),
    listen(next) {
      listener = next;
      return () => {
        if (listener === next) listener = null;
      };
    },
    answer: (r) => listener?.analyzed(r),
    answerLayout: (r) => listener?.layout(r),
    listening: () => listener !== null,
  };
}

/** A store over fakes (each may be replaced), and the fakes themselves for the test to drive. */
export function testStore(
  deps: { engine?: ReturnType<typeof fakeEngine>; storage?: ReturnType<typeof memoryStorage> } = {},
) {
  const engine = deps.engine ?? fakeEngine();
  const storage = deps.storage ?? memoryStorage();
  const scheduler = manualScheduler();
  const store = createAppStore({ engine, storage, scheduler });
  return { store, engine, storage, scheduler };
}

/** An `analyzed` answer to request `id`: a Ruleset of `rules` rules, `errors` iptables errors. */
export function analyzedResponse(id: number, rules: number, errors = 0): AnalyzedResponse {
  return {
    type: 'analyzed',
    id,
    diagnostics: {
      iptables: Array.from({ length: errors }, () =>
        diagnostic('iptables', 'error', 'iptables/bad-rule', 'bad', { start: 0, end: 1 }),
      ),
      kubectl: [],
    },
    ruleCount: rules,
    pods: {},
    groups: [],
    suggestion: null,
    graph: null,
    positions: null,
    summary: {
      bytes: 0,
      lines: 0,
      tables: 0,
      chains: 0,
      rules,
      servicePorts: 0,
      kubectlServices: 0,
      timings: { parse: 0, lower: 0, kubectl: 0, model: 0, graph: 0, layout: 0 },
    },
  };
}

/** Settles when `ok(state)` holds (now or after a later change): awaits the store, never the clock. */
export function until(store: AppStore, ok: (s: AppState) => boolean): Promise<AppState> {
  return new Promise((resolve) => {
    if (ok(store.getState())) {
      resolve(store.getState());
      return;
    }
    const stop = store.subscribe((s) => {
      if (!ok(s)) return;
      stop();
      resolve(s);
    });
  });
}

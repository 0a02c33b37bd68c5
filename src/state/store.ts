import { createStore, type StoreApi } from 'zustand/vanilla';
import { type AnalysisSlice, createAnalysisSlice } from './analysisSlice';
import { type CompareSlice, createCompareSlice } from './compareSlice';
import type { AnalysisEngine } from './engine';
import { createInputSlice, type InputSlice } from './inputSlice';
import { createLanguageSlice, type LanguageSlice } from './languageSlice';
import type { StorageLike } from './persist';
import { createPresenterSlice, type PresenterSlice } from './presenterSlice';
import { type Scheduler, trackedScheduler } from './scheduler';
import { createShareSlice, type ShareSlice } from './shareSlice';
import { createTraceSlice, type TraceSlice } from './traceSlice';
import { createViewSlice, type ViewSlice } from './viewSlice';

/**
 * The one application state (zustand 5): a slice per concern (DESIGN.md "State"). Slices are typed
 * `StateCreator<AppState, [], [], Slice>`; React Flow nodes and edges are derived from `analysis`
 * with memoized selectors, never stored here.
 */
export type AppState = InputSlice &
  AnalysisSlice &
  TraceSlice &
  ViewSlice &
  ShareSlice &
  PresenterSlice &
  LanguageSlice &
  CompareSlice;

/** What the store is made with: the worker, the browser's storage (null where refused), timers. */
export interface AppStoreDeps {
  readonly engine: AnalysisEngine;
  readonly storage: StorageLike | null;
  readonly scheduler: Scheduler;
}

/** What slices are given: the engine and the store's own (tracked) timers. */
export interface SliceDeps {
  readonly engine: AnalysisEngine;
  readonly scheduler: Scheduler;
}

export type AppStore = StoreApi<AppState> & {
  /** The dependencies the store was made with; `scheduler` is the store's tracked one (effects use it). */
  readonly deps: AppStoreDeps;
  /** Stops listening to the engine, cancels playback and streams, and every timer still pending. */
  dispose(): void;
};

/**
 * Makes an app store (xyflow's `createStore` pattern): every timer, token and seed lives in this
 * call's closure, so two stores never share one, and tests make theirs with fakes (fakes.node.ts).
 * The engine's unawaited answers (analysis, layout, failures) are routed to the analysis slice here.
 * Background work (debounced analysis, persistence, links) is started separately: effects/index.ts.
 */
export function createAppStore(deps: AppStoreDeps): AppStore {
  const scheduler = trackedScheduler(deps.scheduler);
  const slice: SliceDeps = { engine: deps.engine, scheduler };
  const store = createStore<AppState>()((...a) => ({
    ...createInputSlice(...a),
    ...createAnalysisSlice(slice)(...a),
    ...createTraceSlice(slice)(...a),
    ...createViewSlice(slice)(...a),
    ...createShareSlice(...a),
    ...createPresenterSlice(...a),
    ...createLanguageSlice(...a),
    ...createCompareSlice(slice)(...a),
  }));
  const unlisten = deps.engine.listen({
    analyzed: (r) => store.getState().analysisReceived(r),
    layout: (r) => store.getState().layoutReceived(r),
    failed: (r) => {
      if (r.request === 'analyze') store.getState().analysisFailed(r.id, r.message);
    },
  });
  return Object.assign(store, {
    deps: { ...deps, scheduler },
    dispose: () => {
      unlisten();
      store.getState().pause();
      store.getState().cancelSimulation();
      scheduler.cancelAll();
    },
  });
}

import { create } from 'zustand';
import { type AnalysisSlice, createAnalysisSlice } from './analysisSlice';
import { createInputSlice, type InputSlice } from './inputSlice';
import { createTraceSlice, type TraceSlice } from './traceSlice';
import { createViewSlice, type ViewSlice } from './viewSlice';

/**
 * The one application store (zustand 5): a slice per concern (DESIGN.md "State"). Slices are typed
 * `StateCreator<AppState, [], [], Slice>`; React Flow nodes and edges are derived from `analysis`
 * with memoized selectors, never stored here.
 */
export type AppState = InputSlice & AnalysisSlice & TraceSlice & ViewSlice;

export const useStore = create<AppState>()((...a) => ({
  ...createInputSlice(...a),
  ...createAnalysisSlice(...a),
  ...createTraceSlice(...a),
  ...createViewSlice(...a),
}));

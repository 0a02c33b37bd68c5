import type { StateCreator } from 'zustand';
import type { AppState } from './store';

/**
 * Presenter mode: large type, editors hidden, graph and path large. Starts on with `?present` in
 * the address (effects/urlSync.ts); a shared scenario carries it (`view.presenter`).
 */
export interface PresenterSlice {
  readonly presenting: boolean;
  /** Turns presenter mode on or off (toggles when `on` is omitted). */
  setPresenting(on?: boolean): void;
}

export const createPresenterSlice: StateCreator<AppState, [], [], PresenterSlice> = (set, get) => ({
  presenting: false,
  setPresenting: (on) => set({ presenting: on ?? !get().presenting }),
});

import type { StateCreator } from 'zustand';
import type { Comparison } from '../core/compare';
import type { Diagnostic } from '../core/text';
import type { AppState, SliceDeps } from './store';

export type CompareStatus = 'idle' | 'running' | 'ready' | 'failed';

/**
 * The Compare view (issue 11): the current dump is A, `compareText` is B; the worker compares them
 * Service port by Service port (core/compare). The latest comparison wins (the engine answers an
 * older one `null`, and `compareToken` drops a late answer); typing is debounced.
 */
export interface CompareSlice {
  readonly compareOpen: boolean;
  /** Dump B's text. */
  readonly compareText: string;
  readonly compareStatus: CompareStatus;
  /** The last comparison received (null before the first). */
  readonly comparison: Comparison | null;
  /** Each dump's ruleset diagnostics, for B's editor markers. */
  readonly compareDiagnostics: { readonly a: readonly Diagnostic[]; readonly b: readonly Diagnostic[] };
  /** Opens or closes the view (a toggle without an argument); opening compares. */
  setCompareOpen(open?: boolean): void;
  /** Sets B's text and compares after a pause in typing. */
  setCompareText(text: string): void;
  /** Compares after COMPARE_DEBOUNCE_MS (A changed, or B was typed); at once with `now`. */
  requestCompare(now?: boolean): void;
}

/** Typing pause before a comparison (it traces every Service address through both dumps). */
const COMPARE_DEBOUNCE_MS = 300;

export const createCompareSlice =
  ({ engine, scheduler }: SliceDeps): StateCreator<AppState, [], [], CompareSlice> =>
  (set, get) => {
    let token = 0;
    let cancelPending: (() => void) | null = null;
    const run = () => {
      cancelPending = null;
      const { iptablesText, kubectlText, compareText, compareOpen } = get();
      if (!compareOpen) return;
      const mine = ++token;
      set({ compareStatus: 'running' });
      void engine
        .compare({ iptablesText, kubectlText }, { iptablesText: compareText, kubectlText: '' })
        .then((answer) => {
          if (mine !== token) return;
          if (answer === null) set({ compareStatus: 'failed' });
          else
            set({
              compareStatus: 'ready',
              comparison: answer.comparison,
              compareDiagnostics: answer.diagnostics,
            });
        });
    };
    return {
      compareOpen: false,
      compareText: '',
      compareStatus: 'idle',
      comparison: null,
      compareDiagnostics: { a: [], b: [] },
      setCompareOpen: (open) => {
        const next = open ?? !get().compareOpen;
        set({ compareOpen: next });
        if (next) get().requestCompare(true);
        else {
          cancelPending?.();
          cancelPending = null;
          token++;
        }
      },
      setCompareText: (text) => {
        set({ compareText: text });
        get().requestCompare();
      },
      requestCompare: (now = false) => {
        cancelPending?.();
        cancelPending = null;
        if (now) run();
        else cancelPending = scheduler.after(COMPARE_DEBOUNCE_MS, run);
      },
    };
  };

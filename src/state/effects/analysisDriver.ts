import type { AppStore } from '../store';

/** Typing pauses this long before the worker re-parses (the issue asks for ~150 ms). */
export const ANALYZE_DEBOUNCE_MS = 150;
/**
 * For a large dump, a longer pause: its analysis takes seconds and cannot be interrupted once the
 * worker runs it, and every request copies the whole text to the worker. A re-parse after each
 * keystroke would queue analyses that are stale before they start.
 */
export const ANALYZE_DEBOUNCE_LARGE_MS = 1000;
const LARGE_TEXT_CHARS = 1_000_000;

/**
 * Analyses the current texts now, then again after each pause in typing (the engine drops
 * answers to older requests: the latest wins). Returns the stop function.
 */
export function startAnalysisDriver(store: AppStore): () => void {
  const { scheduler } = store.deps;
  let cancel: (() => void) | null = null;
  store.getState().analyze();
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.inputVersion === prev.inputVersion) return;
    cancel?.();
    cancel = null;
    // An opened file is one whole text: it goes to the worker now, in this task, before the
    // editor spends its own (main-thread) time taking in a large dump. Other whole texts (example,
    // link) may set both editors one after the other; edits wait for a pause.
    if (s.inputSource === 'file') {
      s.analyze();
      return;
    }
    const large =
      s.iptablesText.length + s.kubectlText.length > LARGE_TEXT_CHARS && s.inputSource === 'edited';
    cancel = scheduler.after(large ? ANALYZE_DEBOUNCE_LARGE_MS : ANALYZE_DEBOUNCE_MS, () => {
      cancel = null;
      store.getState().analyze();
    });
  });
  return () => {
    unsubscribe();
    cancel?.();
  };
}

import { browserStorage, saveInput } from '../../state/persist';
import { useStore } from '../../state/store';
import { connectAnalysisClient, type WorkerLike } from '../../workers/client';

/** Typing pauses this long before the worker re-parses (the issue asks for ~150 ms). */
export const ANALYZE_DEBOUNCE_MS = 150;
/** Saving to localStorage waits for a longer pause: a 4 MB write is not free. */
export const SAVE_DEBOUNCE_MS = 600;

/**
 * Starts the app's background work: routes the worker's answers into the store, re-analyzes the
 * texts after each pause in typing (latest request wins), and saves typed input to localStorage
 * (saying so when it cannot). Returns a function that stops it all.
 */
export function startAnalysisDriver(): () => void {
  const store = useStore;
  connectAnalysisClient(
    {
      analyzed: (r) => store.getState().analysisReceived(r),
      layout: (r) => store.getState().layoutReceived(r),
      failed: (r) => {
        if (r.request === 'analyze') store.getState().analysisFailed(r.id, r.message);
      },
    },
    () =>
      new Worker(new URL('../../workers/analyze.worker.ts', import.meta.url), {
        type: 'module',
        name: 'kpe-analysis',
      }) as unknown as WorkerLike,
  );
  let analyzeTimer: ReturnType<typeof setTimeout> | null = null;
  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  store.getState().analyze();
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.inputVersion === prev.inputVersion) return;
    if (analyzeTimer) clearTimeout(analyzeTimer);
    analyzeTimer = setTimeout(() => store.getState().analyze(), ANALYZE_DEBOUNCE_MS);
    // The untouched example is not the user's input: keep storage for what they typed or opened.
    if (s.inputSource === 'example') return;
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(save, SAVE_DEBOUNCE_MS);
    if (s.persistStatus.kind !== 'pending') store.getState().setPersistStatus({ kind: 'pending' });
  });
  function save(): void {
    saveTimer = null;
    const { iptablesText, kubectlText } = store.getState();
    store
      .getState()
      .setPersistStatus(saveInput(browserStorage(), { iptables: iptablesText, kubectl: kubectlText }));
  }
  // A reload or closed tab inside the debounce window must not lose the last keystrokes:
  // write at once when the page is hidden or left (pagehide also fires for the bfcache).
  const flush = (): void => {
    if (saveTimer === null) return;
    clearTimeout(saveTimer);
    save();
  };
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onVisibility);
    if (analyzeTimer) clearTimeout(analyzeTimer);
    if (saveTimer) clearTimeout(saveTimer);
  };
}

import { browserStorage, saveInput } from '../../state/persist';
import { useStore } from '../../state/store';
import { connectAnalysisClient, type WorkerLike } from '../../workers/client';

/** Typing pauses this long before the worker re-parses (the issue asks for ~150 ms). */
export const ANALYZE_DEBOUNCE_MS = 150;
/**
 * For a large dump, a longer pause: its analysis takes seconds and cannot be interrupted once the
 * worker runs it, and every request copies the whole text to the worker. A re-parse after each
 * keystroke would queue analyses that are stale before they start.
 */
export const ANALYZE_DEBOUNCE_LARGE_MS = 1000;
const LARGE_TEXT_CHARS = 1_000_000;
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
    analyzeTimer = null;
    // An opened file is one whole text: it goes to the worker now, in this task, before the
    // editor spends its own (main-thread) time taking in a large dump. Other whole texts (example,
    // link) may set both editors one after the other; edits wait for a pause.
    if (s.inputSource === 'file') store.getState().analyze();
    else {
      const large =
        s.iptablesText.length + s.kubectlText.length > LARGE_TEXT_CHARS && s.inputSource === 'edited';
      analyzeTimer = setTimeout(
        () => store.getState().analyze(),
        large ? ANALYZE_DEBOUNCE_LARGE_MS : ANALYZE_DEBOUNCE_MS,
      );
    }
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

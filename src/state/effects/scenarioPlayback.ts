import type { AppState, AppStore } from '../store';

/**
 * The second half of `applyScenario` (shareSlice.ts): once the worker has analysed the scenario's
 * texts, sends its packet, animates the recorded endpoint and moves the playhead to the recorded
 * step. A scenario applied meanwhile replaces the one awaited. Returns the stop function.
 */
export function startScenarioPlayback(store: AppStore): () => void {
  const analysed = (s: AppState, version: number) => s.status !== 'parsing' && s.analyzedVersion >= version;
  return store.subscribe((s) => {
    const waiting = s.scenarioPlayback;
    if (!waiting || !analysed(s, waiting.inputVersion)) return;
    s.scenarioPlaybackStarted();
    void (async () => {
      const { scenario } = waiting;
      await store.getState().send();
      const now = store.getState();
      if (scenario.endpoint) now.chooseEndpoint(scenario.endpoint);
      if (scenario.step > 0) now.seek(scenario.step);
    })();
  });
}

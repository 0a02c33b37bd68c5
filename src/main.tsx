import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppStoreProvider } from './state/context';
import { startApp } from './state/effects';
import { workerEngine } from './state/engine';
import { browserStorage } from './state/persist';
import { hostScheduler } from './state/scheduler';
import { createAppStore } from './state/store';
import { App } from './ui/app/App';
import { browserPage } from './ui/app/browserPage';
import type { WorkerLike } from './workers/client';

// The page's one store, made with the browser's worker, storage and timers (tests make their own).
const store = createAppStore({
  // Written here, where Vite sees `new Worker(new URL(…))` and bundles the worker.
  engine: workerEngine(
    () =>
      new Worker(new URL('./workers/analyze.worker.ts', import.meta.url), {
        type: 'module',
        name: 'kpe-analysis',
      }) as unknown as WorkerLike,
  ),
  storage: browserStorage(),
  scheduler: hostScheduler,
});
// The minimap starts shown only where there is room for it beside the story (a 1600 px wide window).
store.getState().setCanvas({ minimap: window.innerWidth >= 1600 });
startApp(store, browserPage());

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppStoreProvider store={store}>
        <App />
      </AppStoreProvider>
    </StrictMode>,
  );
}

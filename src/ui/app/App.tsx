import './app.css';
import { lazy, Suspense } from 'react';
import { useT } from '../../i18n';
import { ChainGraph } from '../flow/ChainGraph';
import { LessonPanel, ShareTools } from '../share';
import { PacketEnvelope } from '../trace/PacketEnvelope';
import { PacketPanel } from '../trace/PacketPanel';
import { PacketPath } from '../trace/PacketPath';
import { Playback } from '../trace/Playback';
import { ProbabilityBars } from '../trace/ProbabilityBars';
import { AnalysisStatus, PersistStatus } from './AnalysisStatus';
import { loadExample } from './bootstrap';
import { LanguageSwitch } from './LanguageSwitch';
import { setPresenting, usePresenter } from './presenter';
import { usePresenterKeys } from './presenterKeys';

// Monaco is ~1 MB of JS: it loads after the page is up, never in the initial bundle.
const Editors = lazy(() => import('../editor/Editors'));

function EditorsLoading() {
  const tr = useT();
  return (
    <div className="editors-loading" role="status">
      {tr('app.loadingEditors')}
    </div>
  );
}

/** The "Presenter mode" toggle (aria-pressed), with the keys it listens to while on. */
function PresenterToggle() {
  const tr = useT();
  const presenting = usePresenter((s) => s.presenting);
  return (
    <>
      <button
        type="button"
        className="button"
        aria-pressed={presenting}
        title={presenting ? tr('app.presenterExit') : undefined}
        onClick={() => setPresenting()}
      >
        {tr('app.presenter')}
      </button>
      {presenting && <span className="presenter-help">{tr('app.presenterHelp')}</span>}
    </>
  );
}

/**
 * The explorer: editors on the left; the chain graph, packet panel, path and bars on the right.
 * In presenter mode the editors are hidden and the rest grows (app.css `.presenting`).
 */
export function App() {
  const tr = useT();
  const presenting = usePresenter((s) => s.presenting);
  usePresenterKeys();
  return (
    <div className={`app${presenting ? ' presenting' : ''}`}>
      <header className="app-header">
        <h1>{tr('app.title')}</h1>
        {!presenting && (
          <p className="tagline">
            {tr('app.taglineBefore')} <code>iptables-save</code> {tr('app.taglineAnd')}{' '}
            <code>kubectl get svc,ep</code> {tr('app.taglineAfter')}
          </p>
        )}
        <div className="header-tools">
          <AnalysisStatus />
          {!presenting && (
            <button type="button" className="button" onClick={loadExample}>
              {tr('app.loadExample')}
            </button>
          )}
          <PresenterToggle />
          <LanguageSwitch />
          <ShareTools />
        </div>
        {!presenting && <PersistStatus />}
      </header>
      <main className="columns">
        {/* Hidden, not unmounted: Monaco keeps its undo history and cursor across presenter mode. */}
        <div className="column-left" hidden={presenting}>
          <Suspense fallback={<EditorsLoading />}>
            <Editors />
          </Suspense>
        </div>
        <div className="column-right">
          <LessonPanel />
          <ChainGraph />
          <div className="packet-area">
            <PacketPanel />
            <Playback />
            <PacketEnvelope />
            <PacketPath />
            <ProbabilityBars />
          </div>
        </div>
      </main>
    </div>
  );
}

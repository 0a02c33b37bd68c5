import './app.css';
import './layout.css';
import { lazy, Suspense, useState } from 'react';
import { useAppState } from '../../state/context';
import { WEB_EXAMPLE } from '../examples';
import { ChainGraph, GraphProvider } from '../flow/ChainGraph';
import { LessonPanel, ReceiverCard, ShareTools } from '../share';
import { PacketPanel } from '../trace/PacketPanel';
import { PacketPath } from '../trace/PacketPath';
import { ProbabilityBars } from '../trace/ProbabilityBars';
import { useT } from '../useT';
import { AnalysisStatus, PersistStatus } from './AnalysisStatus';
import { LanguageSwitch } from './LanguageSwitch';
import { type PhoneTab, PhoneTabs, panelId, tabId, useNarrow } from './PhoneTabs';
import { usePresenterKeys } from './presenterKeys';
import { SkipLinks } from './SkipLinks';
import { StoryStrip } from './StoryStrip';

// Monaco is ~1 MB of JS: it loads after the page is up, never in the initial bundle.
const Editors = lazy(() => import('../editor/Editors'));
// The Compare view (issue 11) holds two more Monaco editors: loaded when first opened.
const CompareView = lazy(() => import('../compare/CompareView'));

function EditorsLoading() {
  const tr = useT();
  return (
    <div className="editors-loading" role="status">
      {tr('app.loadingEditors')}
    </div>
  );
}

/** The "Presenter mode" toggle (aria-pressed); its keys are listed in the status bar while on. */
function PresenterToggle() {
  const tr = useT();
  const presenting = useAppState((s) => s.presenting);
  const setPresenting = useAppState((s) => s.setPresenting);
  return (
    <button
      type="button"
      className="button"
      aria-pressed={presenting}
      title={presenting ? tr('app.presenterExit') : undefined}
      onClick={() => setPresenting()}
    >
      {tr('app.presenter')}
    </button>
  );
}

/**
 * The "Compare" toggle (aria-pressed): two dumps side by side instead of the explorer. In the
 * status bar, as a link-sized button: the header stays one line at 1280 px.
 */
function CompareToggle() {
  const tr = useT();
  const open = useAppState((s) => s.compareOpen);
  const setCompareOpen = useAppState((s) => s.setCompareOpen);
  return (
    <button
      type="button"
      className="link compare-toggle"
      aria-pressed={open}
      onClick={() => setCompareOpen()}
    >
      {tr('compare.open')}
    </button>
  );
}

/** Props that make an element a tab panel on a phone, and nothing on a wide screen. */
function panel(narrow: boolean, tab: PhoneTab, own: 'editors' | 'graph') {
  if (!narrow) return {};
  const by: PhoneTab = own === 'graph' ? 'graph' : tab === 'graph' ? 'iptables' : tab;
  return { role: 'tabpanel', id: panelId(by), 'aria-labelledby': tabId(by) };
}

/**
 * The explorer on one screen (issue 8): a one-line header; the editors in a narrow, collapsible
 * column; the graph with its toolbar; beside it a scrolling side panel (lesson, packet form, path,
 * bars); under both the story strip (verdict, playback, the step in words); a small status bar. Presenter mode hides the editors and enlarges the rest (layout.css `.presenting`). On a
 * phone, one column with the editors behind tabs.
 */
export function App() {
  const tr = useT();
  const presenting = useAppState((s) => s.presenting);
  const setInputs = useAppState((s) => s.setInputs);
  // A link opened result-first keeps the editors collapsed until the receiver asks (ReceiverCard).
  const rulesWaiting = useAppState((s) => s.received !== null && !s.received.rulesShown);
  const showRules = useAppState((s) => s.showRules);
  const narrow = useNarrow();
  const comparing = useAppState((s) => s.compareOpen);
  const [editorsOpen, setEditorsOpen] = useState(true);
  const [tab, setTab] = useState<PhoneTab>('graph');
  usePresenterKeys();
  const editorsHidden = narrow ? tab === 'graph' : presenting || !editorsOpen || rulesWaiting;
  return (
    <div className={`app${presenting ? ' presenting' : ''}${editorsHidden ? ' no-editors' : ''}`}>
      <SkipLinks />
      <header className="app-header">
        <h1>{tr('app.title')}</h1>
        <div className="header-tools">
          {!presenting && !narrow && (
            <button
              type="button"
              className="button"
              aria-pressed={editorsOpen && !rulesWaiting}
              onClick={() => {
                if (rulesWaiting) {
                  showRules();
                  setEditorsOpen(true);
                } else setEditorsOpen(!editorsOpen);
              }}
            >
              {tr('app.editors')}
            </button>
          )}
          {!presenting && (
            <button
              type="button"
              className="button"
              onClick={() => setInputs(WEB_EXAMPLE.iptablesText, WEB_EXAMPLE.kubectlText, 'example')}
            >
              {tr('app.loadExample')}
            </button>
          )}
          <PresenterToggle />
          <LanguageSwitch />
          <ShareTools />
        </div>
      </header>
      {comparing && (
        <Suspense fallback={<EditorsLoading />}>
          <CompareView />
        </Suspense>
      )}
      {narrow && !comparing && <PhoneTabs tab={tab} onChange={setTab} />}
      <GraphProvider>
        {/* Hidden, not unmounted, while comparing: the editors and graph keep their state. */}
        <main className="columns" hidden={comparing}>
          {/* Hidden, not unmounted: Monaco keeps its undo history and cursor. */}
          <div
            className="column-left"
            data-tab={narrow ? tab : undefined}
            hidden={editorsHidden}
            {...panel(narrow, tab, 'editors')}
          >
            <Suspense fallback={<EditorsLoading />}>
              <Editors />
            </Suspense>
          </div>
          {/* `display: contents` on a wide screen (the two columns are grid items); the phone's tab panel. */}
          <div className="graph-and-side" hidden={narrow && tab !== 'graph'} {...panel(narrow, tab, 'graph')}>
            <div className="column-main">
              <ChainGraph />
            </div>
            <StoryStrip />
            <aside className="column-side" aria-label={tr('story.side')}>
              <ReceiverCard />
              <LessonPanel />
              <div id="packet-form" tabIndex={-1} className="packet-form-slot">
                <PacketPanel />
              </div>
              <PacketPath />
              <ProbabilityBars />
            </aside>
          </div>
        </main>
      </GraphProvider>
      <footer className="status-bar">
        <AnalysisStatus />
        <PersistStatus />
        {presenting && <span className="presenter-help">{tr('app.presenterHelp')}</span>}
        {!presenting && <CompareToggle />}
      </footer>
    </div>
  );
}

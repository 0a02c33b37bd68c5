import './app.css';
import { lazy, Suspense } from 'react';
import { ChainGraph } from '../flow/ChainGraph';
import { PacketPanel } from '../trace/PacketPanel';
import { PacketPath } from '../trace/PacketPath';
import { Playback } from '../trace/Playback';
import { ProbabilityBars } from '../trace/ProbabilityBars';
import { AnalysisStatus, PersistStatus } from './AnalysisStatus';
import { loadExample } from './bootstrap';

// Monaco is ~1 MB of JS: it loads after the page is up, never in the initial bundle.
const Editors = lazy(() => import('../editor/Editors'));

function EditorsLoading() {
  return (
    <div className="editors-loading" role="status">
      Loading the editors…
    </div>
  );
}

/** The explorer: editors on the left; the chain graph, packet panel, path and bars on the right. */
export function App() {
  return (
    <div className="app">
      <header className="app-header">
        <h1>kube-proxy explorer</h1>
        <p className="tagline">
          Paste <code>iptables-save</code> and <code>kubectl get svc,ep</code> output, send a packet, and
          watch kube-proxy's rules at work. Everything stays in your browser.
        </p>
        <div className="header-tools">
          <AnalysisStatus />
          <button type="button" className="button" onClick={loadExample}>
            Load example
          </button>
        </div>
        <PersistStatus />
      </header>
      <main className="columns">
        <div className="column-left">
          <Suspense fallback={<EditorsLoading />}>
            <Editors />
          </Suspense>
        </div>
        <div className="column-right">
          <ChainGraph />
          <div className="packet-area">
            <PacketPanel />
            <Playback />
            <PacketPath />
            <ProbabilityBars />
          </div>
        </div>
      </main>
    </div>
  );
}

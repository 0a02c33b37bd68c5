import './share.css';
import { type ChangeEvent, lazy, Suspense, useState } from 'react';
import { useAppStore } from '../../state/context';
import type { AppStore } from '../../state/store';
import { workerDecoder } from '../../workers/decodeClient';
import { ConfirmReplace, OpenErrorAlert } from './ConfirmReplace';
import { currentScenario } from './currentScenario';
import { openScenarioFile, scenarioFileName, scenarioFileText } from './scenarioFile';
import { useShareStrings } from './strings';

// The dialogs carry the gallery's texts (and its generator) and the link builder's parsers and
// redaction: loaded on first open, they stay out of the initial bundle.
const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })));
const GalleryDialog = lazy(() => import('./GalleryDialog').then((m) => ({ default: m.GalleryDialog })));

/** Saves the current scenario as a `.json` file (any size: files have no link-length limit). */
function downloadScenario(store: AppStore): void {
  const scenario = currentScenario(store.getState());
  const url = URL.createObjectURL(new Blob([scenarioFileText(scenario)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = scenarioFileName(scenario);
  a.click();
  // The click has started the download; the object URL is no longer needed once it is handed over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Hands a picked file to the decode worker (scenarioFile.ts); the same file can be picked again. */
function onFilePicked(store: AppStore, e: ChangeEvent<HTMLInputElement>): void {
  const input = e.currentTarget;
  const file = input.files?.[0];
  input.value = '';
  if (file) void openScenarioFile(store, file, workerDecoder());
}

/**
 * The header's scenario tools — Share, Gallery, Download scenario, Open scenario — plus the
 * replace confirmation and the refusal alert. (`#s=`/`#g=` links and the packet form's
 * persistence are effects of the store: state/effects.)
 */
export function ShareTools() {
  const T = useShareStrings();
  const store = useAppStore();
  const [open, setOpen] = useState<'share' | 'gallery' | null>(null);
  return (
    <div className="share-tools">
      <button type="button" className="button" onClick={() => setOpen('share')}>
        {T.shareButton}
      </button>
      <button type="button" className="button" onClick={() => setOpen('gallery')}>
        {T.galleryButton}
      </button>
      <button type="button" className="button" onClick={() => downloadScenario(store)}>
        {T.downloadButton}
      </button>
      <label className="button file-button">
        {T.openButton}
        <input
          type="file"
          accept=".json,application/json"
          aria-label={T.openFileLabel}
          onChange={(e) => onFilePicked(store, e)}
        />
      </label>
      <Suspense fallback={null}>
        {open === 'share' && <ShareDialog onClose={() => setOpen(null)} />}
        {open === 'gallery' && <GalleryDialog onClose={() => setOpen(null)} />}
      </Suspense>
      <ConfirmReplace />
      <OpenErrorAlert />
    </div>
  );
}

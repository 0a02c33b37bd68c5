import './share.css';
import { type ChangeEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '../../state/store';
import { offerScenario } from './applyScenario';
import { ConfirmReplace, OpenErrorAlert } from './ConfirmReplace';
import { currentScenario, sharedView } from './currentScenario';
import { watchFragment } from './openLink';
import { startPacketPersistence } from './packetPersist';
import { readScenarioFile, scenarioFileName, scenarioFileText } from './scenarioFile';
import { useShareStore } from './shareStore';
import { decodeMessages, shareStrings, useShareStrings } from './strings';

// The dialogs carry the gallery's texts (and its generator) and the link builder's parsers and
// redaction: loaded on first open, they stay out of the initial bundle.
const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })));
const GalleryDialog = lazy(() => import('./GalleryDialog').then((m) => ({ default: m.GalleryDialog })));

/** Saves the current scenario as a `.json` file (any size: files have no link-length limit). */
function downloadScenario(): void {
  const scenario = currentScenario(useStore.getState(), sharedView());
  const url = URL.createObjectURL(new Blob([scenarioFileText(scenario)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = scenarioFileName(scenario);
  a.click();
  // The click has started the download; the object URL is no longer needed once it is handed over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function openScenarioFile(e: ChangeEvent<HTMLInputElement>): Promise<void> {
  const input = e.currentTarget;
  const file = input.files?.[0];
  input.value = ''; // the same file can be opened again
  if (!file) return;
  let text: string;
  try {
    text = await file.text();
  } catch {
    useShareStore.setState({
      error: { code: 'share/unreadable', message: shareStrings().fileUnreadable(file.name), detail: '' },
    });
    return;
  }
  const read = readScenarioFile(text);
  if (!read.ok) {
    const message =
      read.code === 'share/not-a-scenario-file'
        ? shareStrings().fileNotScenario
        : decodeMessages()[read.code];
    useShareStore.setState({ error: { code: read.code, message, detail: read.detail } });
    return;
  }
  offerScenario(read.scenario);
}

/**
 * The header's scenario tools — Share, Gallery, Download scenario, Open scenario — plus what they
 * need on the page: the replace confirmation, the refusal alert, the `#s=`/`#g=` link watcher and
 * the packet form's persistence.
 */
export function ShareTools() {
  const T = useShareStrings();
  const [open, setOpen] = useState<'share' | 'gallery' | null>(null);
  useEffect(() => {
    // Packet first: a link's packet, applied next, wins over the one saved last time.
    const stopPersist = startPacketPersistence();
    const stopWatch = watchFragment();
    return () => {
      stopWatch();
      stopPersist();
    };
  }, []);
  return (
    <div className="share-tools">
      <button type="button" className="button" onClick={() => setOpen('share')}>
        {T.shareButton}
      </button>
      <button type="button" className="button" onClick={() => setOpen('gallery')}>
        {T.galleryButton}
      </button>
      <button type="button" className="button" onClick={downloadScenario}>
        {T.downloadButton}
      </button>
      <label className="button file-button">
        {T.openButton}
        <input
          type="file"
          accept=".json,application/json"
          aria-label={T.openFileLabel}
          onChange={openScenarioFile}
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

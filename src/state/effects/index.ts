import type { DecodeAnswer } from '../../workers/decodeProtocol';
import type { AppStore } from '../store';
import { startAnalysisDriver } from './analysisDriver';
import { type LangElement, startDocumentLanguage } from './documentLanguage';
import { startPacketReseeding } from './packetReseed';
import { type PersistenceDeps, type RestoreDeps, restoreSaved, startPersistence } from './persistence';
import { startScenarioPlayback } from './scenarioPlayback';
import { type PageAddress, startUrlSync } from './urlSync';

/** What the page gives the effects besides the store's own engine, storage and scheduler. */
export interface PageDeps extends RestoreDeps, PersistenceDeps {
  readonly address: PageAddress;
  readonly root: LangElement;
  /** Decodes `#s=` links off the page's thread (the decode worker); absent: in-thread (tests). */
  readonly decodeLink?: (fragment: string) => Promise<DecodeAnswer>;
}

/**
 * Starts the app's background work on `store`, in this order: what was saved here comes back
 * (before any effect, so nothing is saved back), the texts are analysed (now and after each pause
 * in typing), persistence, packet re-seeding, scenario playback, `<html lang>`, and last the
 * address (a link's scenario wins over what was saved). Each effect is `(store, deps) => stop`
 * and changes the state only through slice verbs. Returns one stop for all of them.
 */
export function startApp(store: AppStore, page: PageDeps): () => void {
  restoreSaved(store, page);
  const stops = [
    startAnalysisDriver(store),
    startPersistence(store, page),
    startPacketReseeding(store),
    startScenarioPlayback(store),
    startDocumentLanguage(store, page.root),
    startUrlSync(store, page.address, page.decodeLink),
  ];
  return () => {
    for (const stop of stops.reverse()) stop();
  };
}

import { decodeScenario } from '../../core/share';
import type { DecodeAnswer } from '../../workers/decodeProtocol';
import { readGalleryFragment } from '../galleryFragment';
import { lessonOf } from '../scenario';
import type { AppStore } from '../store';

/** The page's address as this effect reads and changes it (`location`/`history` in main.tsx). */
export interface PageAddress {
  /** `location.hash`, e.g. `#s=…`. */
  hash(): string;
  /** `location.search`, e.g. `?present`. */
  search(): string;
  /** Drops the fragment without a new history entry, so a reload keeps the now-local input and does not ask again. */
  dropFragment(): void;
  /** Calls `listener` on every `hashchange`; returns the unsubscribe. */
  onHashChange(listener: () => void): () => void;
}

/**
 * The address → the store: `?present` starts presenter mode; `#s=…` is decoded (a refusal shows
 * an alert naming the problem, nothing runs), `#g=<id>` opens a gallery scenario; either is then
 * offered (confirm before replacing own input) and the fragment dropped. Any other fragment is
 * left alone. Reads the address now and on every later `hashchange`. Returns the stop function.
 */
export function startUrlSync(
  store: AppStore,
  address: PageAddress,
  // The page passes the decode worker (a bomb link must not inflate on its thread); tests, in-thread.
  decodeLink: (fragment: string) => Promise<DecodeAnswer> = decodeScenario,
): () => void {
  let latest = 0;
  const openFragment = async (hash: string): Promise<void> => {
    const token = ++latest;
    const gallery = readGalleryFragment(hash);
    if (gallery) {
      address.dropFragment();
      if (!gallery.ok) {
        store.getState().showOpenError({ code: gallery.code, subject: gallery.subject, detail: '' });
        return;
      }
      const id = gallery.id;
      // The gallery's texts are a chunk of their own, fetched (from this origin) only for `#g=` links.
      const { findGalleryScenario, galleryToScenario } = await import('../../content');
      if (token !== latest) return; // a newer hashchange won
      const g = findGalleryScenario(id);
      const s = store.getState();
      if (!g) {
        s.showOpenError({ code: 'gallery/unknown-id', subject: id, detail: '' });
        return;
      }
      s.offerScenario(galleryToScenario(g, s.language), lessonOf(g, s.language));
      return;
    }
    if (!hash.startsWith('#s=')) return;
    const decoded = await decodeLink(hash);
    if (token !== latest) return; // a newer hashchange won
    address.dropFragment();
    if (!decoded.ok) {
      store.getState().showOpenError({ code: decoded.code, subject: '', detail: decoded.detail });
      return;
    }
    store.getState().offerScenario(decoded.scenario);
  };
  if (new URLSearchParams(address.search()).has('present')) store.getState().setPresenting(true);
  const onChange = () => void openFragment(address.hash());
  onChange();
  return address.onHashChange(onChange);
}

import { decodeScenario } from '../../core/share';
import { getLanguage } from '../../i18n';
import { offerScenario } from './applyScenario';
import { lessonOf } from './lessons';
import { useShareStore } from './shareStore';
import { decodeMessages, shareStrings } from './strings';

/** Gallery permalinks: `#g=<id>` opens that gallery scenario (ids are stable, see content). */
export const GALLERY_FRAGMENT = /^#g=([a-z0-9-]{1,80})$/;

/** Drops the fragment without a new history entry, so a reload keeps the now-local input and does not ask again. */
export function dropFragment(): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', pathname + search);
}

let latest = 0;

/**
 * Reads `location.hash`: `#s=…` is decoded (a refusal shows an alert naming the problem, nothing
 * runs), `#g=<id>` opens a gallery scenario; either is then offered (confirm before replacing own
 * input) and the fragment dropped. Any other fragment is left alone. Never throws.
 */
export async function openFragment(hash: string = window.location.hash): Promise<void> {
  const token = ++latest;
  const gallery = GALLERY_FRAGMENT.exec(hash);
  if (gallery) {
    const id = gallery[1] as string;
    dropFragment();
    // The gallery's texts are a chunk of their own, fetched (from this origin) only for `#g=` links.
    const { findGalleryScenario, galleryToScenario } = await import('../../content');
    if (token !== latest) return; // a newer hashchange won
    const g = findGalleryScenario(id);
    if (!g) {
      useShareStore.setState({
        error: { code: 'gallery/unknown-id', message: shareStrings().unknownGallery(id), detail: '' },
      });
      return;
    }
    const language = getLanguage();
    offerScenario(galleryToScenario(g, language), lessonOf(g, language));
    return;
  }
  if (!hash.startsWith('#s=')) return;
  const decoded = await decodeScenario(hash);
  if (token !== latest) return; // a newer hashchange won
  dropFragment();
  if (!decoded.ok) {
    useShareStore.setState({
      error: { code: decoded.code, message: decodeMessages()[decoded.code], detail: decoded.detail },
    });
    return;
  }
  offerScenario(decoded.scenario);
}

/** Opens the fragment the page was loaded with, and every later `hashchange`. Returns the cleanup. */
export function watchFragment(): () => void {
  const onChange = () => void openFragment();
  onChange();
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

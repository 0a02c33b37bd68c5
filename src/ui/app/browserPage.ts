import type { PageDeps } from '../../state/effects';
import { tabStorage } from '../../state/persist';
import { workerDecoder } from '../../workers/decodeClient';
import { WEB_EXAMPLE } from '../examples';

/**
 * What the app's effects need from this browser page (state/effects/index.ts `startApp`): the
 * example for a first visit, the browser's language, `<html>` for its `lang`, page-hide events
 * (a save cannot wait for its debounce then), and the address (`#s=`/`#g=` links, `?present`).
 */
export function browserPage(): PageDeps {
  return {
    example: WEB_EXAMPLE,
    browserLanguage: navigator.language,
    root: document.documentElement,
    decodeLink: (fragment) => workerDecoder().link(fragment),
    tabStorage: tabStorage(),
    onPageHide: (flush) => {
      // pagehide also fires for the bfcache; a hidden tab may be discarded without one.
      const onVisibility = (): void => {
        if (document.visibilityState === 'hidden') flush();
      };
      window.addEventListener('pagehide', flush);
      document.addEventListener('visibilitychange', onVisibility);
      return () => {
        window.removeEventListener('pagehide', flush);
        document.removeEventListener('visibilitychange', onVisibility);
      };
    },
    onStorageChange: (listener) => {
      // Fired in every other tab of this origin when one writes localStorage (never in the writer).
      const onStorage = (e: StorageEvent): void => {
        if (e.storageArea === null || e.storageArea === window.localStorage) listener(e.key);
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
    address: {
      hash: () => window.location.hash,
      search: () => window.location.search,
      replace: (hash) => {
        const { pathname, search } = window.location;
        // replaceState: following the state adds no history entry and fires no hashchange.
        window.history.replaceState(window.history.state, '', pathname + search + hash);
      },
      onHashChange: (listener) => {
        window.addEventListener('hashchange', listener);
        return () => window.removeEventListener('hashchange', listener);
      },
    },
  };
}

import type { AppStore } from '../store';

/** The element whose `lang` names the page's language (`<html>`; screen readers and fonts read it). */
export interface LangElement {
  lang: string;
}

/** Keeps `root.lang` on the store's language, from now on. Returns the stop function. */
export function startDocumentLanguage(store: AppStore, root: LangElement): () => void {
  root.lang = store.getState().language;
  return store.subscribe((s, prev) => {
    if (s.language !== prev.language) root.lang = s.language;
  });
}

import type { StateCreator } from 'zustand';
import { LANGUAGES, type Language } from '../i18n/language';
import type { AppState } from './store';

/**
 * The UI language. i18n's `useT`/`useLang` read it from the store; code outside React reads
 * `store.getState().language` and passes it to `t(key, params, lang)`. The choice is kept in
 * storage and set on `<html lang>` by effects (persistence.ts, documentLanguage.ts).
 */
export interface LanguageSlice {
  readonly language: Language;
  /** Switches the UI language; a language this app does not have is ignored. */
  setLanguage(language: Language): void;
}

export const createLanguageSlice: StateCreator<AppState, [], [], LanguageSlice> = (set) => ({
  language: 'en',
  setLanguage: (language) => {
    if (LANGUAGES.includes(language)) set({ language });
  },
});

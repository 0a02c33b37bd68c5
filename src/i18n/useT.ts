import { useMemo } from 'react';
import { useAppState } from '../state/context';
import type { Language } from './language';
import { type Translate, translator } from './t';

/** The current language's `t` (re-renders the component when the language changes). */
export function useT(): Translate {
  const language = useLang();
  return useMemo(() => translator(language), [language]);
}

/** The current language (the app store's language slice; for core functions that take a `lang`). */
export function useLang(): Language {
  return useAppState((s) => s.language);
}

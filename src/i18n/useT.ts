import { useMemo } from 'react';
import { type Language, useLanguage } from './language';
import { type Translate, translator } from './t';

/** The current language's `t` (re-renders the component when the language changes). */
export function useT(): Translate {
  const language = useLanguage((s) => s.language);
  return useMemo(() => translator(language), [language]);
}

/** The current language (for core functions that take a `lang`). */
export function useLang(): Language {
  return useLanguage((s) => s.language);
}

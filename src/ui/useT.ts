import { useMemo } from 'react';
import type { Language } from '../i18n';
import { type Translate, translator } from '../i18n';
import { useAppState } from '../state/context';

/** The current language's `t` (re-renders the component when the language changes). */
export function useT(): Translate {
  const language = useLang();
  return useMemo(() => translator(language), [language]);
}

/** The current language (the app store's language slice; for core functions that take a `lang`). */
export function useLang(): Language {
  return useAppState((s) => s.language);
}

import { create } from 'zustand';
import type { Lang } from '../core/trace';

/** The UI languages (the same set as the tracer's messages and the Scenario's `language`). */
export type Language = Lang;
export const LANGUAGES: readonly Language[] = ['en', 'zh-CN'];

const STORAGE_KEY = 'kpe.language';

/** A stored or browser language tag → one of ours: `zh`, `zh-CN`, `zh-Hans-…` → 'zh-CN', else 'en'. */
export function toLanguage(tag: string | null | undefined): Language {
  return tag?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/** The browser globals this file reads (typed here: the Node test config has no DOM lib). */
interface BrowserGlobals {
  readonly localStorage?: { getItem(k: string): string | null; setItem(k: string, v: string): void };
  readonly navigator?: { readonly language?: string };
  readonly document?: { readonly documentElement: { lang: string } };
}
const browser = globalThis as BrowserGlobals;

function storage(): BrowserGlobals['localStorage'] | null {
  try {
    return browser.localStorage ?? null;
  } catch {
    return null; // storage disabled (privacy mode): the choice lives for this page only
  }
}

/** The choice the user made here before, else the browser's language. */
function initialLanguage(): Language {
  const saved = storage()?.getItem(STORAGE_KEY);
  if (saved === 'en' || saved === 'zh-CN') return saved;
  return toLanguage(browser.navigator?.language);
}

function applyToDocument(language: Language): void {
  if (browser.document) browser.document.documentElement.lang = language;
}

interface LanguageState {
  readonly language: Language;
}

/** The current UI language: a tiny store of its own (the permalink code reads and sets it too). */
export const useLanguage = create<LanguageState>()(() => ({ language: initialLanguage() }));
applyToDocument(useLanguage.getState().language);

/** Switches the UI language, keeps it in localStorage and sets `<html lang>`. */
export function setLanguage(language: Language): void {
  if (!LANGUAGES.includes(language)) return;
  try {
    storage()?.setItem(STORAGE_KEY, language);
  } catch {
    // quota or privacy mode: the switch still applies to this page
  }
  applyToDocument(language);
  useLanguage.setState({ language });
}

/** The current language outside React. */
export function getLanguage(): Language {
  return useLanguage.getState().language;
}

import { type Dictionary, en, type MessageKey } from './en';
import type { Language } from './language';
import { zhCN } from './zh-CN';

export type { MessageKey } from './en';

export const DICTIONARIES: Readonly<Record<Language, Dictionary>> = { en, 'zh-CN': zhCN };

export type Params = Readonly<Record<string, string | number>>;
/** A `t` bound to one language. */
export type Translate = (key: MessageKey, params?: Params) => string;

/**
 * The text of `key` in `lang` with `{name}` parameters filled in; an unknown parameter stays
 * visible as `{name}` (a missing value shows, it never becomes "undefined").
 */
export function t(key: MessageKey, params: Params = {}, lang: Language = 'en'): string {
  const text = DICTIONARIES[lang][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (all, name: string) =>
    params[name] === undefined ? all : String(params[name]),
  );
}

/** Keys that come in `.one` / `.other` pairs. */
export type PluralBase = {
  [K in MessageKey]: K extends `${infer B}.one` ? (`${B}.other` extends MessageKey ? B : never) : never;
}[MessageKey];

const numbers = new Intl.NumberFormat('en-US');

/** `{n} rule` / `{n} rules` by count (n formatted with thousands separators). */
export function plural(tr: Translate, base: PluralBase, n: number): string {
  const key = `${base}.${n === 1 ? 'one' : 'other'}` as MessageKey;
  return tr(key, { n: numbers.format(n) });
}

/** A `t` bound to `lang`. */
export function translator(lang: Language): Translate {
  return (key, params) => t(key, params, lang);
}

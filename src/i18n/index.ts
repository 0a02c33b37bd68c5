export type { Dictionary, MessageKey } from './en';
export { getLanguage, LANGUAGES, type Language, setLanguage, toLanguage, useLanguage } from './language';
export { DICTIONARIES, type Params, plural, type Translate, t, translator } from './t';
export { useLang, useT } from './useT';

export type { Dictionary, MessageKey } from './en';
export { LANGUAGES, type Language, toLanguage } from './language';
export { DICTIONARIES, type Params, plural, type Translate, t, translator } from './t';
export { useLang, useT } from './useT';

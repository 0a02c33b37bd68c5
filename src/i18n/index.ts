export type { MessageKey } from './en';
export type { Language } from './language';
export { plural, type Translate, translator } from './t';

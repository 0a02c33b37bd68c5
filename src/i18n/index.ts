export type { MessageKey } from './en';
export { graphText } from './graphWords';
export type { Language } from './language';
export { plural, type Translate, translator } from './t';

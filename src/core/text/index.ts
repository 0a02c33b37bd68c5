export { isJsSpace } from './chars';
export type { Diagnostic, Severity } from './diagnostic';
export { diagnostic, hasErrors } from './diagnostic';
export { LineIndex } from './lineIndex';
export type { Span } from './span';
export { span } from './span';
export { tabwrite } from './tabwriter';
export type { Word } from './words';
export { textLines, wordsOf } from './words';

/**
 * Whitespace-separated words of one line with their offsets, for the column-style readers
 * (`ipvsadm -Ln`, `ipset list`): those tools print fields separated by runs of spaces (printf
 * padding), never quoted, except ipset's `comment "…"` which the ipset reader handles itself.
 */

export interface Word {
  readonly text: string;
  /** Offset of the first character in the whole text. */
  readonly start: number;
  /** Offset just past the last character. */
  readonly end: number;
}

/** The words of `text[start, end)`; spaces and tabs separate them. */
export function wordsOf(text: string, start: number, end: number): Word[] {
  const words: Word[] = [];
  let i = start;
  while (i < end) {
    while (i < end && isBlankChar(text.charCodeAt(i))) i++;
    if (i >= end) break;
    const s = i;
    while (i < end && !isBlankChar(text.charCodeAt(i))) i++;
    words.push({ text: text.slice(s, i), start: s, end: i });
  }
  return words;
}

function isBlankChar(c: number): boolean {
  return c === 32 || c === 9;
}

/** One line of a text: `[start, end)` without its `\r\n` / `\n`, and where the next line starts. */
export interface TextLine {
  readonly start: number;
  readonly end: number;
  readonly next: number;
}

/** Every line of `text`, in order (a final line without a newline included, an empty tail not). */
export function* textLines(text: string): Generator<TextLine> {
  let pos = 0;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const next = nl === -1 ? text.length : nl + 1;
    let end = nl === -1 ? text.length : nl;
    if (end > pos && text.charCodeAt(end - 1) === 13) end--;
    yield { start: pos, end, next };
    pos = next;
  }
}

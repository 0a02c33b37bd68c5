/**
 * Splits one line into words the way iptables-restore does (xshared.c, add_param_to_argv):
 * words are separated by unquoted spaces or tabs; `"` toggles quoting anywhere in a word; inside
 * quotes a backslash escapes the next character. Scans char codes; no regex, no per-char
 * concatenation (a word's value is a slice of the text unless it contained quotes).
 */

/** A word of a line: `text` is the raw slice, `value` the unquoted value. */
export interface Token {
  readonly kind: 'word' | 'quoted';
  readonly text: string;
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Reusable token storage for the hot path (one per parse, refilled per line) so that tokenizing
 * 380,000 lines allocates no token objects: parallel arrays indexed 0..count-1.
 */
export class TokenBuffer {
  count = 0;
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly values: string[] = [];
  /** 1 when the word contained a quote (so `value` differs from the raw slice). */
  readonly quoted: number[] = [];
  /** Offset of an unterminated `"`, or -1. */
  unterminated = -1;
  /** Offset of the first NUL/control character, or -1. */
  binaryAt = -1;
}

const SPACE = 32;
const TAB = 9;
const QUOTE = 34;
const BACKSLASH = 92;

/**
 * Tokenizes `text[start, end)` into `buf` (cleared first). Returns the number of words.
 * Never throws; an unterminated quote ends the last word at `end` and sets `buf.unterminated`.
 */
export function tokenizeLine(text: string, start: number, end: number, buf: TokenBuffer): number {
  let n = 0;
  let i = start;
  buf.unterminated = -1;
  buf.binaryAt = -1;
  while (i < end) {
    let c = text.charCodeAt(i);
    if (c === SPACE || c === TAB) {
      i++;
      continue;
    }
    const wordStart = i;
    let hasQuote = false;
    let inQuote = false;
    let openedAt = -1;
    while (i < end) {
      c = text.charCodeAt(i);
      if (c === QUOTE) {
        hasQuote = true;
        inQuote = !inQuote;
        openedAt = i;
      } else if (inQuote) {
        if (c === BACKSLASH) i++;
      } else if (c === SPACE || c === TAB) {
        break;
      } else if (c < 32 && buf.binaryAt < 0) {
        buf.binaryAt = i;
      }
      i++;
    }
    if (i > end) i = end;
    if (inQuote) buf.unterminated = openedAt;
    buf.starts[n] = wordStart;
    buf.ends[n] = i;
    buf.quoted[n] = hasQuote ? 1 : 0;
    buf.values[n] = hasQuote ? unquote(text, wordStart, i) : text.slice(wordStart, i);
    n++;
    if (inQuote) break;
  }
  buf.count = n;
  return n;
}

/** The value of a word containing quotes: quotes removed, `\x` inside quotes → `x`. */
export function unquote(text: string, start: number, end: number): string {
  const parts: string[] = [];
  let inQuote = false;
  let runStart = start;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      parts.push(text.slice(runStart, i));
      inQuote = !inQuote;
      runStart = i + 1;
    } else if (inQuote && c === BACKSLASH && i + 1 < end) {
      parts.push(text.slice(runStart, i));
      runStart = i + 1;
      i++;
    }
  }
  parts.push(text.slice(runStart, end));
  return parts.join('');
}

/** Convenience for tests and tools: the words of one line as objects (not used on the hot path). */
export function tokenize(line: string): { tokens: Token[]; unterminatedAt: number } {
  const buf = new TokenBuffer();
  const n = tokenizeLine(line, 0, line.length, buf);
  const tokens: Token[] = [];
  for (let k = 0; k < n; k++) {
    const start = buf.starts[k] as number;
    const end = buf.ends[k] as number;
    const kind = buf.quoted[k] === 1 ? 'quoted' : 'word';
    tokens.push({ kind, text: line.slice(start, end), value: buf.values[k] as string, start, end });
  }
  return { tokens, unterminatedAt: buf.unterminated };
}

/**
 * Splits nft text into tokens the way nft's scanner does for the forms `nft list ruleset` prints
 * and `nft -f` reads (nftables src/scanner.l): words are runs of characters other than blanks,
 * `{ } ; , " #`; a `"…"` string is one token (nft strings have no escapes); `#` starts a comment
 * that runs to the end of the line (`# handle 12` from `nft -a`). Newlines are tokens because a
 * rule ends at the end of its line. One pass over char codes; tokens live in parallel typed arrays
 * (a 100,000-element map is a million tokens: no object per token, no string until asked).
 */

export const T_WORD = 1;
export const T_STRING = 2;
export const T_LBRACE = 3;
export const T_RBRACE = 4;
export const T_SEMI = 5;
export const T_COMMA = 6;
export const T_NEWLINE = 7;
export const T_COMMENT = 8;

export class Tokens {
  count = 0;
  kinds = new Uint8Array(1024);
  starts = new Int32Array(1024);
  ends = new Int32Array(1024);
  /** Offsets of unterminated strings. */
  readonly unterminated: number[] = [];
  /** Offset of the first NUL or control character, or -1. */
  binaryAt = -1;

  constructor(readonly text: string) {}

  push(kind: number, start: number, end: number): void {
    if (this.count === this.kinds.length) {
      const cap = this.count * 2;
      const k = new Uint8Array(cap);
      k.set(this.kinds);
      const s = new Int32Array(cap);
      s.set(this.starts);
      const e = new Int32Array(cap);
      e.set(this.ends);
      this.kinds = k;
      this.starts = s;
      this.ends = e;
    }
    this.kinds[this.count] = kind;
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.count++;
  }

  kind(i: number): number {
    return i < this.count ? (this.kinds[i] as number) : 0;
  }

  /** The raw text of token `i` ('' past the end). */
  text_(i: number): string {
    return i < this.count ? this.text.slice(this.starts[i], this.ends[i]) : '';
  }

  /** True when token `i` is the word `w` (compared without slicing). */
  is(i: number, w: string): boolean {
    if (i >= this.count || this.kinds[i] !== T_WORD) return false;
    const s = this.starts[i] as number;
    if ((this.ends[i] as number) - s !== w.length) return false;
    return this.text.startsWith(w, s);
  }

  /** A string token's value without its quotes; a word's text otherwise. */
  value(i: number): string {
    if (this.kinds[i] === T_STRING) {
      const s = (this.starts[i] as number) + 1;
      const e = this.ends[i] as number;
      return this.text.slice(s, this.text.charCodeAt(e - 1) === 34 && e - 1 >= s ? e - 1 : e);
    }
    return this.text_(i);
  }
}

const isWordBreak = new Uint8Array(128);
for (const c of ' \t\r\n{};,"#') isWordBreak[c.charCodeAt(0)] = 1;

/** Tokenizes the whole text. Never throws. */
export function tokenize(text: string): Tokens {
  const t = new Tokens(text);
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 13) {
      i++;
    } else if (c === 10) {
      if (t.count === 0 || t.kinds[t.count - 1] !== T_NEWLINE) t.push(T_NEWLINE, i, i + 1);
      i++;
    } else if (c === 123) t.push(T_LBRACE, i, ++i);
    else if (c === 125) t.push(T_RBRACE, i, ++i);
    else if (c === 59) t.push(T_SEMI, i, ++i);
    else if (c === 44) t.push(T_COMMA, i, ++i);
    else if (c === 35) {
      let e = text.indexOf('\n', i);
      if (e === -1) e = n;
      t.push(T_COMMENT, i, e);
      i = e;
    } else if (c === 34) {
      let e = i + 1;
      while (e < n) {
        const d = text.charCodeAt(e);
        if (d === 34 || d === 10) break;
        e++;
      }
      if (e < n && text.charCodeAt(e) === 34) e++;
      else t.unterminated.push(i);
      t.push(T_STRING, i, e);
      i = e;
    } else {
      const s = i;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d < 128 && isWordBreak[d] === 1) break;
        if (d < 32 && t.binaryAt === -1) t.binaryAt = i;
        i++;
      }
      t.push(T_WORD, s, i);
    }
  }
  return t;
}

import { LineIndex } from '../text';
import type { NftablesCode } from './codes';
import {
  T_COMMA,
  T_COMMENT,
  T_LBRACE,
  T_NEWLINE,
  T_RBRACE,
  T_SEMI,
  T_STRING,
  T_WORD,
  type Tokens,
  tokenize,
} from './lexer';
import { NftSink } from './sink';

/** Braces nested deeper than this are skipped (nft's own parser stack is far smaller in practice). */
export const MAX_DEPTH = 32;

/**
 * The token cursor shared by the listing and transaction readers: position `i`, the diagnostic
 * sink, line numbers on demand, and the brace bookkeeping every reader needs.
 */
export class Reader {
  readonly t: Tokens;
  readonly sink = new NftSink();
  i = 0;
  private lines: LineIndex;

  constructor(readonly text: string) {
    this.t = tokenize(text);
    this.lines = new LineIndex(text);
    for (const at of this.t.unterminated)
      this.diag('nftables/unterminated-string', 'A "…" string is not closed on its line.', at, at + 1);
  }

  diag(code: NftablesCode, message: string, start: number, end: number): void {
    this.sink.add(code, message, start, end);
  }

  /** Diagnostic over tokens `[a, b)`. */
  diagTokens(code: NftablesCode, message: string, a: number, b: number): void {
    const s = this.start(a);
    this.sink.add(code, message, s, Math.max(s, this.end(Math.max(a, b - 1))));
  }

  line(offset: number): number {
    return this.lines.position(offset).line;
  }

  kind(i = this.i): number {
    return this.t.kind(i);
  }
  start(i: number): number {
    return i < this.t.count ? (this.t.starts[i] as number) : this.text.length;
  }
  end(i: number): number {
    return i < this.t.count ? (this.t.ends[i] as number) : this.text.length;
  }
  is(w: string, i = this.i): boolean {
    return this.t.is(i, w);
  }
  word(i = this.i): string {
    return this.t.kind(i) === T_WORD ? this.t.text_(i) : '';
  }
  value(i = this.i): string {
    return this.t.value(i);
  }
  atEnd(): boolean {
    return this.i >= this.t.count;
  }

  /** Skips newlines, `;` and comments (inside braces of sets, where lines do not matter). */
  skipBlank(): void {
    while (this.i < this.t.count) {
      const k = this.t.kinds[this.i];
      if (k !== T_NEWLINE && k !== T_SEMI && k !== T_COMMENT) return;
      this.i++;
    }
  }

  /** Index of the first newline (or `;` when `semi`) at brace depth 0 from `from`, or the count. */
  lineEnd(from: number, semi: boolean): { end: number; unclosed: number } {
    let depth = 0;
    let opened = -1;
    for (let i = from; i < this.t.count; i++) {
      const k = this.t.kinds[i];
      if (k === T_LBRACE) {
        if (depth === 0) opened = i;
        depth++;
      } else if (k === T_RBRACE) {
        if (depth === 0) return { end: i, unclosed: -1 };
        depth--;
      } else if (depth === 0 && (k === T_NEWLINE || (semi && k === T_SEMI))) return { end: i, unclosed: -1 };
    }
    if (depth === 0) return { end: this.t.count, unclosed: -1 };
    // An unclosed brace: end the line at its own newline so that the rest of the text is read.
    for (let i = opened; i < this.t.count; i++)
      if (this.t.kinds[i] === T_NEWLINE) return { end: i, unclosed: opened };
    return { end: this.t.count, unclosed: opened };
  }

  /** Skips a balanced `{ … }` starting at `i` (a `{`); returns the index after it. */
  skipBraces(i: number): number {
    let depth = 0;
    for (let j = i; j < this.t.count; j++) {
      const k = this.t.kinds[j];
      if (k === T_LBRACE) depth++;
      else if (k === T_RBRACE && --depth === 0) return j + 1;
    }
    this.diag('nftables/unbalanced-brace', 'This `{` is never closed.', this.start(i), this.end(i));
    return this.t.count;
  }

  /** Skips to the next newline (not past it). */
  skipLine(): void {
    while (this.i < this.t.count && this.t.kinds[this.i] !== T_NEWLINE) this.i++;
  }

  /** The `N` of a `# handle N` comment at `i`, or null. */
  handleAt(i: number): number | null {
    if (this.t.kind(i) !== T_COMMENT) return null;
    const m = /^#\s*handle\s+(\d+)/.exec(this.t.text_(i));
    return m ? Number(m[1]) : null;
  }
}

export { T_COMMA, T_COMMENT, T_LBRACE, T_NEWLINE, T_RBRACE, T_SEMI, T_STRING, T_WORD };

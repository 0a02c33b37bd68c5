import type { TokenBuffer } from './tokenize';

/**
 * A cursor over the words of one rule line (peek / eat / expect), reused for every line so the
 * hot path allocates nothing per rule.
 */
export class RuleCursor {
  pos = 0;
  text = '';
  constructor(readonly buf: TokenBuffer) {}

  /** Points the cursor at the words of a newly tokenized line. */
  reset(text: string, pos: number): void {
    this.text = text;
    this.pos = pos;
  }

  atEnd(): boolean {
    return this.pos >= this.buf.count;
  }

  /** The value of the current word, or undefined at the end of the line. */
  peek(): string | undefined {
    return this.pos < this.buf.count ? this.buf.values[this.pos] : undefined;
  }

  /** True when word `k` is an unquoted option name (`-s`, `--dport`; not `-1`). */
  isOption(k: number = this.pos): boolean {
    if (k >= this.buf.count || this.buf.quoted[k] === 1) return false;
    const v = this.buf.values[k] as string;
    if (v.length < 2 || v.charCodeAt(0) !== 45) return false;
    const c = v.charCodeAt(1);
    return !(c >= 48 && c <= 57);
  }

  /** True when word `k` is an unquoted `!`. */
  isBang(k: number = this.pos): boolean {
    return k < this.buf.count && this.buf.quoted[k] === 0 && this.buf.values[k] === '!';
  }

  /** Consumes the current word and returns its index. */
  eat(): number {
    return this.pos++;
  }

  /** Consumes `n` values; returns how many were there (fewer means the line ended early). */
  expect(n: number): number {
    const got = Math.min(n, this.buf.count - this.pos);
    this.pos += got;
    return got;
  }

  value(k: number): string {
    return this.buf.values[k] as string;
  }
  start(k: number): number {
    return this.buf.starts[k] as number;
  }
  end(k: number): number {
    return this.buf.ends[k] as number;
  }
  /** The raw source of word `k` (its quoting included). */
  raw(k: number): string {
    return this.buf.quoted[k] === 1
      ? this.text.slice(this.start(k), this.end(k))
      : (this.buf.values[k] as string);
  }
}

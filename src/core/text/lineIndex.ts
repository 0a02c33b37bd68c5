/**
 * Offset ↔ line/column conversion for one text. Lines and columns are 1-based (as editors and
 * compilers print them); a line ends at `\n`, and a `\r` before it belongs to the line ending.
 */
export class LineIndex {
  /** Offsets at which each line starts (`[0] === 0`); built on first use. */
  private starts: Uint32Array | null = null;

  /**
   * Cheap: the text is scanned on the first question, not here. A page keeps one index per
   * editor text and most texts (a large clean dump, mid-typing) are never asked about.
   */
  constructor(private readonly text: string) {}

  private get lineStarts(): Uint32Array {
    if (this.starts === null) {
      // Two passes (count, then fill) into one typed array: no growing array of boxed numbers.
      let n = 1;
      for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) n++;
      const starts = new Uint32Array(n);
      let k = 1;
      for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) starts[k++] = i + 1;
      this.starts = starts;
    }
    return this.starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** 1-based line and column of an offset (clamped to the text). */
  position(offset: number): { line: number; column: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.lineStarts[mid] as number) <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - (this.lineStarts[lo] as number) + 1 };
  }

  /** Offset of a 1-based line and column (clamped). */
  offset(line: number, column = 1): number {
    const l = Math.max(1, Math.min(line, this.lineStarts.length));
    return Math.min(this.text.length, (this.lineStarts[l - 1] as number) + Math.max(0, column - 1));
  }

  /** The text of a 1-based line without its line ending. */
  lineText(line: number): string {
    const start = this.offset(line, 1);
    const nl = this.text.indexOf('\n', start);
    const end = nl === -1 ? this.text.length : nl;
    return this.text.slice(start, end > start && this.text[end - 1] === '\r' ? end - 1 : end);
  }
}

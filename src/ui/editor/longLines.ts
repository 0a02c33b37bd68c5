/**
 * Monaco's `TextModel.isDominatedByLongLines()` (textModel.ts, Monaco 0.57), counted chunk by
 * chunk as a text streams in: are more characters in lines of 10,000 or more than in the rest?
 * Monaco asks it when a model is attached to an editor and walks every line to answer, which on a
 * 20 MB dump was a few hundred milliseconds of one task; largeText.ts gives it this answer instead.
 * Line ends are `\r\n`, `\n` or a lone `\r`, as in Monaco; their characters are not counted.
 */
const LONG_LINE_BOUNDARY = 10_000;

export class LongLineTally {
  private line = 0;
  private long = 0;
  private short = 0;
  /** The last chunk ended in `\r`: a `\n` starting the next one belongs to that line end. */
  private afterCR = false;

  add(chunk: string): void {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 10 /* \n */) {
        if (!this.afterCR) this.endLine();
        this.afterCR = false;
      } else if (c === 13 /* \r */) {
        this.endLine();
        this.afterCR = true;
      } else {
        this.line++;
        this.afterCR = false;
      }
    }
  }

  /** The answer for the text added so far (its last line included). */
  dominated(): boolean {
    const last = this.line;
    const long = this.long + (last >= LONG_LINE_BOUNDARY ? last : 0);
    const short = this.short + (last < LONG_LINE_BOUNDARY ? last : 0);
    return long > short;
  }

  private endLine(): void {
    if (this.line >= LONG_LINE_BOUNDARY) this.long += this.line;
    else this.short += this.line;
    this.line = 0;
  }
}

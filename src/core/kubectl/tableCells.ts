import { isJsSpace } from '../text';
import type { Line } from './lines';
import type { TableHeader } from './tableHeader';

/** One cell of a table row: trimmed text and its absolute offsets. */
export interface Cell {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Space or tab: what kubectl's tabwriter pads with. */
function isPad(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * The cells of one row as offsets into the text, reused from row to row: a 50 MB table is read
 * without an object per cell. Cell texts and `Cell` objects are made only for the cells a reader
 * asks for. Rows are read by the header's offsets, or split on whitespace.
 */
export class RowCells {
  /** Number of cells of the current row. */
  n = 0;
  private starts = new Int32Array(16);
  private ends = new Int32Array(16);
  /** Column name → its column indexes, last first (a later column of the same name wins). */
  private readonly byName = new Map<string, number[]>();

  constructor(
    readonly text: string,
    readonly header: TableHeader,
  ) {
    header.columns.forEach((c, i) => {
      const list = this.byName.get(c.name);
      if (list) list.unshift(i);
      else this.byName.set(c.name, [i]);
    });
  }

  /**
   * Reads a row by the header's column offsets (see `cellsByOffsets`); false when the row does not
   * line up with the header.
   */
  readByOffsets(lineStart: number, lineEnd: number): boolean {
    const text = this.text;
    const length = lineEnd - lineStart;
    const cols = this.header.columns;
    this.n = 0;
    for (let i = 0; i < cols.length; i++) {
      const at = (cols[i] as { column: number }).column;
      const next = i + 1 < cols.length ? (cols[i + 1] as { column: number }).column : length;
      if (at < length && isPad(text.charCodeAt(lineStart + at)) && this.mayBeEmpty(i, lineStart, at, next)) {
        this.push(lineStart + at, lineStart + at);
        continue;
      }
      if (at >= length || isPad(text.charCodeAt(lineStart + at))) return false;
      if (at > 0 && !isPad(text.charCodeAt(lineStart + at - 1))) return false;
      if (next > length && i + 1 < cols.length) return false;
      let s = lineStart + at;
      let e = lineStart + Math.min(next, length);
      while (s < e && isPad(text.charCodeAt(s))) s++;
      while (e > s && isPad(text.charCodeAt(e - 1))) e--;
      this.push(s, e);
    }
    return true;
  }

  /**
   * Whether column `i` is an empty cell here: kubectl's formatEndpoints prints an empty ENDPOINTS
   * cell when an Endpoints object has subsets but no ready address (only notReadyAddresses), and
   * tabwriter pads it with spaces up to the next column, which must then start in place.
   */
  private mayBeEmpty(i: number, lineStart: number, at: number, next: number): boolean {
    const cols = this.header.columns;
    if ((cols[i] as { name: string }).name !== 'ENDPOINTS' || i + 1 >= cols.length) return false;
    const text = this.text;
    for (let k = lineStart + at; k < lineStart + next; k++) if (!isPad(text.charCodeAt(k))) return false;
    const c = text.charCodeAt(lineStart + next);
    return !Number.isNaN(c) && !isPad(c) && c !== 10 && c !== 13;
  }

  /**
   * Splits a row on whitespace and glues `+ N more...` onto the cell before it, and a pod's
   * `(3h ago)` onto its restart count (for output whose padding was collapsed to single spaces).
   */
  readByWhitespace(lineStart: number, lineEnd: number): void {
    const text = this.text;
    this.n = 0;
    let i = lineStart;
    while (i < lineEnd) {
      while (i < lineEnd && isJsSpace(text.charCodeAt(i))) i++;
      if (i >= lineEnd) break;
      const s = i;
      while (i < lineEnd && !isJsSpace(text.charCodeAt(i))) i++;
      this.push(s, i);
    }
    // Glue `word + N more...` (three words) back into one cell.
    let out = 0;
    for (let w = 0; w < this.n; w++) {
      const s = this.starts[w] as number;
      const e = this.ends[w] as number;
      if (
        out > 0 &&
        w + 2 < this.n &&
        e - s === 1 &&
        text.charCodeAt(s) === 43 &&
        isDigits(text, this.starts[w + 1] as number, this.ends[w + 1] as number) &&
        isWord(text, this.starts[w + 2] as number, this.ends[w + 2] as number, 'more...')
      ) {
        this.ends[out - 1] = this.ends[w + 2] as number;
        w += 2;
        continue;
      }
      // `get pods` RESTARTS: `2 (3h ago)` (printPod) is one cell.
      if (
        out > 0 &&
        w + 1 < this.n &&
        text.charCodeAt(s) === 40 &&
        isDigits(text, this.starts[out - 1] as number, this.ends[out - 1] as number) &&
        isWord(text, this.starts[w + 1] as number, this.ends[w + 1] as number, 'ago)')
      ) {
        this.ends[out - 1] = this.ends[w + 1] as number;
        w += 1;
        continue;
      }
      this.starts[out] = s;
      this.ends[out] = e;
      out++;
    }
    this.n = out;
  }

  private push(start: number, end: number): void {
    if (this.n === this.starts.length) {
      const starts = new Int32Array(this.n * 2);
      const ends = new Int32Array(this.n * 2);
      starts.set(this.starts);
      ends.set(this.ends);
      this.starts = starts;
      this.ends = ends;
    }
    this.starts[this.n] = start;
    this.ends[this.n] = end;
    this.n++;
  }

  /** The index of the cell a row read into a Map by column name holds for `name`, or -1. */
  col(name: string): number {
    const list = this.byName.get(name);
    if (list) for (const i of list) if (i < this.n) return i;
    return -1;
  }

  start(i: number): number {
    return this.starts[i] as number;
  }

  end(i: number): number {
    return this.ends[i] as number;
  }

  textOf(i: number): string {
    return this.text.slice(this.starts[i], this.ends[i]);
  }

  /** Cell `i` as a `Cell`, or `undefined` when `i` is -1. */
  cell(i: number): Cell | undefined {
    if (i < 0) return undefined;
    const start = this.starts[i] as number;
    const end = this.ends[i] as number;
    return { text: this.text.slice(start, end), start, end };
  }

  /** Whether cell `i` reads exactly `word`. */
  is(i: number, word: string): boolean {
    return isWord(this.text, this.starts[i] as number, this.ends[i] as number, word);
  }
}

function isDigits(text: string, start: number, end: number): boolean {
  if (start >= end) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function isWord(text: string, start: number, end: number, word: string): boolean {
  return end - start === word.length && text.startsWith(word, start);
}

/**
 * Reads a row by the header's column offsets. kubectl pads with Go text/tabwriter (padding 3),
 * so every cell starts exactly under its header and a cell may contain spaces
 * (`10.0.0.1:80 + 3 more...`). Returns `null` when the row does not line up with the header
 * (whitespace collapsed, hand edits), so the caller can fall back to `RowCells.readByWhitespace`.
 */
export function cellsByOffsets(text: string, line: Line, header: TableHeader): Cell[] | null {
  const row = new RowCells(text, header);
  if (!row.readByOffsets(line.start, line.end)) return null;
  return cellsOf(row);
}

function cellsOf(row: RowCells): Cell[] {
  const cells: Cell[] = [];
  for (let i = 0; i < row.n; i++) cells.push(row.cell(i) as Cell);
  return cells;
}

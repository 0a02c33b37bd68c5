import type { Line } from './lines';
import type { TableHeader } from './tableHeader';

/** One cell of a table row: trimmed text and its absolute offsets. */
export interface Cell {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Reads a row by the header's column offsets. kubectl pads with Go text/tabwriter (padding 3),
 * so every cell starts exactly under its header and a cell may contain spaces
 * (`10.0.0.1:80 + 3 more...`). Returns `null` when the row does not line up with the header
 * (whitespace collapsed, hand edits), so the caller can fall back to `cellsByWhitespace`.
 */
export function cellsByOffsets(text: string, line: Line, header: TableHeader): Cell[] | null {
  const length = line.end - line.start;
  const cols = header.columns;
  const cells: Cell[] = [];
  for (let i = 0; i < cols.length; i++) {
    const at = (cols[i] as { column: number }).column;
    const next = i + 1 < cols.length ? (cols[i + 1] as { column: number }).column : length;
    // kubectl never prints an empty cell (`<none>`, `<unset>` instead), and a cell is followed by
    // at least the padding: a cell must start at its column, right after a space.
    if (at >= length || isSpace(text, line.start + at)) return null;
    if (at > 0 && !isSpace(text, line.start + at - 1)) return null;
    if (next > length && i + 1 < cols.length) return null;
    cells.push(trimmed(text, line.start + at, line.start + Math.min(next, length)));
  }
  return cells;
}

/**
 * Splits a row on whitespace (for output whose padding was collapsed to single spaces) and
 * glues kubectl's `+ N more...` back onto the cell before it.
 */
export function cellsByWhitespace(text: string, line: Line): Cell[] {
  const raw = text.slice(line.start, line.end);
  const words: Cell[] = [];
  for (const m of raw.matchAll(/\S+/g)) {
    const start = line.start + (m.index ?? 0);
    words.push({ text: m[0], start, end: start + m[0].length });
  }
  const cells: Cell[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Cell;
    const n = words[i + 1];
    const more = words[i + 2];
    const prev = cells[cells.length - 1];
    if (w.text === '+' && prev && n && /^\d+$/.test(n.text) && more?.text === 'more...') {
      cells[cells.length - 1] = { text: text.slice(prev.start, more.end), start: prev.start, end: more.end };
      i += 2;
    } else {
      cells.push(w);
    }
  }
  return cells;
}

function isSpace(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return c === 32 || c === 9;
}

function trimmed(text: string, start: number, end: number): Cell {
  let s = start;
  let e = end;
  while (s < e && isSpace(text, s)) s++;
  while (e > s && isSpace(text, e - 1)) e--;
  return { text: text.slice(s, e), start: s, end: e };
}

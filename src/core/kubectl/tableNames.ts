import { isObjectNameAt } from './addresses';
import type { DiagnosticSink } from './codes';
import type { Collected } from './collect';
import type { RowCells } from './tableCells';

/** A row's cells, found by column name (`NAME`, `PORT(S)`, …). */
export type Row = RowCells;

export interface RowContext {
  /** From the NAMESPACE column's absence: the `-n` of the pasted command, else unknown. */
  readonly namespace: string | null;
  readonly sink: DiagnosticSink;
  readonly out: Collected;
  /** The NAMESPACE cell of the previous row, shared by the rows of the same namespace. */
  lastNamespace?: string;
}

/** Offset where the object name of cell `i` starts (after the last `/`), or -1 when it is not a name. */
export function nameStart(row: Row, i: number): number {
  if (i < 0) return -1;
  const start = row.start(i);
  const end = row.end(i);
  let from = end;
  while (from > start && row.text.charCodeAt(from - 1) !== 47) from--;
  return isObjectNameAt(row.text, from, end) ? from : -1;
}

/** The object name of the NAME cell (`pod/web-1` → `web-1`; the row is plausible, so it has one). */
export function rowName(row: Row): string {
  const i = row.col('NAME');
  return row.text.slice(nameStart(row, i), row.end(i));
}

/** Reads namespaces once per run of rows in the same namespace (`-A` lists them sorted). */
export function namespaceOf(row: Row, ctx: RowContext): string | null {
  const i = row.col('NAMESPACE');
  if (i === -1) return ctx.namespace;
  const last = ctx.lastNamespace;
  if (last !== undefined && row.is(i, last)) return last;
  const ns = row.textOf(i);
  ctx.lastNamespace = ns;
  return ns;
}

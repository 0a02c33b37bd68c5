import type { DiagnosticSink } from './codes';
import type { Collected } from './collect';
import { isBlank, type Line, lineAt, lineHead, readShellCommand, readStatusLine } from './lines';
import { type Cell, cellsByOffsets, cellsByWhitespace } from './tableCells';
import { KNOWN_COLUMNS, REQUIRED_COLUMNS, readTableHeader, type TableHeader } from './tableHeader';
import {
  isPlausibleRow,
  type Row,
  type RowContext,
  readEndpointsRow,
  readServiceRow,
  readSliceRow,
} from './tableRows';

const READERS = { services: readServiceRow, endpoints: readEndpointsRow, endpointslices: readSliceRow };

/**
 * Reads one kubectl table whose header line starts at `headerStart`. The table ends at a blank
 * line, a shell prompt, a kubectl status line, another header, or a line that cannot be a row
 * of this table. Returns the offset of the first line after the table.
 */
export function readTable(
  text: string,
  headerStart: number,
  header: TableHeader,
  namespace: string | null,
  sink: DiagnosticSink,
  out: Collected,
): number {
  const headerLine = lineAt(text, headerStart);
  const ctx: RowContext = { namespace, sink, out };
  if (header.kind === 'other') {
    const what = header.columns.map((c) => c.name).join(' ');
    sink.report('kubectl/unsupported-table', `Skipped a table of another resource (${what}).`, headerLine);
    return skipRows(text, headerLine.next);
  }
  if (!reportColumns(header, sink)) return skipRows(text, headerLine.next);
  out.formats.add('table');
  let pos = headerLine.next;
  let rows = 0;
  while (pos < text.length) {
    const line = lineAt(text, pos);
    if (endsTable(text, pos)) break;
    const row = readRow(text, line, header, sink);
    if (!row) break;
    READERS[header.kind](row, line.start, ctx);
    rows++;
    pos = line.next;
  }
  if (rows > 0 && !header.aligned) {
    const message = 'Column padding was collapsed: cells were split on whitespace.';
    sink.report('kubectl/row-misaligned', message, headerLine);
  }
  if (rows > 0 && header.kind === 'endpointslices') reportSliceAssumptions(header, sink);
  return pos;
}

function endsTable(text: string, pos: number): boolean {
  const line = lineAt(text, pos);
  const head = lineHead(text, line);
  return (
    isBlank(head) ||
    readShellCommand(head) !== null ||
    readStatusLine(head) !== null ||
    !!readTableHeader(text, line)
  );
}

/** Rows of a table we do not read: up to the next blank line, prompt or header. */
function skipRows(text: string, from: number): number {
  let pos = from;
  while (pos < text.length && !endsTable(text, pos)) pos = lineAt(text, pos).next;
  return pos;
}

/** The row's cells by column name, or `null` when the line cannot be a row of this table. */
function readRow(text: string, line: Line, header: TableHeader, sink: DiagnosticSink): Row | null {
  let cells: Cell[] | null = header.aligned ? cellsByOffsets(text, line, header) : null;
  const byWhitespace = cells === null;
  if (cells === null) cells = cellsByWhitespace(text, line);
  const row = new Map<string, Cell>();
  header.columns.forEach((c, i) => {
    const cell = cells[i];
    if (cell) row.set(c.name, cell);
  });
  if (!isPlausibleRow(header.kind, row)) return null;
  if (cells.length !== header.columns.length) {
    const message = `This row has ${cells.length} cells; the header has ${header.columns.length} columns.`;
    sink.report('kubectl/row-columns', message, line);
  } else if (byWhitespace && header.aligned) {
    sink.report('kubectl/row-misaligned', 'This row does not line up with the header.', line);
  }
  return row;
}

/** Reports unknown and missing columns; false when a required one is missing (rows are skipped). */
function reportColumns(header: TableHeader, sink: DiagnosticSink): boolean {
  const kind = header.kind as keyof typeof KNOWN_COLUMNS;
  for (const c of header.columns) {
    if (!KNOWN_COLUMNS[kind].includes(c.name))
      sink.report('kubectl/unknown-column', `Column ${c.name} is ignored.`, c);
  }
  const names = header.columns.map((c) => c.name);
  const first = header.columns[0] as { start: number; end: number };
  const missing = REQUIRED_COLUMNS[kind].filter((required) => !names.includes(required));
  for (const m of missing)
    sink.report('kubectl/missing-column', `No ${m} column: the table is skipped.`, first);
  return missing.length === 0;
}

/** The slice table hides the Service label and the conditions: say what was assumed. */
function reportSliceAssumptions(header: TableHeader, sink: DiagnosticSink): void {
  const name = header.columns.find((c) => c.name === 'NAME') as { start: number; end: number };
  const endpoints = header.columns.find((c) => c.name === 'ENDPOINTS') ?? name;
  const inferred =
    'Service names were inferred from slice names (<service>-<5 chars>); `-o json` shows the kubernetes.io/service-name label.';
  sink.report('kubectl/slice-service-inferred', inferred, name);
  const ready = 'The table does not show endpoint conditions: every endpoint is assumed ready.';
  sink.report('kubectl/slice-readiness-assumed', ready, endpoints);
}

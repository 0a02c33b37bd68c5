import { isJsSpace } from '../text';
import type { DiagnosticSink } from './codes';
import type { Collected } from './collect';
import { isBlank, lineAt, lineHead, readShellCommand, readStatusLine } from './lines';
import { RowCells } from './tableCells';
import { KNOWN_COLUMNS, REQUIRED_COLUMNS, readTableHeader, type TableHeader } from './tableHeader';
import type { RowContext } from './tableNames';
import { readPodRow } from './tablePods';
import { isPlausibleRow, readEndpointsRow, readServiceRow, readSliceRow } from './tableRows';

const READERS = {
  services: readServiceRow,
  endpoints: readEndpointsRow,
  endpointslices: readSliceRow,
  pods: readPodRow,
};

/**
 * Reads one kubectl table whose header line starts at `headerStart`. The table ends at a blank
 * line, a shell prompt, a kubectl status line, another header, or a line that cannot be a row
 * of this table. Returns the offset of the first line after the table.
 *
 * One pass, linear in the table: rows are cut by offsets into a reused `RowCells`, and only the
 * cells a reader needs become strings.
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
  const read = READERS[header.kind];
  const row = new RowCells(text, header);
  const columns = header.columns.length;
  let pos = headerLine.next;
  let rows = 0;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const next = nl === -1 ? text.length : nl + 1;
    let end = nl === -1 ? text.length : nl;
    if (end > pos && text.charCodeAt(end - 1) === 13) end--;
    if (mayEndTable(text, pos, end) && endsTable(text, pos)) break;
    const aligned = header.aligned && row.readByOffsets(pos, end);
    if (!aligned) row.readByWhitespace(pos, end);
    if (!isPlausibleRow(header.kind, row)) break;
    if (row.n !== columns) {
      const message = `This row has ${row.n} cells; the header has ${columns} columns.`;
      sink.report('kubectl/row-columns', message, { start: pos, end });
    } else if (!aligned && header.aligned) {
      sink.report('kubectl/row-misaligned', 'This row does not line up with the header.', {
        start: pos,
        end,
      });
    }
    read(row, pos, ctx);
    rows++;
    pos = next;
  }
  if (rows > 0 && !header.aligned) {
    const message = 'Column padding was collapsed: cells were split on whitespace.';
    sink.report('kubectl/row-misaligned', message, headerLine);
  }
  if (rows > 0 && header.kind === 'endpointslices') reportSliceAssumptions(header, sink);
  return pos;
}

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** `[\w.@:~/()-]`: what a prompt's `user@host:~/dir` is made of (lines.ts PROMPT). */
function isPromptChar(c: number): boolean {
  return (
    isAlnum(c) ||
    c === 95 ||
    c === 46 ||
    c === 64 ||
    c === 58 ||
    c === 126 ||
    c === 47 ||
    c === 40 ||
    c === 41 ||
    c === 45
  );
}

const STATUS_PREFIXES = ['Warning: ', 'Error from server', 'error: ', 'No resources found', 'NAME'];

/**
 * A cheap, conservative test run on every row: false only when `endsTable` is surely false, i.e.
 * the line starts with a letter or digit (not blank), its first word cannot be a prompt
 * (`…[$#%>]` within 120 characters) nor `kubectl`/`oc`/`sudo`, and it starts with no status
 * word nor `NAME`. Anything else gets the full (regular-expression) check.
 */
function mayEndTable(text: string, start: number, end: number): boolean {
  if (start >= end || !isAlnum(text.charCodeAt(start))) return true;
  for (const p of STATUS_PREFIXES) if (text.startsWith(p, start)) return true;
  let i = start;
  while (i < end && i - start <= 120 && isPromptChar(text.charCodeAt(i))) i++;
  if (i < end && i - start <= 120) {
    const c = text.charCodeAt(i);
    if (c === 36 || c === 35 || c === 37 || c === 62) return true;
  }
  // The first word (up to whitespace); beyond ASCII or very long, ask the full check.
  let w = start;
  while (w < end && !isJsSpace(text.charCodeAt(w))) {
    if (text.charCodeAt(w) > 126 || w - start > 300) return true;
    w++;
  }
  const word = w - start;
  const endsWith = (s: string) => word >= s.length && text.startsWith(s, w - s.length);
  return (word === 4 && text.startsWith('sudo', start)) || endsWith('kubectl') || endsWith('oc');
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

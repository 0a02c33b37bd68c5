import type { Line } from './lines';

/** Which resource a table lists, decided by its header columns. */
export type TableKind = 'services' | 'endpoints' | 'endpointslices' | 'pods' | 'other';

export interface Column {
  /** As printed: `CLUSTER-IP`, `PORT(S)`, `NOMINATED NODE`. */
  readonly name: string;
  /** Absolute offsets of the header cell in the text. */
  readonly start: number;
  readonly end: number;
  /** Column of the cell within its line (0-based). */
  readonly column: number;
}

export interface TableHeader {
  readonly kind: TableKind;
  readonly columns: readonly Column[];
  /**
   * True when the header is padded (kubectl's Go text/tabwriter, padding 3): cells can be read
   * by offsets. False when whitespace was collapsed (single spaces): rows are split on whitespace.
   */
  readonly aligned: boolean;
}

/** Columns each table kind uses; others get an info diagnostic. kubectl printers.go column sets. */
export const KNOWN_COLUMNS: Record<Exclude<TableKind, 'other'>, readonly string[]> = {
  services: ['NAMESPACE', 'NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE', 'SELECTOR'],
  endpoints: ['NAMESPACE', 'NAME', 'ENDPOINTS', 'AGE'],
  endpointslices: ['NAMESPACE', 'NAME', 'ADDRESSTYPE', 'PORTS', 'ENDPOINTS', 'AGE'],
  // printPod: the last four with -o wide.
  pods: [
    'NAMESPACE',
    'NAME',
    'READY',
    'STATUS',
    'RESTARTS',
    'AGE',
    'IP',
    'NODE',
    'NOMINATED NODE',
    'READINESS GATES',
  ],
};

/** Columns without which a table of that kind cannot give its main facts. */
export const REQUIRED_COLUMNS: Record<Exclude<TableKind, 'other'>, readonly string[]> = {
  services: ['NAME', 'TYPE', 'CLUSTER-IP', 'PORT(S)'],
  endpoints: ['NAME', 'ENDPOINTS'],
  endpointslices: ['NAME', 'PORTS', 'ENDPOINTS'],
  pods: ['NAME', 'READY', 'STATUS'],
};

/** Two-word column names (`get pods -o wide`), glued back when padding was collapsed. */
const TWO_WORDS = new Set(['NOMINATED NODE', 'READINESS GATES']);

const MAX_HEADER = 2000;
const WORD = /^[A-Z][A-Z0-9()_./-]*$/;

/**
 * Recognises a kubectl table header (`NAME …` or `NAMESPACE   NAME …`, upper-case words) and
 * returns its columns with offsets, or `null` when the line is not a header.
 */
export function readTableHeader(text: string, line: Line): TableHeader | null {
  // Every header starts with NAME or NAMESPACE: a cheap test before any regex, as this runs on
  // every line of the paste.
  if (line.end - line.start > MAX_HEADER || !text.startsWith('NAME', line.start)) return null;
  const raw = text.slice(line.start, line.end);
  const words = [...raw.matchAll(/\S+/g)];
  if (words.length < 2 || !words.every((w) => WORD.test(w[0]))) return null;
  const first = words[0]?.[0];
  if (first !== 'NAME' && !(first === 'NAMESPACE' && words[1]?.[0] === 'NAME')) return null;
  // Padded output has at least one gap of 2+ spaces; inside a padded header a single space
  // joins words of one column (`NOMINATED NODE`, `READINESS GATES` in `get pods -o wide`).
  const aligned = /\S {2,}\S/.test(raw) && !raw.includes('\t');
  const cells = aligned ? [...raw.matchAll(/\S+(?: \S+)*/g)] : words;
  const columns: Column[] = [];
  for (const m of cells) {
    const at = m.index ?? 0;
    const last = columns[columns.length - 1];
    if (!aligned && last && TWO_WORDS.has(`${last.name} ${m[0]}`)) {
      columns[columns.length - 1] = {
        ...last,
        name: `${last.name} ${m[0]}`,
        end: line.start + at + m[0].length,
      };
      continue;
    }
    columns.push({ name: m[0], start: line.start + at, end: line.start + at + m[0].length, column: at });
  }
  return { kind: tableKind(columns.map((c) => c.name)), columns, aligned };
}

function tableKind(names: readonly string[]): TableKind {
  const has = (n: string) => names.includes(n);
  if (has('TYPE') && has('CLUSTER-IP')) return 'services';
  // Deployments and ReplicaSets have READY too, but no STATUS nor RESTARTS.
  if (has('READY') && has('STATUS') && has('RESTARTS')) return 'pods';
  if (has('ADDRESSTYPE')) return 'endpointslices';
  if (has('ENDPOINTS') && !has('TYPE')) return 'endpoints';
  return 'other';
}

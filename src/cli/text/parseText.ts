import type { CliDiagnostic } from '../json';
import { formatDiagnostics, type SourceFiles } from './diagnostics';
import { type Cell, formatTable, plural } from './table';

/** What `cli parse` prints as JSON (commands/parse.ts); the text view reads the same value. */
export interface ParseSummary {
  readonly tables: readonly {
    readonly name: string;
    readonly chains: readonly {
      readonly name: string;
      readonly policy: string | null;
      readonly rules: number;
    }[];
  }[];
  readonly rules: number;
  readonly diagnostics: readonly CliDiagnostic[];
}

/**
 * kube-proxy's per-Service chains end in a 16-character base32 hash (proxier.go
 * servicePortChainName / servicePortEndpointChainName): `KUBE-SEP-XPGD46QRK7WJZT7O`.
 */
const HASHED_CHAIN = /^(KUBE-[A-Z0-9]+)-[A-Z2-7]{16}$/;

/** Above this many chains in a table, hashed kube-proxy chains are shown one row per prefix. */
export const COLLAPSE_ABOVE = 40;

function tableRows(chains: ParseSummary['tables'][number]['chains']): Cell[][] {
  if (chains.length <= COLLAPSE_ABOVE) return chains.map((c) => [c.name, c.policy ?? '-', c.rules]);
  const rows: Cell[][] = [];
  const families = new Map<string, { chains: number; rules: number; row: Cell[] }>();
  for (const c of chains) {
    const prefix = HASHED_CHAIN.exec(c.name)?.[1];
    if (prefix === undefined) {
      rows.push([c.name, c.policy ?? '-', c.rules]);
      continue;
    }
    let family = families.get(prefix);
    if (!family) {
      family = { chains: 0, rules: 0, row: [] };
      families.set(prefix, family);
      rows.push(family.row);
    }
    family.chains++;
    family.rules += c.rules;
  }
  for (const [prefix, f] of families) f.row.push(`${prefix}-… (${plural(f.chains, 'chain')})`, '-', f.rules);
  return rows;
}

/**
 * `cli parse` for a terminal: one row per chain (table, chain, policy, rules; in a large table the
 * hashed KUBE-SVC/SEP/… chains one row per kind), a total, then the diagnostics with file:line:col.
 */
export function formatParse(summary: ParseSummary, files: SourceFiles): string {
  const rows = summary.tables.flatMap((t) => tableRows(t.chains).map((r) => [t.name, ...r]));
  const chains = summary.tables.reduce((n, t) => n + t.chains.length, 0);
  const total = `${plural(summary.rules, 'rule')} in ${plural(chains, 'chain')} of ${plural(summary.tables.length, 'table')}.\n`;
  const table = rows.length === 0 ? 'No tables.\n' : formatTable(['TABLE', 'CHAIN', 'POLICY', 'RULES'], rows);
  return `${table}${total}\n${formatDiagnostics(summary.diagnostics, files)}`;
}

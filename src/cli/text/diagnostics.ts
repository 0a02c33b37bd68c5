import type { CliDiagnostic } from '../json';
import { plural } from './table';

/** Where each diagnostic source was read from, as the user named it (`-` reads as `<stdin>`). */
export type SourceFiles = Partial<Record<CliDiagnostic['source'], string>>;

/** Diagnostics a terminal summary lists before "… and N more". */
const DIAGNOSTICS_SHOWN = 50;

const fileLabel = (path: string | undefined): string =>
  path === undefined ? '<input>' : path === '-' ? '<stdin>' : path;

/**
 * Diagnostics as compilers print them, one per line: `file:line:col: severity: message [code]`
 * (terminals and editors turn `file:line:col` into a link), under a line counting them; errors
 * first, at most `limit` (a garbage 40 MB paste has thousands: `--json` lists every one).
 */
export function formatDiagnostics(
  diagnostics: readonly CliDiagnostic[],
  files: SourceFiles,
  limit = DIAGNOSTICS_SHOWN,
): string {
  if (diagnostics.length === 0) return 'No diagnostics.\n';
  const rank = { error: 0, warning: 1, info: 2 } as Record<string, number>;
  const sorted = diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (rank[a.d.severity] ?? 3) - (rank[b.d.severity] ?? 3) || a.i - b.i)
    .map(({ d }) => d);
  const lines = sorted
    .slice(0, limit)
    .map(
      (d) => `${fileLabel(files[d.source])}:${d.line}:${d.column}: ${d.severity}: ${d.message} [${d.code}]\n`,
    );
  const count = (severity: CliDiagnostic['severity']) =>
    diagnostics.filter((d) => d.severity === severity).length;
  const tally = [
    plural(count('error'), 'error'),
    plural(count('warning'), 'warning'),
    plural(count('info'), 'note'),
  ].join(', ');
  const more = sorted.length > limit ? `  … and ${sorted.length - limit} more (--json lists them all)\n` : '';
  return `Diagnostics (${tally}):\n${lines.map((l) => `  ${l}`).join('')}${more}`;
}

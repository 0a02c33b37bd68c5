import type { Comparison } from '../../core/compare';
import type { CliDiagnostic } from '../json';
import { formatDiagnostics, type SourceFiles } from './diagnostics';
import { plural } from './table';

/** A diagnostic of `cli compare`: which dump's text its line and column point into. */
export interface CompareDiagnostic extends CliDiagnostic {
  readonly dump: 'A' | 'B';
}

/**
 * `cli compare` for a terminal: a tally, then each Service port as `equivalent` or `different`
 * with its differences in words (which address, from where, dump A's outcomes, dump B's), the
 * sources the probes came from, and each dump's diagnostics.
 */
export function formatComparison(
  comparison: Comparison,
  diagnostics: readonly CompareDiagnostic[],
  files: Readonly<Record<'A' | 'B', SourceFiles>>,
): string {
  const { services, sources } = comparison;
  const same = services.filter((s) => s.equivalent).length;
  const out: string[] = [
    `A: ${files.A.iptables}\nB: ${files.B.iptables}\n`,
    `${plural(services.length, 'Service port')}: ${same} equivalent, ${services.length - same} different.\n`,
  ];
  const width = 'equivalent'.length;
  for (const s of services) {
    out.push(`${(s.equivalent ? 'equivalent' : 'different').padEnd(width)}  ${s.service}\n`);
    for (const d of s.differences) out.push(`    ${d.message}\n`);
  }
  out.push(`Probes from a pod ${sources.pod}, the node ${sources.nodeIp} and outside ${sources.external}.\n`);
  for (const dump of ['A', 'B'] as const) {
    const mine = diagnostics.filter((d) => d.dump === dump);
    if (mine.length > 0) out.push(`Dump ${dump}: ${formatDiagnostics(mine, files[dump])}`);
  }
  return out.join('');
}

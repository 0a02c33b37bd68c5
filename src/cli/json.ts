import type { Diagnostic } from '../core/text';
import { hasErrors, LineIndex } from '../core/text';

/** A diagnostic as the CLI prints it (wire format: add fields, never rename). */
export interface CliDiagnostic {
  readonly severity: Diagnostic['severity'];
  readonly code: string;
  /** The text it points into: iptables, kubectl, or a node text (`--ipset`, `--ipvs`). */
  readonly source: Diagnostic['source'] | 'ipset' | 'ipvs';
  /** 1-based, in the file the diagnostic's `source` names. */
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** Converts diagnostics to 1-based line/column against the texts they point into. */
export function cliDiagnostics(
  diagnostics: readonly (Omit<Diagnostic, 'source'> & { readonly source: CliDiagnostic['source'] })[],
  texts: Partial<Record<CliDiagnostic['source'], string>>,
): CliDiagnostic[] {
  const indexes = new Map<string, LineIndex>();
  return diagnostics.map((d) => {
    let index = indexes.get(d.source);
    if (!index) {
      index = new LineIndex(texts[d.source] ?? '');
      indexes.set(d.source, index);
    }
    const { line, column } = index.position(d.span.start);
    return { severity: d.severity, code: d.code, source: d.source, line, column, message: d.message };
  });
}

/** Writes pretty JSON and returns the exit code: 1 when any diagnostic is an error, else 0. */
export function printResult(
  out: (text: string) => void,
  value: unknown,
  diagnostics: readonly Diagnostic[],
): number {
  out(`${JSON.stringify(value, null, 2)}\n`);
  return hasErrors(diagnostics) ? 1 : 0;
}

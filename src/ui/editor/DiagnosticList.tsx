import type { Diagnostic } from '../../core/text/diagnostic';
import type { LineIndex } from '../../core/text/lineIndex';

const SHOWN = 50;

/** Counts of errors / warnings / notes, and the first diagnostics as a list that jumps to their line. */
export function DiagnosticList({
  diagnostics,
  index,
  onGoto,
}: {
  readonly diagnostics: readonly Diagnostic[];
  readonly index: LineIndex;
  readonly onGoto: (line: number) => void;
}) {
  const count = (s: Diagnostic['severity']) => diagnostics.filter((d) => d.severity === s).length;
  const errors = count('error');
  const warnings = count('warning');
  const infos = count('info');
  if (diagnostics.length === 0) return <p className="diagnostics-summary ok">No problems found.</p>;
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  const summary = [
    errors ? plural(errors, 'error') : null,
    warnings ? plural(warnings, 'warning') : null,
    infos ? plural(infos, 'note') : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <details className="diagnostics" open={errors > 0}>
      <summary className={errors ? 'has-errors' : warnings ? 'has-warnings' : ''}>{summary}</summary>
      <ul>
        {diagnostics.slice(0, SHOWN).map((d, i) => {
          const line = index.position(d.span.start).line;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: diagnostics have no identity; the list is rebuilt whole.
            <li key={i} className={`diag-${d.severity}`}>
              <button type="button" className="link" onClick={() => onGoto(line)}>
                Line {line}
              </button>{' '}
              <span className="diag-severity">{d.severity}</span> {d.message} <code>{d.code}</code>
            </li>
          );
        })}
        {diagnostics.length > SHOWN && <li>… and {diagnostics.length - SHOWN} more.</li>}
      </ul>
    </details>
  );
}

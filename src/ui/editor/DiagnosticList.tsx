import type { Diagnostic, LineIndex } from '../../core/text';
import { plural } from '../../i18n';
import { explainCodeZh } from '../../i18n/codesZh';
import { useLang, useT } from '../useT';

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
  const tr = useT();
  const lang = useLang();
  const count = (s: Diagnostic['severity']) => diagnostics.filter((d) => d.severity === s).length;
  const errors = count('error');
  const warnings = count('warning');
  const infos = count('info');
  if (diagnostics.length === 0) return <p className="diagnostics-summary ok">{tr('diag.none')}</p>;
  const summary = [
    errors ? plural(tr, 'n.error', errors) : null,
    warnings ? plural(tr, 'n.warning', warnings) : null,
    infos ? plural(tr, 'n.note', infos) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <details className="diagnostics" open={errors > 0}>
      <summary className={errors ? 'has-errors' : warnings ? 'has-warnings' : ''}>{summary}</summary>
      <ul>
        {diagnostics.slice(0, SHOWN).map((d, i) => {
          const line = index.position(d.span.start).line;
          const zh = lang === 'zh-CN' ? explainCodeZh(d.code) : null;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: diagnostics have no identity; the list is rebuilt whole.
            <li key={i} className={`diag-${d.severity}`}>
              <button type="button" className="link" onClick={() => onGoto(line)}>
                {tr('diag.line', { line })}
              </button>{' '}
              <span className="diag-severity">{tr(`diag.${d.severity}`)}</span>{' '}
              {zh === null ? (
                d.message
              ) : (
                <>
                  {zh}{' '}
                  <span lang="en" className="diag-detail">
                    {d.message}
                  </span>
                </>
              )}{' '}
              <code>{d.code}</code>
            </li>
          );
        })}
        {diagnostics.length > SHOWN && <li>{tr('diag.more', { n: diagnostics.length - SHOWN })}</li>}
      </ul>
    </details>
  );
}

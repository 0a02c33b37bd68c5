import { useStore } from '../../state/store';

const fmt = new Intl.NumberFormat('en-US');

function plural(n: number, word: string): string {
  return `${fmt.format(n)} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The analysis status line, an aria-live region: "Parsed 57 rules in 30 chains …", "Analysing…",
 * or why the graph is stale. `data-up-to-date` is true once the CURRENT texts are analyzed
 * (tests and benchmarks wait on it).
 */
export function AnalysisStatus() {
  const status = useStore((s) => s.status);
  const summary = useStore((s) => s.summary);
  const stale = useStore((s) => s.stale);
  const error = useStore((s) => s.analysisError);
  const errors = useStore((s) => s.diagnostics.iptables.filter((d) => d.severity === 'error').length);
  const upToDate = useStore((s) => s.status !== 'parsing' && s.analyzedVersion === s.inputVersion);

  let text: string;
  if (status === 'idle') text = 'Starting…';
  else if (status === 'parsing') text = 'Analysing…';
  else if (status === 'error') text = `Analysis failed: ${error ?? 'unknown error'}`;
  else if (!summary) text = 'No input.';
  else {
    const t = summary.timings;
    const ms = Math.round(t.parse + t.lower + t.kubectl + t.model + t.graph + t.layout);
    text = `Parsed ${plural(summary.rules, 'rule')} in ${plural(summary.chains, 'chain')} (${plural(summary.tables, 'table')}) · ${plural(summary.servicePorts, 'Service port')}`;
    if (summary.kubectlServices > 0) text += ` · kubectl: ${plural(summary.kubectlServices, 'Service')}`;
    text += ` · ${fmt.format(ms)} ms`;
  }
  return (
    <div
      className="analysis-status"
      role="status"
      aria-live="polite"
      data-up-to-date={upToDate ? 'true' : 'false'}
    >
      <span className={`status-text status-${status}`}>{text}</span>
      {stale && (
        <span className="stale-note">
          {errors > 0
            ? ` — the input has ${plural(errors, 'error')}: the graph shows the last input without errors (stale).`
            : ' — the graph shows an earlier input (stale).'}
        </span>
      )}
    </div>
  );
}

/** Whether the input is kept in this browser (and why not). */
export function PersistStatus() {
  const persist = useStore((s) => s.persistStatus);
  const source = useStore((s) => s.inputSource);
  let text: string;
  if (persist.kind === 'saved') text = 'Saved in this browser.';
  else if (persist.kind === 'not-saved') text = persist.reason;
  else if (source === 'saved') text = 'Restored from this browser.';
  else if (source === 'example') text = 'Example: default/web (edit it, or paste your own).';
  else text = '';
  return (
    <p
      className={`persist-status${persist.kind === 'not-saved' ? ' warn' : ''}`}
      data-testid="persist-status"
    >
      {text}
    </p>
  );
}

import { useMemo } from 'react';
import { countServices } from '../../core/view';
import { plural } from '../../i18n';
import { useAppState } from '../../state/context';
import { useT } from '../useT';

const fmt = new Intl.NumberFormat('en-US');

/**
 * The analysis status line, an aria-live region: "Parsed 57 rules in 30 chains (2 tables) · 3 Services,
 * 5 Service ports · kubectl: 3 Services · 12 ms", "Analysing…",
 * or why the graph is stale. `data-up-to-date` is true once the CURRENT texts are analyzed
 * (tests and benchmarks wait on it).
 */
export function AnalysisStatus() {
  const status = useAppState((s) => s.status);
  const summary = useAppState((s) => s.summary);
  const stale = useAppState((s) => s.stale);
  const error = useAppState((s) => s.analysisError);
  const errors = useAppState((s) => s.diagnostics.iptables.filter((d) => d.severity === 'error').length);
  const upToDate = useAppState((s) => s.status !== 'parsing' && s.analyzedVersion === s.inputVersion);
  const groups = useAppState((s) => s.groups);
  // The same count as "Find a Service" (serviceFinder.ts): every Service port the dump or kubectl
  // knows, including those with no endpoints (filter REJECT only) and kubectl-only ones.
  const counts = useMemo(() => countServices(groups), [groups]);
  const tr = useT();

  let text: string;
  if (status === 'idle') text = tr('status.starting');
  else if (status === 'parsing') text = tr('status.parsing');
  else if (status === 'error') text = tr('status.failed', { error: error ?? tr('status.unknownError') });
  else if (!summary) text = tr('status.noInput');
  else {
    const t = summary.timings;
    const ms = Math.round(t.parse + t.lower + t.kubectl + t.model + t.graph + t.layout);
    text = tr('status.parsed', {
      rules: plural(tr, 'n.rule', summary.rules),
      chains: plural(tr, 'n.chain', summary.chains),
      tables: plural(tr, 'n.table', summary.tables),
      ports: tr('finder.totals', {
        services: plural(tr, 'n.service', counts.services),
        ports: plural(tr, 'n.servicePort', counts.ports),
      }),
    });
    if (summary.kubectlServices > 0)
      text += tr('status.kubectl', { services: plural(tr, 'n.service', summary.kubectlServices) });
    text += tr('status.ms', { ms: fmt.format(ms) });
  }
  return (
    <div
      className="analysis-status"
      role="status"
      aria-live="polite"
      data-up-to-date={upToDate ? 'true' : 'false'}
    >
      <span className={`status-text status-${status}`}>{text}</span>
      {summary?.ipvsMode && (
        // Said up front: on an IPVS node the rules alone do not pick a Service's endpoint.
        <span className="ipvs-note" data-testid="ipvs-note">
          {summary.ipvsServices == null
            ? tr('status.ipvsNeeded')
            : tr('status.ipvsRead', {
                services: fmt.format(summary.ipvsServices),
                sets: fmt.format(summary.ipsets ?? 0),
              })}
        </span>
      )}
      {stale && (
        <span className="stale-note">
          {errors > 0
            ? tr('status.staleErrors', { errors: plural(tr, 'n.error', errors) })
            : tr('status.stale')}
        </span>
      )}
    </div>
  );
}

/** Whether the input is kept in this browser (and why not); the choice when another tab saved newer input. */
export function PersistStatus() {
  const persist = useAppState((s) => s.persistStatus);
  const source = useAppState((s) => s.inputSource);
  const resolve = useAppState((s) => s.resolveTabConflict);
  const tr = useT();
  let text: string;
  if (persist.kind === 'saved') text = tr('persist.saved');
  else if (persist.kind === 'pending') text = tr('persist.pending');
  else if (persist.kind === 'not-saved') text = persist.reason;
  else if (persist.kind === 'conflict') text = tr('persist.conflict');
  else if (persist.kind === 'other-tab-saved') text = tr('persist.otherTabSaved');
  else if (persist.kind === 'restored-other-tab') text = tr('persist.restoredOtherTab');
  else if (source === 'saved') text = tr('persist.restored');
  else if (source === 'example') text = tr('persist.example');
  else text = '';
  const otherTab = persist.kind === 'conflict' || persist.kind === 'other-tab-saved';
  return (
    <>
      <p
        className={`persist-status${persist.kind === 'not-saved' || otherTab ? ' warn' : ''}`}
        data-testid="persist-status"
        // Another tab's newer save was kept over this tab's: that interrupts, the rest is quiet.
        role={otherTab ? 'alert' : undefined}
      >
        {text}
      </p>
      {otherTab && (
        <span className="persist-choice">
          <button type="button" className="button" onClick={() => resolve('keep-mine')}>
            {tr('persist.keepMine')}
          </button>
          <button type="button" className="button" onClick={() => resolve('load-theirs')}>
            {tr('persist.loadTheirs')}
          </button>
        </span>
      )}
    </>
  );
}

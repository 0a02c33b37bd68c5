import type { Outcome } from '../../core/trace';
import type { Translate } from '../../i18n';
import { useAppState } from '../../state/context';
import { useT } from '../useT';

/** One outcome in a few words: `sent to 10.180.0.4:80, source masqueraded`. */
function answerOf(o: Outcome, tr: Translate): string {
  const base =
    o.verdict === 'DROP'
      ? tr('standard.dropped')
      : o.verdict === 'REJECT'
        ? tr('standard.rejected')
        : o.dnat
          ? tr('standard.sentTo', { endpoint: o.dnat })
          : tr('standard.noDnat');
  return o.masquerade && o.verdict === 'ACCEPT' ? tr('standard.masqueraded', { answer: base }) : base;
}

/** Every outcome with its share (`50.0% sent to …; 50.0% sent to …`), or the one answer alone. */
function answersOf(outcomes: readonly Outcome[], tr: Translate): string {
  if (outcomes.length === 1) return answerOf(outcomes[0] as Outcome, tr);
  return outcomes
    .map((o) =>
      tr('standard.share', { percent: `${(o.probability * 100).toFixed(1)}%`, answer: answerOf(o, tr) }),
    )
    .join('; ');
}

/**
 * Issue 12: when the pasted text is a grep'ed excerpt whose kube-proxy chains look cut, the two
 * answers side by side, each labelled — the text as pasted, and with kube-proxy's standard rules
 * (named) assumed. Absent for whole dumps.
 */
export function StandardAnswer() {
  const tr = useT();
  const result = useAppState((s) => s.traced?.result ?? null);
  const standard = result?.standard;
  if (!result || !standard) return null;
  const rules = standard.assumed.flatMap((a) => a.rules);
  const shown = rules.map((r) => `\`${r}\``).join(', ');
  return (
    <div className="standard-answer" role="note" aria-label={tr('standard.label')}>
      <p>{tr('standard.asPasted', { answer: answersOf(result.outcomes, tr) })}</p>
      <p>
        {tr(rules.length === 1 ? 'standard.ifThereOne' : 'standard.ifThereMany', {
          rules: shown,
          answer: answersOf(standard.outcomes, tr),
        })}
      </p>
    </div>
  );
}

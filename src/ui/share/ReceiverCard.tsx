import { useAppState, useAppStore } from '../../state/context';
import { useChosenOutcome } from '../trace/hooks';
import { useT } from '../useT';
import { receiverSummary } from './receiverSummary';

/**
 * A link opened result-first (issue 9 §3): the question the sender asked (the packet, where it
 * was going) and the answer (the verdict and the rule that gave it), the sender's note as text,
 * Replay and Show the rules. The editors stay collapsed until asked (App.tsx reads `received`).
 */
export function ReceiverCard() {
  const tr = useT();
  const store = useAppStore();
  const received = useAppState((s) => s.received);
  const traced = useAppState((s) => s.traced);
  const groups = useAppState((s) => s.groups);
  const waiting = useAppState((s) => s.scenarioPlayback !== null || s.status === 'parsing');
  const outcome = useChosenOutcome();
  if (!received) return null;
  const summary =
    traced && outcome
      ? receiverSummary(
          traced.packet,
          outcome,
          { groups, rules: traced.rules, nodeIps: traced.env.localAddresses },
          tr,
        )
      : null;
  const replay = () => {
    const s = store.getState();
    s.seek(0);
    s.play();
  };
  return (
    <section className="receiver-card" aria-label={tr('receiver.label')}>
      <h2>{tr('receiver.title')}</h2>
      {received.note && (
        <p className="receiver-note">
          <span className="receiver-key">{tr('receiver.note')}: </span>
          {received.note}
        </p>
      )}
      {summary ? (
        <dl className="receiver-qa">
          <dt>{tr('receiver.question')}</dt>
          <dd data-testid="receiver-question">{summary.question}</dd>
          <dt>{tr('receiver.answer')}</dt>
          <dd data-testid="receiver-answer">{summary.answer}</dd>
        </dl>
      ) : (
        <p className="hint" role="status">
          {waiting ? tr('receiver.waiting') : tr('receiver.noPacket')}
        </p>
      )}
      <div className="receiver-actions">
        <button type="button" className="button" disabled={!summary} onClick={replay}>
          {tr('receiver.replay')}
        </button>
        {!received.rulesShown && (
          <button type="button" className="button" onClick={() => store.getState().showRules()}>
            {tr('receiver.showRules')}
          </button>
        )}
      </div>
    </section>
  );
}

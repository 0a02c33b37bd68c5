import { useAppState } from '../../state/context';
import { usePlaces } from '../trace/hooks';
import { endpointText } from '../trace/placeText';
import { useT } from '../useT';

/**
 * Where the packet is, in words ("Packet in nat/KUBE-SERVICES (PREROUTING): jump KUBE-SVC-…");
 * a DROP/REJECT shows in red. Lives in the story strip, beside the playback controls, not over the
 * canvas (issue 8: nothing over the path).
 */
export function PacketCaption() {
  const step = useAppState((s) => s.traced?.result.outcomes[s.outcomeIndex]?.path[s.playhead] ?? null);
  const dnat = useAppState((s) => s.traced?.result.outcomes[s.outcomeIndex]?.dnat ?? null);
  const places = usePlaces();
  const tr = useT();
  if (!step) return null;
  // The DNAT step names where the packet now goes: `DNAT → 10.244.169.161:80 (pod web-… on k8s-node2)`.
  const to = step.verdict === 'DNAT' && dnat ? ` → ${endpointText(dnat, places, tr)}` : '';
  const bad = step.verdict === 'DROP' || step.verdict === 'REJECT';
  const tone = bad
    ? 'bad'
    : step.verdict === 'MASQUERADE' || step.verdict === 'SNAT'
      ? 'masq'
      : step.verdict === 'DNAT'
        ? 'dnat'
        : 'plain';
  return (
    <p className={`packet-caption caption-${tone}`} aria-live="polite" data-testid="packet-caption">
      {tr('graph.caption', {
        where: `${step.table}/${step.chain}`,
        hook: step.hook,
        what: `${step.verdict === 'continue' ? step.target : step.verdict}${step.verdict === 'jump' || step.verdict === 'goto' ? ` ${step.target}` : ''}${to}`,
      })}
      {step.line !== null ? tr('graph.captionLine', { line: step.line }) : ''}
    </p>
  );
}

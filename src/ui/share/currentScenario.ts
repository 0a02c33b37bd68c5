import type { Scenario } from '../../core/share';
import type { Packet } from '../../core/trace';
import { packetFromForm } from '../../state/packetForm';
import type { AppState } from '../../state/store';

/**
 * The scenario the app shows now: both texts, the packet (the one traced, else the packet form
 * when it is valid), the node IP, the endpoint of the animated outcome and the playhead.
 * The endpoint is always recorded when the outcome DNATs, so the receiver animates the same path
 * whatever its own seeded draw would pick. The open lesson's id and the sender's note travel too
 * (link format v2), so the receiver sees the story, not only the rules.
 */
export function currentScenario(
  s: Pick<
    AppState,
    'iptablesText' | 'kubectlText' | 'packetForm' | 'traced' | 'outcomeIndex' | 'playhead' | 'language'
  > &
    Partial<Pick<AppState, 'focusServices' | 'presenting' | 'lesson'>>,
  note: string | null = null,
): Scenario {
  const form = packetFromForm(s.packetForm);
  const packet: Packet | null = s.traced?.packet ?? (form.kind === 'ok' ? form.packet : null);
  const nodeIp = s.packetForm.nodeIp.trim();
  const outcome = s.traced?.result.outcomes[s.outcomeIndex];
  return {
    version: 2,
    iptables: s.iptablesText,
    kubectl: s.kubectlText,
    packet,
    nodeIps: nodeIp ? [nodeIp] : [],
    endpoint: outcome?.dnat ?? null,
    step: s.traced ? Math.max(0, s.playhead) : 0,
    language: s.language,
    view: { presenter: s.presenting ?? false, focus: [...(s.focusServices ?? [])] },
    lesson: s.lesson?.id ?? null,
    note: note?.trim() ? note.trim() : null,
  };
}

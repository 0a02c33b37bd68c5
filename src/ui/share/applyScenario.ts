import type { Scenario } from '../../core/share';
import { setLanguage } from '../../i18n';
import type { PacketForm } from '../../state/packetForm';
import { type AppState, useStore } from '../../state/store';
import { setPresenting } from '../app/presenter';
import { type Lesson, useShareStore } from './shareStore';

/**
 * True when opening a scenario would overwrite something the user made: the input is non-empty,
 * is not the untouched example, and differs from the scenario's texts.
 */
export function needsConfirmation(
  s: Pick<AppState, 'iptablesText' | 'kubectlText' | 'inputSource'>,
  scenario: Pick<Scenario, 'iptables' | 'kubectl'>,
): boolean {
  if (s.inputSource === 'example') return false;
  if (s.iptablesText.trim() === '' && s.kubectlText.trim() === '') return false;
  return s.iptablesText !== scenario.iptables || s.kubectlText !== scenario.kubectl;
}

/** The packet form a scenario's packet fills (an ICMP packet keeps the form's port, which it does not use). */
export function formFromScenario(scenario: Scenario, current: PacketForm): PacketForm {
  const p = scenario.packet;
  const nodeIp = scenario.nodeIps[0] ?? current.nodeIp;
  if (!p) return { ...current, nodeIp };
  return {
    origin: p.origin,
    src: p.src,
    dst: p.dst,
    dport: p.dport === null ? current.dport : String(p.dport),
    proto: p.proto,
    nodeIp,
  };
}

let cancelPending: (() => void) | null = null;

/**
 * Puts a scenario in the app: both texts (as opened input, so they are saved in this browser),
 * the packet form, then — once the worker has analysed the new texts — sends the packet, animates
 * the recorded endpoint and moves the playhead to the recorded step. Also shows the lesson (or
 * hides an older one). Texts only ever reach editors and React text nodes, never HTML.
 */
export function applyScenario(scenario: Scenario, lesson: Lesson | null = null): void {
  cancelPending?.();
  const app = useStore.getState();
  useShareStore.setState({ lesson, error: null, pending: null });
  setLanguage(scenario.language);
  setPresenting(scenario.view.presenter);
  app.pause();
  app.cancelSimulation();
  useStore.setState({
    packetForm: formFromScenario(scenario, app.packetForm),
    formError: null,
    traced: null,
    outcomeIndex: -1,
    outcomeChoice: null,
    playhead: 0,
  });
  app.setInputs(scenario.iptables, scenario.kubectl, 'file');
  const target = useStore.getState().inputVersion;
  const done = (s: AppState) => s.status !== 'parsing' && s.analyzedVersion >= target;
  const finish = async () => {
    cancelPending = null;
    if (!scenario.packet) return;
    // send() traces in the worker (async in the worker-backed store); await covers both shapes.
    await useStore.getState().send();
    const s = useStore.getState();
    if (scenario.endpoint) s.chooseEndpoint(scenario.endpoint);
    if (scenario.step > 0) s.seek(scenario.step);
  };
  const unsubscribe = useStore.subscribe((s) => {
    if (!done(s)) return;
    unsubscribe();
    void finish();
  });
  cancelPending = () => {
    unsubscribe();
    cancelPending = null;
  };
}

/** Opens a scenario, or asks first when it would replace the user's own input. */
export function offerScenario(scenario: Scenario, lesson: Lesson | null = null): void {
  if (needsConfirmation(useStore.getState(), scenario)) {
    useShareStore.setState({ pending: { scenario, lesson }, error: null });
  } else applyScenario(scenario, lesson);
}

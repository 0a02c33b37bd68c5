import { type PacketForm, seedForm } from '../../state/packetForm';
import { browserStorage, loadSavedInput } from '../../state/persist';
import { useStore } from '../../state/store';
import { WEB_EXAMPLE } from '../examples';
import { startAnalysisDriver } from './analysisDriver';

/**
 * Puts the first texts in the store — what the user left here last time, else the web example
 * (the app is never empty) — and starts the worker driver. Called once before the first render.
 */
export function bootstrap(): void {
  const saved = loadSavedInput(browserStorage());
  const { setInputs } = useStore.getState();
  if (saved) setInputs(saved.iptables, saved.kubectl, 'saved');
  else setInputs(WEB_EXAMPLE.iptablesText, WEB_EXAMPLE.kubectlText, 'example');
  startAnalysisDriver();
  startPacketReseeding();
}

/** The "Load example" button: replaces both texts with the example. */
export function loadExample(): void {
  useStore.getState().setInputs(WEB_EXAMPLE.iptablesText, WEB_EXAMPLE.kubectlText, 'example');
}

/**
 * When the user's dump replaced the example (inputSlice `reseedPacketAt`), the first good analysis
 * of it re-seeds the packet form from the dump (core/graph/suggestPacket.ts): a real Service
 * address, the node IP, a source for the origin. A trace already on screen is sent again, so the
 * path shown is the new dump's. An analysis with errors (stale) is not the new dump's: wait. A
 * form the user changed meanwhile is theirs: it is left alone. Returns the stop function.
 */
export function startPacketReseeding(): () => void {
  let formAtPaste: PacketForm | null = null;
  return useStore.subscribe((s, prev) => {
    const at = s.reseedPacketAt;
    if (at !== null && prev.reseedPacketAt !== at) formAtPaste = s.packetForm;
    if (at === null || s.status !== 'ready' || s.stale || s.analyzedVersion < at) return;
    s.packetReseeded();
    if (!s.suggestion || s.packetForm !== formAtPaste) return;
    useStore.setState({ packetForm: seedForm(s.packetForm, s.suggestion), formError: null });
    if (s.traced) void useStore.getState().send();
  });
}

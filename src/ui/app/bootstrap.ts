import { startPacketReseeding } from '../../state/packetReseed';
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

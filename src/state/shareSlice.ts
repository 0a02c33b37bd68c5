import type { StateCreator } from 'zustand';
import type { Scenario } from '../core/share';
import {
  formFromScenario,
  type Lesson,
  needsConfirmation,
  type OpenError,
  type PendingScenario,
} from './scenario';
import type { AppState } from './store';

/** A scenario whose texts are in the editors, waiting for their analysis to send its packet. */
export interface ScenarioPlayback {
  readonly scenario: Scenario;
  /** The `inputVersion` of the scenario's texts: its analysis is the one to wait for. */
  readonly inputVersion: number;
}

export interface ShareSlice {
  /** The scenario awaiting confirmation (it would replace the user's own input). */
  readonly pending: PendingScenario | null;
  /** Why the last link or file was refused (an alert), or null. */
  readonly openError: OpenError | null;
  /** The lesson panel's content (a gallery scenario), until the user closes it. */
  readonly lesson: Lesson | null;
  /** An applied scenario whose packet is sent once its texts are analysed (effects/scenarioPlayback.ts). */
  readonly scenarioPlayback: ScenarioPlayback | null;
  /** Opens a scenario, or asks first when it would replace the user's own input. */
  offerScenario(scenario: Scenario, lesson?: Lesson | null): void;
  /**
   * Puts a scenario in the app: both texts (as opened input, so they are saved in this browser),
   * language, presenter mode and the packet form; once the worker has analysed the texts the
   * packet is sent and the recorded endpoint and step shown (`scenarioPlayback`). Shows the
   * lesson (or hides an older one). Texts only ever reach editors and React text nodes, never HTML.
   */
  applyScenario(scenario: Scenario, lesson?: Lesson | null): void;
  /** "Keep mine": drops the scenario awaiting confirmation. */
  keepMine(): void;
  showOpenError(error: OpenError): void;
  dismissOpenError(): void;
  closeLesson(): void;
  /** The scenario's packet is being sent: nothing more to wait for. */
  scenarioPlaybackStarted(): void;
}

/** Share slice: the open lesson, the scenario awaiting "Replace", link and file refusals. */
export const createShareSlice: StateCreator<AppState, [], [], ShareSlice> = (set, get) => ({
  pending: null,
  openError: null,
  lesson: null,
  scenarioPlayback: null,
  offerScenario: (scenario, lesson = null) => {
    if (needsConfirmation(get(), scenario)) set({ pending: { scenario, lesson }, openError: null });
    else get().applyScenario(scenario, lesson);
  },
  applyScenario: (scenario, lesson = null) => {
    set({ lesson, openError: null, pending: null, scenarioPlayback: null });
    const s = get();
    s.setLanguage(scenario.language);
    s.setPresenting(scenario.view.presenter);
    s.pause();
    s.cancelSimulation();
    s.resetTrace(formFromScenario(scenario, get().packetForm));
    s.setInputs(scenario.iptables, scenario.kubectl, 'file');
    if (scenario.packet) set({ scenarioPlayback: { scenario, inputVersion: get().inputVersion } });
  },
  keepMine: () => set({ pending: null }),
  showOpenError: (openError) => set({ openError }),
  dismissOpenError: () => set({ openError: null }),
  closeLesson: () => set({ lesson: null }),
  scenarioPlaybackStarted: () => set({ scenarioPlayback: null }),
});

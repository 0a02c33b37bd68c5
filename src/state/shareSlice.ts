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

/** Where an applied scenario came from, when the address can name it (effects/urlSync.ts). */
export interface ScenarioOrigin {
  /** The address's source: `s=2.…` (a link, kept as opened) or `g=<id>` (a gallery scenario). */
  readonly source: string;
  /** True for a link a receiver opened: the summary card shows and the editors wait to be asked. */
  readonly received: boolean;
  /** The receiver had already asked for the rules (the address said `rules=1`). */
  readonly rulesShown?: boolean;
}

/** The address's source while the texts on screen are still the ones it opened. */
export interface OpenedSource {
  readonly source: string;
  readonly inputVersion: number;
}

/** A link opened result-first: the sender's note, and whether the receiver asked for the rules. */
export interface Received {
  readonly note: string | null;
  readonly rulesShown: boolean;
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
  /** What the address names (effects/urlSync.ts follows it), or null. */
  readonly opened: OpenedSource | null;
  /** The receiver view of a link (ReceiverCard), or null. */
  readonly received: Received | null;
  /** Opens a scenario, or asks first when it would replace the user's own input. */
  offerScenario(scenario: Scenario, lesson?: Lesson | null, origin?: ScenarioOrigin | null): void;
  /**
   * Puts a scenario in the app: both texts (as opened input, so they are saved in this browser),
   * language, presenter mode and the packet form; once the worker has analysed the texts the
   * packet is sent and the recorded endpoint and step shown (`scenarioPlayback`). Shows the
   * lesson (or hides an older one). Texts only ever reach editors and React text nodes, never HTML.
   */
  applyScenario(scenario: Scenario, lesson?: Lesson | null, origin?: ScenarioOrigin | null): void;
  /** "Show the rules" on the receiver card: the editors open. */
  showRules(): void;
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
  opened: null,
  received: null,
  offerScenario: (scenario, lesson = null, origin = null) => {
    if (needsConfirmation(get(), scenario)) set({ pending: { scenario, lesson, origin }, openError: null });
    else get().applyScenario(scenario, lesson, origin);
  },
  applyScenario: (scenario, lesson = null, origin = null) => {
    set({ lesson, openError: null, pending: null, scenarioPlayback: null });
    const s = get();
    s.setLanguage(scenario.language);
    s.setPresenting(scenario.view.presenter);
    s.pause();
    s.cancelSimulation();
    s.resetTrace(formFromScenario(scenario, get().packetForm));
    s.setInputs(scenario.iptables, scenario.kubectl, 'file');
    const inputVersion = get().inputVersion;
    // One set: the address follows `opened` only once the playback it waits for is in place too.
    set({
      opened: origin ? { source: origin.source, inputVersion } : null,
      received: origin?.received ? { note: scenario.note, rulesShown: origin.rulesShown ?? false } : null,
      scenarioPlayback: scenario.packet ? { scenario, inputVersion } : null,
    });
  },
  showRules: () => {
    const r = get().received;
    if (r && !r.rulesShown) set({ received: { ...r, rulesShown: true } });
  },
  keepMine: () => set({ pending: null }),
  showOpenError: (openError) => set({ openError }),
  dismissOpenError: () => set({ openError: null }),
  closeLesson: () => set({ lesson: null }),
  scenarioPlaybackStarted: () => set({ scenarioPlayback: null }),
});

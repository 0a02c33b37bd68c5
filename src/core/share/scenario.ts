import type { Packet } from '../trace';

/**
 * A shareable scenario: the user's inputs, not the results (a link re-parses on open, so parser
 * fixes reach old links). Wire format of permalinks and `.json` scenario files — never change the
 * meaning of a field; add a new version with a migration instead (see migrations.ts).
 */
export interface ScenarioV1 {
  readonly version: 1;
  readonly iptables: string;
  readonly kubectl: string;
  readonly packet: Packet | null;
  /** Node addresses the user entered (addrtype LOCAL). */
  readonly nodeIps: readonly string[];
  /** Which outcome's endpoint is animated (`ip:port`), or null for the seeded draw. */
  readonly endpoint: string | null;
  /** Playhead: index of the path step shown. */
  readonly step: number;
  readonly language: 'en' | 'zh-CN';
  readonly view: { readonly presenter: boolean; readonly focus: readonly string[] };
}

/**
 * Version 2 (issue 9): the story travels with the inputs — the gallery lesson the sender had open
 * and a one-line note from the sender (shown as text on the receiver's summary card).
 */
export interface ScenarioV2 extends Omit<ScenarioV1, 'version'> {
  readonly version: 2;
  /** Gallery id (`nodeport-web-seed`) of the lesson shown beside the scenario, or null. */
  readonly lesson: string | null;
  /** The sender's one-line note (no line breaks, at most MAX_NOTE_LENGTH characters), or null. */
  readonly note: string | null;
}

/** The scenario shape this version of the app reads and writes. */
export type Scenario = ScenarioV2;
export const CURRENT_SCENARIO_VERSION = 2 as const;

/** A note is one line: longer text belongs in a scenario file or the lesson. */
export const MAX_NOTE_LENGTH = 280;

export function emptyScenario(): Scenario {
  return {
    version: 2,
    iptables: '',
    kubectl: '',
    packet: null,
    nodeIps: [],
    endpoint: null,
    step: 0,
    language: 'en',
    view: { presenter: false, focus: [] },
    lesson: null,
    note: null,
  };
}

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

/** The scenario shape this version of the app reads and writes. */
export type Scenario = ScenarioV1;
export const CURRENT_SCENARIO_VERSION = 1 as const;

export function emptyScenario(): Scenario {
  return {
    version: 1,
    iptables: '',
    kubectl: '',
    packet: null,
    nodeIps: [],
    endpoint: null,
    step: 0,
    language: 'en',
    view: { presenter: false, focus: [] },
  };
}

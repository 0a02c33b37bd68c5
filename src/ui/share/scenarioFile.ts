import { CURRENT_SCENARIO_VERSION, type Scenario } from '../../core/share';
import type { AppStore } from '../../state/store';
import type { ScenarioDecoder } from '../../workers/decodeClient';
import { FILE_MARKER } from '../../workers/scenarioFileRead';

/**
 * Scenario files: `{ "kube-proxy-explorer-scenario": 1, ...Scenario }` as JSON (the wire format
 * is described where files are read: workers/scenarioFileRead.ts). Writing happens here; reading
 * an opened file happens in the decode worker, since a file is as untrusted as a link.
 */

/** The `.json` text of a scenario file. */
export function scenarioFileText(scenario: Scenario): string {
  return `${JSON.stringify({ [FILE_MARKER]: CURRENT_SCENARIO_VERSION, ...scenario }, null, 2)}\n`;
}

/** A file name for the download: `kube-proxy-scenario-<first Service or "node">.json`. */
export function scenarioFileName(scenario: Scenario): string {
  const dst = scenario.packet ? `${scenario.packet.dst}-${scenario.packet.dport ?? ''}` : 'node';
  return `kube-proxy-scenario-${dst.replace(/[^A-Za-z0-9.-]+/g, '_')}.json`;
}

/**
 * Opens a scenario file the user picked: read and checked off the page's thread (`decoder`), then
 * offered like a link (confirm before replacing own input) or refused with the file's own words.
 */
export async function openScenarioFile(store: AppStore, file: File, decoder: ScenarioDecoder): Promise<void> {
  const read = await decoder.file(file);
  if (!read.ok) {
    store.getState().showOpenError({ code: read.code, subject: file.name, detail: read.detail });
    return;
  }
  store.getState().offerScenario(read.scenario);
}

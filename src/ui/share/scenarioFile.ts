import type { DecodeError } from '../../core/share';
import {
  CURRENT_SCENARIO_VERSION,
  migrateToCurrent,
  type Scenario,
  validateScenario,
} from '../../core/share';

/**
 * Scenario files: `{ "kube-proxy-explorer-scenario": 1, ...Scenario }` as JSON. Wire format —
 * never change the meaning of the marker or the fields; the marker's number is the scenario version
 * (migrations.ts applies as for links). Files have no size limit beyond the browser's.
 */
const FILE_MARKER = 'kube-proxy-explorer-scenario';

/** The `.json` text of a scenario file. */
export function scenarioFileText(scenario: Scenario): string {
  return `${JSON.stringify({ [FILE_MARKER]: CURRENT_SCENARIO_VERSION, ...scenario }, null, 2)}\n`;
}

export type FileReadResult =
  | { ok: true; scenario: Scenario }
  | { ok: false; code: DecodeError | 'share/not-a-scenario-file'; detail: string };

/** Reads a scenario file's text. Never throws; refusals carry the same codes as links. */
export function readScenarioFile(text: string): FileReadResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, code: 'share/bad-json', detail: 'the file is not valid JSON' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, code: 'share/bad-shape', detail: 'the file does not hold an object' };
  const { [FILE_MARKER]: version, ...rest } = raw as Record<string, unknown>;
  if (version === undefined)
    return { ok: false, code: 'share/not-a-scenario-file', detail: `no "${FILE_MARKER}" key` };
  if (
    typeof version !== 'number' ||
    !Number.isInteger(version) ||
    version < 1 ||
    version > CURRENT_SCENARIO_VERSION
  )
    return {
      ok: false,
      code: 'share/unknown-version',
      detail: `version ${String(version)} is not one this app knows`,
    };
  const migrated = migrateToCurrent(version, { ...rest, version });
  if (!migrated)
    return { ok: false, code: 'share/unknown-version', detail: `no migration from version ${version}` };
  const checked = validateScenario(migrated);
  if (!checked.ok)
    return { ok: false, code: 'share/bad-shape', detail: `field ${checked.field} is missing or wrong` };
  return { ok: true, scenario: checked.scenario };
}

/** A file name for the download: `kube-proxy-scenario-<first Service or "node">.json`. */
export function scenarioFileName(scenario: Scenario): string {
  const dst = scenario.packet ? `${scenario.packet.dst}-${scenario.packet.dport ?? ''}` : 'node';
  return `kube-proxy-scenario-${dst.replace(/[^A-Za-z0-9.-]+/g, '_')}.json`;
}

import {
  CURRENT_SCENARIO_VERSION,
  migrateToCurrent,
  type RefusalDetail,
  type Scenario,
  validateScenario,
} from '../core/share';

/**
 * Reading scenario files: `{ "kube-proxy-explorer-scenario": 1, ...Scenario }` as JSON. Wire
 * format — never change the meaning of the marker or the fields; the marker's number is the
 * scenario version (migrations.ts applies as for links). Runs in the decode worker (a file is
 * untrusted input, and parsing 64 MB of JSON is not a job for the page's thread).
 */
export const FILE_MARKER = 'kube-proxy-explorer-scenario';

/** A file past this is refused before it is read: the same bound as a link's inflated scenario. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** Why a file was refused: its own codes, so that its message says "file", never "link". */
export type FileError =
  | 'file/unreadable'
  | 'file/too-large'
  | 'file/not-a-scenario'
  | 'file/bad-json'
  | 'file/bad-shape'
  | 'file/unknown-version';

export type FileReadResult =
  | { ok: true; scenario: Scenario }
  | { ok: false; code: FileError; detail: RefusalDetail | null };

const refuse = (code: FileError, detail: RefusalDetail | null = null): FileReadResult => ({
  ok: false,
  code,
  detail,
});

/** Reads a scenario file (a `File` is a Blob), refusing one past `maxBytes` unread. Never throws. */
export async function readScenarioBlob(file: Blob, maxBytes = MAX_FILE_BYTES): Promise<FileReadResult> {
  if (file.size > maxBytes)
    return refuse('file/too-large', { kind: 'size', size: file.size, limit: maxBytes });
  let text: string;
  try {
    text = await file.text();
  } catch {
    return refuse('file/unreadable');
  }
  return readScenarioFile(text);
}

/** Reads a scenario file's text. Never throws. */
function readScenarioFile(text: string): FileReadResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse('file/bad-json');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return refuse('file/not-a-scenario', { kind: 'not-object' });
  const { [FILE_MARKER]: version, ...rest } = raw as Record<string, unknown>;
  if (version === undefined) return refuse('file/not-a-scenario');
  if (
    typeof version !== 'number' ||
    !Number.isInteger(version) ||
    version < 1 ||
    version > CURRENT_SCENARIO_VERSION
  )
    return refuse('file/unknown-version', { kind: 'version', version: String(version).slice(0, 40) });
  const migrated = migrateToCurrent(version, { ...rest, version });
  if (!migrated) return refuse('file/unknown-version', { kind: 'no-migration', version });
  const checked = validateScenario(migrated);
  if (!checked.ok) return refuse('file/bad-shape', { kind: 'field', field: checked.field });
  return { ok: true, scenario: checked.scenario };
}

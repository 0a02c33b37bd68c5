import type { PersistStatus } from './inputSlice';

/**
 * Keeps what the user typed across reloads in localStorage, and says plainly when it cannot.
 * Wire format (stored in users' browsers): key `kpe.input.v1`, JSON `{ iptables, kubectl }`.
 * Never change it; add a `v2` key and read `v1` as a fallback instead.
 */

export const STORAGE_KEY = 'kpe.input.v1';

/**
 * Browsers give an origin about 5 million UTF-16 characters of localStorage (Chromium: 10 MB of
 * UTF-16, Firefox 5 MiB); we stay well below so that a save never half-fails.
 */
export const MAX_SAVED_CHARS = 4_000_000;

export interface SavedInput {
  readonly iptables: string;
  readonly kubectl: string;
}

/** The part of the Storage API we use (a Map-backed fake in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Which save the stored input is: key `kpe.input.rev.v1`, JSON `{ rev, tab }` — a counter every
 * save raises, and the id of the page (tab) that wrote it. Kept beside `kpe.input.v1`, whose format
 * stays as it was, so that two tabs of one browser notice each other's saves.
 */
export const REVISION_KEY = 'kpe.input.rev.v1';

export interface SaveMark {
  readonly rev: number;
  readonly tab: string;
}

/** The mark of the stored input, or null (none, unreadable, storage unavailable). Never throws. */
export function loadSaveMark(storage: StorageLike | null): SaveMark | null {
  try {
    const data: unknown = JSON.parse(storage?.getItem(REVISION_KEY) ?? 'null');
    if (typeof data !== 'object' || data === null) return null;
    const { rev, tab } = data as Record<string, unknown>;
    return typeof rev === 'number' && typeof tab === 'string' ? { rev, tab } : null;
  } catch {
    return null;
  }
}

/** The saved input, or `null` when there is none, it is unreadable, or storage is unavailable. */
export function loadSavedInput(storage: StorageLike | null): SavedInput | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const data: unknown = JSON.parse(raw);
    if (typeof data !== 'object' || data === null) return null;
    const { iptables, kubectl } = data as Record<string, unknown>;
    if (typeof iptables !== 'string' || typeof kubectl !== 'string') return null;
    return { iptables, kubectl };
  } catch {
    return null;
  }
}

function megabytes(chars: number): string {
  return `${(chars / 1_000_000).toFixed(1)} million characters`;
}

/**
 * Saves the input. Returns what happened, in words the status line shows: `saved`, or
 * `not-saved` with the reason (too large, quota exceeded, storage disabled). Never throws.
 */
export function saveInput(
  storage: StorageLike | null,
  input: SavedInput,
  mark: SaveMark | null = null,
): PersistStatus {
  const chars = input.iptables.length + input.kubectl.length;
  if (!storage) return { kind: 'not-saved', reason: 'This browser does not allow local storage here.' };
  if (chars > MAX_SAVED_CHARS) {
    // A stale smaller copy would come back on reload and look like the user's latest input.
    tryRemove(storage);
    return {
      kind: 'not-saved',
      reason: `Not saved in the browser: the input is ${megabytes(chars)}, more than browser storage holds (${megabytes(MAX_SAVED_CHARS)}). It is kept until you reload.`,
    };
  }
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(input));
    if (mark) storage.setItem(REVISION_KEY, JSON.stringify(mark));
    return { kind: 'saved', chars };
  } catch (e) {
    tryRemove(storage);
    const name = e instanceof Error ? e.name : '';
    const reason =
      name === 'QuotaExceededError'
        ? 'Not saved in the browser: storage is full.'
        : `Not saved in the browser: ${e instanceof Error ? e.message : String(e)}`;
    return { kind: 'not-saved', reason };
  }
}

function tryRemove(storage: StorageLike): void {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Storage that refuses removal also refuses reads: nothing stale can come back.
  }
}

/** `window.localStorage`, or `null` where reading it throws (sandboxed frames, disabled storage). */
export function browserStorage(): StorageLike | null {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
  } catch {
    return null;
  }
}

/** `window.sessionStorage` (one per tab, kept across its reloads), or `null` where refused. */
export function tabStorage(): StorageLike | null {
  try {
    return (globalThis as { sessionStorage?: StorageLike }).sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Key of this tab's id in sessionStorage: a reload recognises the save its tab made. */
const TAB_KEY = 'kpe.tab';

/** The id this tab had before the reload, or null. Never throws. */
export function loadTabId(storage: StorageLike | null): string | null {
  try {
    return storage?.getItem(TAB_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Remembers this page's tab id for its next reload; refused storage is silent. */
export function saveTabId(storage: StorageLike | null, id: string): void {
  try {
    storage?.setItem(TAB_KEY, id);
  } catch {
    // without sessionStorage a reload shows its own save as another tab's: said, never hidden
  }
}

/** The UI language the user chose (a plain `en` / `zh-CN` string): key `kpe.language`. */
export const LANGUAGE_STORAGE_KEY = 'kpe.language';

/** The language chosen here before, or null. Never throws. */
export function loadLanguage(storage: StorageLike | null): 'en' | 'zh-CN' | null {
  try {
    const saved = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return saved === 'en' || saved === 'zh-CN' ? saved : null;
  } catch {
    return null; // storage disabled (privacy mode): the choice lives for this page only
  }
}

/** Keeps the language choice; a refusal (quota, privacy mode) is silent: the switch still applies. */
export function saveLanguage(storage: StorageLike | null, language: string): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // quota or privacy mode: the switch still applies to this page
  }
}

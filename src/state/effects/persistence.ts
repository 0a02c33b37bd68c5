import { toLanguage } from '../../i18n/language';
import { loadPacketForm, savePacketForm } from '../packetStorage';
import {
  loadLanguage,
  loadSavedInput,
  loadSaveMark,
  loadTabId,
  REVISION_KEY,
  type StorageLike,
  saveInput,
  saveLanguage,
  saveTabId,
} from '../persist';
import type { AppStore } from '../store';

/** Saving to localStorage waits for a longer pause than analysis: a 4 MB write is not free. */
export const SAVE_DEBOUNCE_MS = 600;
/** The packet form is small: it is written after a short pause. */
export const PACKET_SAVE_DEBOUNCE_MS = 300;

export interface RestoreDeps {
  /** The texts shown when nothing was saved: the app is never empty. */
  readonly example: { readonly iptablesText: string; readonly kubectlText: string };
  /** The browser's language tag (`navigator.language`), for a first visit. */
  readonly browserLanguage?: string;
  /** This tab's own storage (sessionStorage): which tab made the save that comes back. */
  readonly tabStorage?: StorageLike | null;
}

/**
 * Puts back what the user left here last time — language, both texts (else the example), the
 * packet form — from the store's storage. Call before the effects start (nothing is saved back)
 * and before the first render. A link opened next (urlSync.ts) wins over all of it.
 */
export function restoreSaved(store: AppStore, deps: RestoreDeps): void {
  const { storage } = store.deps;
  const s = store.getState();
  s.setLanguage(loadLanguage(storage) ?? toLanguage(deps.browserLanguage));
  const saved = loadSavedInput(storage);
  if (saved) {
    s.setInputs(saved.iptables, saved.kubectl, 'saved');
    // Another tab's save is not "restored" here: say whose it is. (A save from before marks: unknown.)
    const mark = loadSaveMark(storage);
    if (mark && mark.tab !== loadTabId(deps.tabStorage ?? null))
      s.setPersistStatus({ kind: 'restored-other-tab' });
  } else s.setInputs(deps.example.iptablesText, deps.example.kubectlText, 'example');
  const form = loadPacketForm(storage);
  if (form) s.setPacketForm(form);
}

export interface PersistenceDeps {
  /**
   * Calls `flush` when the page is hidden or left (pagehide also fires for the bfcache); returns
   * the unsubscribe. A reload inside the debounce window must not lose the last keystrokes.
   */
  readonly onPageHide?: (flush: () => void) => () => void;
  /** This tab's own storage (sessionStorage), where its id waits for the next reload. */
  readonly tabStorage?: StorageLike | null;
  /** A fresh id for this page (tests pass their own). */
  readonly newTabId?: () => string;
  /**
   * Calls `listener` with the key when another tab changes the shared storage (the browser's
   * `storage` event; `null` when it was cleared); returns the unsubscribe.
   */
  readonly onStorageChange?: (listener: (key: string | null) => void) => () => void;
}

const randomTabId = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Keeps what the user typed across reloads and says plainly when it cannot (`persistStatus`):
 * the texts after a pause in typing (or at once when the page is left), the packet form after a
 * short pause, the language at once. Two tabs share one store: each save raises a revision
 * (persist.ts `SaveMark`); a tab whose save finds a newer one from another tab keeps it and says
 * so (`conflict`), and only its next save goes over it. A tab learns of another tab's save at once
 * from the storage event (`other-tab-saved`); the user may then save this tab's text over it or
 * load it here (`resolveTabConflict`). Returns the stop function.
 */
export function startPersistence(store: AppStore, deps: PersistenceDeps = {}): () => void {
  const { storage, scheduler } = store.deps;
  const tab = (deps.newTabId ?? randomTabId)();
  saveTabId(deps.tabStorage ?? null, tab);
  // The save this tab has seen: the one it restored (or none), later the one it wrote.
  let knownRev = loadSaveMark(storage)?.rev ?? 0;
  let cancelInput: (() => void) | null = null;
  let cancelPacket: (() => void) | null = null;
  /** Another tab's save this tab has not seen, or null. */
  const newerElsewhere = () => {
    const mark = loadSaveMark(storage);
    return mark && mark.rev > knownRev && mark.tab !== tab ? mark : null;
  };
  const saveTexts = (overwrite = false): void => {
    cancelInput = null;
    const { iptablesText, kubectlText, setPersistStatus } = store.getState();
    const mark = loadSaveMark(storage);
    const newer = newerElsewhere();
    if (newer && !overwrite) {
      knownRev = newer.rev;
      setPersistStatus({ kind: 'conflict' });
      return;
    }
    const rev = Math.max(knownRev, mark?.rev ?? 0) + 1;
    const status = saveInput(storage, { iptables: iptablesText, kubectl: kubectlText }, { rev, tab });
    if (status.kind === 'saved') knownRev = rev;
    setPersistStatus(status);
  };
  const savePacket = (): void => {
    cancelPacket = null;
    const reason = savePacketForm(storage, store.getState().packetForm);
    // A refused write shows in the input's status line (the same one the texts use).
    if (reason) store.getState().setPersistStatus({ kind: 'not-saved', reason });
  };
  /** Puts the other tab's saved texts on screen; they are already stored, so nothing is written. */
  const loadTheirs = (): void => {
    const saved = loadSavedInput(storage);
    const mark = loadSaveMark(storage);
    if (!saved) return;
    cancelInput?.();
    cancelInput = null;
    knownRev = Math.max(knownRev, mark?.rev ?? 0);
    const s = store.getState();
    s.setInputs(saved.iptables, saved.kubectl, 'saved');
    s.setPersistStatus({ kind: 'restored-other-tab' });
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.tabConflictChoice !== prev.tabConflictChoice && s.tabConflictChoice !== null) {
      const choice = s.tabConflictChoice;
      s.tabConflictResolved();
      if (choice === 'load-theirs') loadTheirs();
      else {
        cancelInput?.();
        saveTexts(true);
      }
      return;
    }
    if (s.language !== prev.language) saveLanguage(storage, s.language);
    if (s.packetForm !== prev.packetForm) {
      cancelPacket?.();
      cancelPacket = scheduler.after(PACKET_SAVE_DEBOUNCE_MS, savePacket);
    }
    // The untouched example is not the user's input: keep storage for what they typed or opened.
    // Texts just loaded from storage are there already.
    if (s.inputVersion === prev.inputVersion || s.inputSource === 'example' || s.inputSource === 'saved')
      return;
    cancelInput?.();
    cancelInput = scheduler.after(SAVE_DEBOUNCE_MS, () => saveTexts());
    // A conflict stays on screen until the save that goes over the other tab's input.
    const told = s.persistStatus.kind;
    if (told !== 'pending' && told !== 'conflict' && told !== 'other-tab-saved')
      s.setPersistStatus({ kind: 'pending' });
  });
  // Another tab's save, heard at once: said now, not at this tab's next save.
  const stopListening = deps.onStorageChange?.((key) => {
    if (key !== null && key !== REVISION_KEY) return;
    const kind = store.getState().persistStatus.kind;
    if (newerElsewhere() && kind !== 'conflict')
      store.getState().setPersistStatus({ kind: 'other-tab-saved' });
  });
  const flush = (): void => {
    if (cancelInput === null) return;
    cancelInput();
    saveTexts();
  };
  const stopFlush = deps.onPageHide?.(flush);
  return () => {
    unsubscribe();
    stopListening?.();
    stopFlush?.();
    cancelInput?.();
    cancelPacket?.();
  };
}

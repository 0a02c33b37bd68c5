import type { StateCreator } from 'zustand';
import type { AppState } from './store';

/** Where the current texts came from: the built-in example, the browser's storage, typing/pasting, or a file. */
export type InputSource = 'example' | 'saved' | 'edited' | 'file';

/** The outcome of the last attempt to keep the input in localStorage (effects/persistence.ts). */
export type PersistStatus =
  | { readonly kind: 'idle' }
  /** Typed but not yet written: the save waits for a pause in typing (or the page being left). */
  | { readonly kind: 'pending' }
  | { readonly kind: 'saved'; readonly chars: number }
  /** The texts on screen were restored from a save another tab made (not this tab before its reload). */
  | { readonly kind: 'restored-other-tab' }
  /**
   * Not saved: another tab saved newer input since this tab last read or wrote it, and it was kept.
   * The next save from this tab goes over it (the user has been told).
   */
  | { readonly kind: 'conflict' }
  /**
   * Another tab has just saved newer input (its `storage` event): nothing was refused yet, and this
   * tab's text is not saved over it until the user chooses (`resolveTabConflict`) or edits twice.
   */
  | { readonly kind: 'other-tab-saved' }
  | { readonly kind: 'not-saved'; readonly reason: string };

/** What the user chose when another tab saved newer input: save this tab's text over it, or load it. */
export type TabConflictChoice = 'keep-mine' | 'load-theirs';

export interface InputSlice {
  readonly iptablesText: string;
  readonly kubectlText: string;
  readonly inputSource: InputSource;
  /** Name of the file the iptables text was read from, when it came from a file. */
  readonly iptablesFileName: string | null;
  readonly persistStatus: PersistStatus;
  /** Increases on every text change; the analysis records which version it describes. */
  readonly inputVersion: number;
  /**
   * Set when the user's own dump replaced the untouched example: the example's kubectl text it
   * cleared (so the one-line note can put it back), null otherwise.
   */
  readonly clearedExampleKubectl: string | null;
  /**
   * The `inputVersion` whose analysis should re-seed the packet form from the new dump (a real
   * Service address, the node IP), or null. effects/packetReseed.ts applies it when that analysis arrives.
   */
  readonly reseedPacketAt: number | null;
  /** The user's answer to another tab's newer save, until effects/persistence.ts has carried it out. */
  readonly tabConflictChoice: TabConflictChoice | null;
  setIptablesText(text: string, source?: InputSource, fileName?: string | null): void;
  setKubectlText(text: string, source?: InputSource): void;
  /** Replace both texts at once (example, saved input, scenario). */
  setInputs(iptablesText: string, kubectlText: string, source: InputSource): void;
  setPersistStatus(status: PersistStatus): void;
  /** Puts back the example's kubectl text that replacing the example cleared. */
  restoreExampleKubectl(): void;
  /** The packet form was re-seeded (or there was nothing to seed it from). */
  packetReseeded(): void;
  /** Asks to save this tab's text over another tab's newer save, or to load that save here. */
  resolveTabConflict(choice: TabConflictChoice): void;
  /** The choice was carried out. */
  tabConflictResolved(): void;
}

/**
 * Whether `next` replaces `previous` rather than edits it: what the two share at the start and at
 * the end covers less than half of `previous` (a paste over select-all, a file). Typing a rule into
 * the example, or deleting one, keeps nearly all of it.
 */
export function replacesText(previous: string, next: string): boolean {
  if (previous.length === 0) return next.length > 0;
  const max = Math.min(previous.length, next.length);
  let head = 0;
  while (head < max && previous.charCodeAt(head) === next.charCodeAt(head)) head++;
  let tail = 0;
  while (
    tail < max - head &&
    previous.charCodeAt(previous.length - 1 - tail) === next.charCodeAt(next.length - 1 - tail)
  )
    tail++;
  return head + tail < previous.length / 2;
}

/** Input slice: the raw texts as the user gave them. Diagnostics arrive with the analysis. */
export const createInputSlice: StateCreator<AppState, [], [], InputSlice> = (set, get) => ({
  iptablesText: '',
  kubectlText: '',
  inputSource: 'example',
  iptablesFileName: null,
  persistStatus: { kind: 'idle' },
  inputVersion: 0,
  clearedExampleKubectl: null,
  reseedPacketAt: null,
  tabConflictChoice: null,
  setIptablesText: (text, source = 'edited', fileName = null) => {
    const s = get();
    if (text === s.iptablesText && source === s.inputSource) return;
    const inputVersion = s.inputVersion + 1;
    // The user's own dump over the untouched example: the example's kubectl text and packet
    // describe another cluster (hundreds of false warnings, "no Service rule matched"), so both go.
    const replacing =
      s.inputSource === 'example' && source !== 'example' && replacesText(s.iptablesText, text);
    set({
      iptablesText: text,
      inputSource: source,
      iptablesFileName: fileName,
      inputVersion,
      ...(replacing
        ? { kubectlText: '', clearedExampleKubectl: s.kubectlText || null, reseedPacketAt: inputVersion }
        : {}),
    });
  },
  setKubectlText: (text, source = 'edited') => {
    if (text === get().kubectlText && source === get().inputSource) return;
    set({
      kubectlText: text,
      inputSource: source,
      inputVersion: get().inputVersion + 1,
      clearedExampleKubectl: null,
    });
  },
  setInputs: (iptablesText, kubectlText, source) =>
    set({
      iptablesText,
      kubectlText,
      inputSource: source,
      iptablesFileName: null,
      inputVersion: get().inputVersion + 1,
      clearedExampleKubectl: null,
      reseedPacketAt: null,
    }),
  setPersistStatus: (persistStatus) => set({ persistStatus }),
  restoreExampleKubectl: () => {
    const text = get().clearedExampleKubectl;
    if (text === null) return;
    set({ kubectlText: text, clearedExampleKubectl: null, inputVersion: get().inputVersion + 1 });
  },
  packetReseeded: () => set({ reseedPacketAt: null }),
  resolveTabConflict: (tabConflictChoice) => set({ tabConflictChoice }),
  tabConflictResolved: () => set({ tabConflictChoice: null }),
});

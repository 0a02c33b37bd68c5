import type { StateCreator } from 'zustand';
import type { AppState } from './store';

/** Where the current texts came from: the built-in example, the browser's storage, typing/pasting, or a file. */
export type InputSource = 'example' | 'saved' | 'edited' | 'file';

/** The outcome of the last attempt to keep the input in localStorage (persist.ts). */
export type PersistStatus =
  | { readonly kind: 'idle' }
  /** Typed but not yet written: the save waits for a pause in typing (or the page being left). */
  | { readonly kind: 'pending' }
  | { readonly kind: 'saved'; readonly chars: number }
  | { readonly kind: 'not-saved'; readonly reason: string };

export interface InputSlice {
  readonly iptablesText: string;
  readonly kubectlText: string;
  readonly inputSource: InputSource;
  /** Name of the file the iptables text was read from, when it came from a file. */
  readonly iptablesFileName: string | null;
  readonly persistStatus: PersistStatus;
  /** Increases on every text change; the analysis records which version it describes. */
  readonly inputVersion: number;
  setIptablesText(text: string, source?: InputSource, fileName?: string | null): void;
  setKubectlText(text: string, source?: InputSource): void;
  /** Replace both texts at once (example, saved input, scenario). */
  setInputs(iptablesText: string, kubectlText: string, source: InputSource): void;
  setPersistStatus(status: PersistStatus): void;
}

/** Input slice: the raw texts as the user gave them. Diagnostics arrive with the analysis. */
export const createInputSlice: StateCreator<AppState, [], [], InputSlice> = (set, get) => ({
  iptablesText: '',
  kubectlText: '',
  inputSource: 'example',
  iptablesFileName: null,
  persistStatus: { kind: 'idle' },
  inputVersion: 0,
  setIptablesText: (text, source = 'edited', fileName = null) => {
    if (text === get().iptablesText && source === get().inputSource) return;
    set({
      iptablesText: text,
      inputSource: source,
      iptablesFileName: fileName,
      inputVersion: get().inputVersion + 1,
    });
  },
  setKubectlText: (text, source = 'edited') => {
    if (text === get().kubectlText && source === get().inputSource) return;
    set({ kubectlText: text, inputSource: source, inputVersion: get().inputVersion + 1 });
  },
  setInputs: (iptablesText, kubectlText, source) =>
    set({
      iptablesText,
      kubectlText,
      inputSource: source,
      iptablesFileName: null,
      inputVersion: get().inputVersion + 1,
    }),
  setPersistStatus: (persistStatus) => set({ persistStatus }),
});

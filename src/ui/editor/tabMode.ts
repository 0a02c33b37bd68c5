import { useSyncExternalStore } from 'react';

/**
 * What Tab does in the editors, shared by both (Monaco's own tab-focus mode is global too). By
 * default Tab moves focus out of the editor (Monaco's `tabFocusMode`), so a keyboard user is never
 * trapped and a Tab is never typed into the dump unasked; the key Monaco uses for its "Toggle Tab
 * Key Moves Focus" action (editor.action.toggleTabFocusMode: Ctrl+M, ⌃⇧M on macOS) switches to
 * typing tabs and back. Not persisted: every visit starts safe.
 */
let tabTypesTab = false;
const listeners = new Set<() => void>();

function getTabTypesTab(): boolean {
  return tabTypesTab;
}

export function toggleTabTypesTab(): void {
  tabTypesTab = !tabTypesTab;
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useTabTypesTab(): boolean {
  return useSyncExternalStore(subscribe, getTabTypesTab);
}

/** macOS keeps Cmd+M for "minimize window": Monaco binds ⌃⇧M there. */
export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const TOGGLE_KEY_TEXT = IS_MAC ? '⌃⇧M' : 'Ctrl+M';

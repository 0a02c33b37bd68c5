import { create } from 'zustand';

/**
 * Presenter mode (large type, editors hidden, graph and path large), a UI-only flag kept outside
 * the app store. Starts on with `?present` in the address.
 */
interface PresenterState {
  readonly presenting: boolean;
}

function fromUrl(): boolean {
  if (typeof location === 'undefined') return false;
  return new URLSearchParams(location.search).has('present');
}

export const usePresenter = create<PresenterState>()(() => ({ presenting: fromUrl() }));

/** Turns presenter mode on or off (toggles when `on` is omitted). */
export function setPresenting(on?: boolean): void {
  usePresenter.setState((s) => ({ presenting: on ?? !s.presenting }));
}

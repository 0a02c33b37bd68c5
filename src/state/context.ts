import { createContext, createElement, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from './store';

const AppStoreContext = createContext<AppStore | null>(null);

/** Provides the app's store to the components below (main.tsx makes one; a test may make its own). */
export function AppStoreProvider({ store, children }: { store: AppStore; children?: ReactNode }) {
  return createElement(AppStoreContext.Provider, { value: store }, children);
}

/** The store itself: for event handlers that call verbs or read the state once. */
export function useAppStore(): AppStore {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error('useAppStore outside <AppStoreProvider>');
  return store;
}

/** A slice of the state; the component re-renders when the selected value changes (Object.is). */
export function useAppState<T>(selector: (s: AppState) => T): T {
  return useStore(useAppStore(), selector);
}

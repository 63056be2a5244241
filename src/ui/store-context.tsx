import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from '../state/index.js';

const StoreContext = createContext<AppStore | null>(null);

export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store itself, for actions (`useAppStore().getState().nav.push(...)`). */
export function useAppStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppStore outside StoreProvider');
  return store;
}

/**
 * A slice of the state. The component re-renders only when the selected value changes
 * (Object.is), so select the smallest thing you need, or use `useShallow` for objects.
 */
export function useAppState<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStore(), selector);
}

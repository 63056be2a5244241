import type { StoreApi } from 'zustand/vanilla';
import type { Runtime } from './deps.js';

/**
 * What a slice is built with. `S` is the part of the store the slice reads and writes (its own
 * key and the slices it calls), declared in the slice's module: a slice names only what it
 * uses, so the slices form no cycle through one all-knowing state type. The store passes
 * itself, which has every key.
 */
export interface SliceContext<S> {
  readonly set: StoreApi<S>['setState'];
  readonly get: () => S;
  readonly runtime: Runtime;
}

/** Merges a patch into one slice, leaving the others (and their identities) untouched. */
export function patchSlice<S, K extends keyof S>(
  set: StoreApi<S>['setState'],
  key: K,
  patch: Partial<S[K]> | ((slice: S[K]) => Partial<S[K]>),
): void {
  set((state) => {
    const current = state[key];
    const changes = typeof patch === 'function' ? (patch)(current) : patch;
    // Returning the state itself tells zustand nothing changed, so no subscriber runs.
    if (Object.keys(changes).length === 0) return state;
    return { [key]: { ...current, ...changes } } as unknown as Partial<S>;
  });
}

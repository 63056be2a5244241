import { IDLE_PAGED, IDLE_RESOURCE, type PagedState, type ResourceState } from '../state/index.js';
import { useAppState } from './store-context.js';

/** The paged list stored under `key` (see state/data.ts), typed by the caller. */
export function usePaged<T>(key: string | undefined): PagedState<T> {
  return useAppState((s) => (key === undefined ? IDLE_PAGED : (s.data.pages[key] ?? IDLE_PAGED))) as PagedState<T>;
}

/** The resource stored under `key`, typed by the caller. */
export function useResource<T>(key: string | undefined): ResourceState<T> {
  return useAppState((s) => (key === undefined ? IDLE_RESOURCE : (s.data.resources[key] ?? IDLE_RESOURCE))) as ResourceState<T>;
}

import { PageCursor } from '../api/paging.js';
import { describeFailure, type Failure } from './failures.js';
import { patchSlice, type CatalogApi, type SliceContext } from './types.js';

/**
 * Everything screens load, under string keys ("movie:550", "search:multi:alien"): single
 * answers (resources) and paged lists. One place for loading, error and retry rules, so every
 * screen behaves the same: a spinner while loading, the error in the panel with a retry key,
 * a toast for transient failures.
 */

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ResourceState<T> {
  readonly status: LoadStatus;
  readonly value?: T;
  readonly error?: Failure;
}

export interface PagedState<T> {
  readonly status: LoadStatus;
  readonly items: readonly T[];
  readonly totalResults: number;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  /** The first page failed (shown in the panel). */
  readonly error?: Failure;
  /** A later page failed; the items loaded so far stay, and more is only tried on request. */
  readonly moreError?: Failure;
}

export interface PagedEnvelope<T> {
  readonly page: number;
  readonly results: readonly T[];
  readonly total_pages: number;
  readonly total_results: number;
}

export type Loader<T> = (client: CatalogApi) => Promise<T>;
export type PageLoader<T> = (client: CatalogApi, page: number) => Promise<PagedEnvelope<T>>;

export interface FetchOptions {
  /** Load again even when loaded or loading. */
  readonly force?: boolean;
}

export interface DataSlice {
  readonly resources: Readonly<Record<string, ResourceState<unknown>>>;
  readonly pages: Readonly<Record<string, PagedState<unknown>>>;
  fetchResource<T>(key: string, load: Loader<T>, options?: FetchOptions): Promise<void>;
  fetchPaged<T>(key: string, loadPage: PageLoader<T>, options?: FetchOptions): Promise<void>;
  /** Loads the next page; after a failed page only when `explicit` (a key press, not scrolling). */
  fetchMore(key: string, explicit?: boolean): Promise<void>;
  /** Loads a resource or paged list again with the loader it was first fetched with. */
  reload(key: string): Promise<void>;
  /** Drops every entry whose key starts with `prefix` (e.g. the account's data on sign-out). */
  forget(prefix: string): void;
}

export const IDLE_RESOURCE: ResourceState<never> = { status: 'idle' };
export const IDLE_PAGED: PagedState<never> = {
  status: 'idle',
  items: [],
  totalResults: 0,
  hasMore: false,
  loadingMore: false,
};

const NOT_CONNECTED: Failure = { message: 'Not connected to the service yet', kind: 'other', transient: false };

export function createDataSlice({ set, get, runtime }: SliceContext): DataSlice {
  const loaders = new Map<string, Loader<unknown>>();
  const pageLoaders = new Map<string, PageLoader<unknown>>();
  const cursors = new Map<string, PageCursor<unknown>>();
  // Bumped on every (re)load of a key, so an answer to a superseded request is dropped.
  const generations = new Map<string, number>();

  const bump = (key: string) => {
    const generation = (generations.get(key) ?? 0) + 1;
    generations.set(key, generation);
    return generation;
  };
  const isCurrent = (key: string, generation: number) => generations.get(key) === generation;

  const setResource = (key: string, value: ResourceState<unknown>) =>
    patchSlice(set, 'data', (d) => ({ resources: { ...d.resources, [key]: value } }));
  const setPaged = (key: string, update: (p: PagedState<unknown>) => PagedState<unknown>) =>
    patchSlice(set, 'data', (d) => ({ pages: { ...d.pages, [key]: update(d.pages[key] ?? IDLE_PAGED) } }));

  const announce = (failure: Failure) => {
    if (failure.transient) get().notifications.notify(failure.message, 'warning');
  };

  const snapshot = (cursor: PageCursor<unknown>) => ({
    items: cursor.items.slice(),
    totalResults: cursor.totalResults,
    hasMore: cursor.hasMore,
  });

  return {
    resources: {},
    pages: {},

    async fetchResource(key, load, options = {}) {
      loaders.set(key, load as Loader<unknown>);
      const existing = get().data.resources[key];
      if (!options.force && existing && (existing.status === 'loading' || existing.status === 'ready')) return;
      const generation = bump(key);
      const client = runtime.client;
      if (!client) {
        setResource(key, { status: 'error', error: NOT_CONNECTED });
        return;
      }
      setResource(key, { status: 'loading', value: existing?.value });
      try {
        const value = await load(client);
        if (isCurrent(key, generation)) setResource(key, { status: 'ready', value });
      } catch (error) {
        if (!isCurrent(key, generation)) return;
        const failure = describeFailure(error);
        setResource(key, { status: 'error', error: failure });
        announce(failure);
      }
    },

    async fetchPaged(key, loadPage, options = {}) {
      pageLoaders.set(key, loadPage as PageLoader<unknown>);
      const existing = get().data.pages[key];
      if (!options.force && existing && (existing.status === 'loading' || existing.status === 'ready')) return;
      const generation = bump(key);
      const client = runtime.client;
      if (!client) {
        setPaged(key, () => ({ ...IDLE_PAGED, status: 'error', error: NOT_CONNECTED }));
        return;
      }
      const cursor = new PageCursor<unknown>((page: number) => loadPage(client, page));
      cursors.set(key, cursor);
      setPaged(key, () => ({ ...IDLE_PAGED, status: 'loading' }));
      try {
        await cursor.loadNext();
        if (isCurrent(key, generation)) setPaged(key, () => ({ ...IDLE_PAGED, status: 'ready', ...snapshot(cursor) }));
      } catch (error) {
        if (!isCurrent(key, generation)) return;
        const failure = describeFailure(error);
        setPaged(key, () => ({ ...IDLE_PAGED, status: 'error', error: failure }));
        announce(failure);
      }
    },

    async fetchMore(key, explicit = false) {
      const state = get().data.pages[key];
      const cursor = cursors.get(key);
      if (!state || !cursor || state.status !== 'ready' || !state.hasMore || state.loadingMore) return;
      if (state.moreError && !explicit) return;
      const generation = generations.get(key) ?? 0;
      setPaged(key, (p) => ({ ...p, loadingMore: true, moreError: undefined }));
      try {
        await cursor.loadNext();
        if (isCurrent(key, generation)) setPaged(key, (p) => ({ ...p, loadingMore: false, ...snapshot(cursor) }));
      } catch (error) {
        if (!isCurrent(key, generation)) return;
        const failure = describeFailure(error);
        setPaged(key, (p) => ({ ...p, loadingMore: false, moreError: failure }));
        // The list stays usable, so the failure is a toast rather than a panel error.
        get().notifications.notify(`Could not load more: ${failure.message}`, 'warning');
      }
    },

    async reload(key) {
      const pageLoader = pageLoaders.get(key);
      if (pageLoader) return get().data.fetchPaged(key, pageLoader, { force: true });
      const loader = loaders.get(key);
      if (loader) return get().data.fetchResource(key, loader, { force: true });
    },

    forget(prefix) {
      const keep = <V>(record: Readonly<Record<string, V>>) =>
        Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith(prefix)));
      for (const map of [loaders, pageLoaders, cursors, generations]) {
        for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
      }
      patchSlice(set, 'data', (d) => ({ resources: keep(d.resources), pages: keep(d.pages) }));
    },
  };
}

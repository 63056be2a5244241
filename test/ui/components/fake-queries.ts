import {
  createAppStore,
  type AppStore,
  type PagedQueryState,
  type PagedSource,
  type QueryState,
  type Source,
  type StoreDeps,
} from '../../../src/state/index.js';

/**
 * A fake query layer for component tests: a store with no service behind it, whose reads are
 * answered up front. A screen's useOperation finds its answer there and asks nobody; a read
 * nobody answered fails in its panel as the query layer fails any read without a service.
 */
export interface FakeReads {
  answer<T>(source: Source<T>, data: T): FakeReads;
  pages<T>(source: PagedSource<T>, items: readonly T[]): FakeReads;
  readonly store: AppStore;
}

/** `deps` adds to the store what a test looks at (the region, where opened addresses go). */
export function fakeQueryLayer(deps: Partial<StoreDeps> = {}): FakeReads {
  const store = createAppStore({
    service: { kind: 'embedded', label: 'embedded catalog' },
    connect: () => Promise.reject(new Error('a component test reaches no service')),
    createClient: () => Promise.reject(new Error('a component test reaches no service')),
    sessions: { load: () => undefined, save: () => {} },
    configFile: 'config.json',
    ...deps,
  });
  const entry = (key: string, state: QueryState<unknown>) =>
    store.setState((s) => ({ queries: { ...s.queries, entries: { ...s.queries.entries, [key]: state } } }));
  const reads: FakeReads = {
    store,
    answer(source, data) {
      entry(source.key, { status: 'ready', data });
      return reads;
    },
    pages(source, items) {
      const state: PagedQueryState<unknown> = { status: 'ready', items, totalResults: items.length, hasMore: false, loadingMore: false };
      store.setState((s) => ({ queries: { ...s.queries, pages: { ...s.queries.pages, [source.key]: state } } }));
      return reads;
    },
  };
  return reads;
}

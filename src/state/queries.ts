import { PageCursor, type Page } from '../api/paging.js';
import type { CallArgs } from '../api/types.js';
// The contract's modules by name, not its index: the index would load every schema at start-up.
import { endpoints } from '../contract/endpoints.js';
import { isAccountStateRead, isStale, SESSION_READS, staleQueries } from '../contract/stale.js';
import type {
  OperationKey,
  PathParamsOf,
  QueryOf,
  ReadOperationKey,
  ResponseOf,
  StaleQuery,
} from '../contract/index.js';
import { describeFailure, type Failure } from './failures.js';
import { patchSlice, type SliceContext } from './slice.js';
import type { NotificationsSlice } from './notifications.js';
import { passImageBytes, type CatalogApi } from './deps.js';
import { KeptReads, measureAnswer } from './kept-reads.js';

/**
 * The query layer: every read a screen shows, keyed by the contract's operation and its
 * parameters and typed by the operation's answer. One place for loading, error and retry
 * rules, so every screen behaves the same: a spinner while loading, the error in the panel
 * with a retry key, a toast for transient failures. After a write, the reads the contract
 * declares stale (STALE_AFTER) that are loaded here are loaded again.
 *
 * Reads of account state (isAccountStateRead) may change elsewhere, on the web or a phone: a
 * screen shows what is kept at once, and when it is shown again, or the terminal regains focus,
 * what it shows is asked again behind it once it is older than ACCOUNT_STATE_FRESH_MS
 * (stale-while-revalidate; the client makes that a conditional request where the service sends
 * ETags). Never more than once per read per bound, and only for reads a mounted screen shows.
 */

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A read's parameters: what the operation takes in its path and query. */
export type OperationParams<K extends OperationKey> = (keyof PathParamsOf<K> extends never
  ? { readonly path?: undefined }
  : { readonly path: PathParamsOf<K> }) & { readonly query?: QueryOf<K> };

export interface QueryState<T> {
  readonly status: LoadStatus;
  /** The answer; an earlier one stays while the read is loaded again. */
  readonly data?: T;
  readonly error?: Failure;
}

export interface PagedQueryState<T, First = unknown> {
  readonly status: LoadStatus;
  readonly items: readonly T[];
  readonly totalResults: number;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  /** The first page's answer: what a paged operation says besides its items (E14's dates). */
  readonly first?: First;
  /** The first page failed (shown in the panel). */
  readonly error?: Failure;
  /** A later page failed; the items loaded so far stay, and more is only tried on request. */
  readonly moreError?: Failure;
  /** Being loaded again from its first page (after a write): the items shown are the last answer's. */
  readonly reloading?: boolean;
  /**
   * Every row of the listing, as far as the service serves it (total_results, at most MAX_PAGE
   * pages), undefined where its page is not loaded: a list is as long as this, and a jump to
   * its end loads the last page alone. Absent while the count is unknown: `items` is then all.
   */
  readonly rows?: ReadonlyArray<T | undefined>;
}

/** The paged reads: their answers carry `results` (or, for a list's details, `items`). */
export type PagedOperationKey = {
  [K in ReadOperationKey]: ResponseOf<K> extends { readonly results: readonly unknown[] }
    ? K
    : // A list's details page their items (old answers may lack them, or the count).
      'items' extends keyof ResponseOf<K>
      ? K
      : never;
}[ReadOperationKey];

export type ItemOf<K extends PagedOperationKey> = ResponseOf<K> extends { readonly results: readonly (infer I)[] }
  ? I
  : ResponseOf<K> extends { readonly items?: readonly (infer I)[] | null }
    ? I
    : never;

/** A read that is not one operation call: what to call it, and how to load it. */
/** An operation and the parameters a source reads it with, for staleness after writes. */
export interface ReadOf {
  readonly op: OperationKey;
  readonly params: Readonly<Record<string, unknown>>;
}

export interface Source<T> {
  readonly key: string;
  /** What it reads, for staleness after writes: several for a read built from several (the calendar). */
  readonly reads?: ReadOf | readonly ReadOf[];
  readonly load: (client: CatalogApi) => Promise<T>;
  /**
   * Other reads its answer holds (parts appended to a record): each is kept under its own key,
   * so a view that shows one later has it at once, without a request.
   */
  readonly parts?: (answer: T) => readonly PartAnswer[];
  /**
   * The keys of the reads `parts` gives (those asked to be appended): one of them asked while
   * this read is on its way waits for its answer rather than asking the service too.
   */
  readonly partKeys?: readonly string[];
}

/** A read answered inside another's answer: a plain read, or the first page of a paged one. */
export type PartAnswer =
  | { readonly kind: 'entry'; readonly source: Source<unknown>; readonly answer: unknown }
  | { readonly kind: 'pages'; readonly source: PagedSource<unknown, unknown>; readonly first: Page<unknown> & { readonly answer?: unknown } };

export interface PagedSource<T, First = unknown> {
  readonly key: string;
  readonly reads?: { readonly op: OperationKey; readonly params: Readonly<Record<string, unknown>> };
  readonly loadPage: (client: CatalogApi, page: number) => Promise<Page<T> & { readonly answer?: First }>;
}

export interface LoadOptions {
  /** Load again even when loaded or loading. */
  readonly force?: boolean;
  /**
   * Load again behind what is shown: a read that is ready stays ready, its answer shown, until
   * the new answer replaces it, and stays as it was when asking fails (the next showing asks again).
   */
  readonly background?: boolean;
}

/**
 * How long an answer of account state is taken as the service's: shown again after this, or when
 * the terminal regains focus, it is asked again (behind what is shown).
 */
export const ACCOUNT_STATE_FRESH_MS = 30_000;

export interface QueriesSlice {
  readonly entries: Readonly<Record<string, QueryState<unknown>>>;
  readonly pages: Readonly<Record<string, PagedQueryState<unknown>>>;
  load<T>(source: Source<T>, options?: LoadOptions): Promise<void>;
  loadPages<T, First>(source: PagedSource<T, First>, options?: LoadOptions): Promise<void>;
  /**
   * A mounted screen shows the read `key`: it is not forgotten to keep the store within its bound
   * (KEPT_READ_BYTES) until the returned function is called (the screen unmounts).
   */
  hold(key: string): () => void;
  /**
   * A mounted screen shows the read `key` again (it was opened or returned to): asked again behind
   * what it shows when it is account state asked longer than ACCOUNT_STATE_FRESH_MS ago.
   */
  revalidate(key: string): void;
  /**
   * A mounted screen shows account state kept outside this layer (my episode ratings, in the
   * ratings slice), which its owner loads: `ask` asks it again, on the same terms as revalidate
   * (now when it was last asked longer ago than the bound, and when the terminal regains focus).
   * Until the returned function is called (the screen unmounts).
   */
  keepFresh(key: string, ask: () => unknown): () => void;
  /** The terminal regained focus: the account state the mounted screens show is revalidated. */
  focusRegained(): void;
  /** Loads the next page; after a failed page only when `explicit` (a key press, not scrolling). */
  loadMore(key: string, explicit?: boolean): Promise<void>;
  /**
   * Loads the pages that hold rows `from`..`to` (0-based, inclusive) that are not loaded yet, out
   * of order if need be. A page that failed is asked again only when `explicit` (a key press):
   * the rows in view ask for their pages each time they change, and a failing page would be asked
   * for again and again.
   */
  loadRows(key: string, from: number, to: number, explicit?: boolean): Promise<void>;
  /** Loads a read again with the source it was first loaded with. */
  reload(key: string): Promise<void>;
  /** A write succeeded (or may have): the reads it makes stale are loaded again where a screen shows them, else forgotten. */
  written(stale: readonly StaleQuery[]): Promise<void>;
  /** Who is signed in changed: reads that depend on it are forgotten. */
  sessionChanged(): void;
  /** The content language changed: every read is forgotten (a screen showing one asks it again). */
  languageChanged(): void;
}

// --- keys and sources of operations ---

/** JSON with object keys sorted, so equal parameters give equal keys. */
function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

export function operationKey<K extends OperationKey>(op: K, params: OperationParams<K>): string {
  return `${op}${stableJson({ path: params.path, query: params.query })}`;
}

interface LooseParams {
  readonly path?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
}

const flatParams = (params: LooseParams): Record<string, unknown> => ({ ...(params.query ?? {}), ...(params.path ?? {}) });

/** OperationParams<K> are CallArgs<K> without a body or session; the types cannot see that for a generic K. */
const call = <K extends OperationKey>(client: CatalogApi, op: K, params: OperationParams<K>) =>
  client.call(op, params as unknown as CallArgs<K>);

export function operationSource<K extends ReadOperationKey>(op: K, params: OperationParams<K>): Source<ResponseOf<K>> {
  return { key: operationKey(op, params), reads: { op, params: flatParams(params) }, load: (client) => call(client, op, params) };
}

/** A paged answer as a page: `results`, or a list's `items` (whose total is its item_count). */
function pageOf<T>(answer: Record<string, unknown>, page: number): Page<T> {
  // Old list answers may carry no items at all (absent or null): an empty page, not a failure.
  const results = (answer.results ?? answer.items ?? []) as readonly T[];
  const totalPages = typeof answer.total_pages === 'number' ? answer.total_pages : page;
  const total = typeof answer.total_results === 'number' ? answer.total_results : Number(answer.item_count ?? results.length);
  return { page: typeof answer.page === 'number' ? answer.page : page, results, total_pages: totalPages, total_results: total };
}

export function pagedOperationSource<K extends PagedOperationKey>(
  op: K,
  params: OperationParams<K>,
): PagedSource<ItemOf<K>, ResponseOf<K>> {
  return {
    key: `pages:${operationKey(op, params)}`,
    reads: { op, params: flatParams(params) },
    async loadPage(client, page) {
      const answer = await call(client, op, { ...params, query: { ...(params.query ?? {}), page } } as OperationParams<K>);
      return { ...pageOf<ItemOf<K>>(answer, page), answer };
    },
  };
}

/** `answer` as what `op` with `params` answers: kept under that read's key. */
export function operationPart<K extends ReadOperationKey>(op: K, params: OperationParams<K>, answer: ResponseOf<K>): PartAnswer {
  return { kind: 'entry', source: operationSource(op, params) as Source<unknown>, answer };
}

/** `answer` as the first page of the paged `op` with `params`; later pages are asked as usual. */
export function firstPagePart<K extends PagedOperationKey>(op: K, params: OperationParams<K>, answer: ResponseOf<K>): PartAnswer {
  const first = { ...pageOf<unknown>(answer, 1), answer };
  return { kind: 'pages', source: pagedOperationSource(op, params), first };
}

// --- reading the state ---

export const IDLE_QUERY: QueryState<never> = { status: 'idle' };
export const IDLE_PAGES: PagedQueryState<never, never> = {
  status: 'idle',
  items: [],
  totalResults: 0,
  hasMore: false,
  loadingMore: false,
};

export function queryState<T>(queries: Pick<QueriesSlice, 'entries'>, source: Source<T> | undefined): QueryState<T> {
  return ((source && queries.entries[source.key]) ?? IDLE_QUERY) as QueryState<T>;
}

export function pagedState<T, First>(
  queries: Pick<QueriesSlice, 'pages'>,
  source: PagedSource<T, First> | undefined,
): PagedQueryState<T, First> {
  return ((source && queries.pages[source.key]) ?? IDLE_PAGES) as PagedQueryState<T, First>;
}

const NOT_CONNECTED: Failure = { message: 'Not connected to the service yet', kind: 'other', transient: false };

type Reads = NonNullable<Source<unknown>['reads']>;

const readList = (reads: Reads): readonly ReadOf[] => (Array.isArray(reads) ? (reads as readonly ReadOf[]) : [reads as ReadOf]);

/** Whether a source reads account state (for one built from several reads, any of them). */
function readsAccountState(reads: Reads | undefined): boolean {
  return reads !== undefined && readList(reads).some((read) => isAccountStateRead(read.op));
}
const SESSION_STALE: readonly StaleQuery[] = SESSION_READS.map(({ read }) => ({ read, known: {} }));

/**
 * Bytes of answers (as JSON text) the store keeps for reads no screen shows, the least recently
 * used forgotten first. About a hundred films' screens with their parts; a read forgotten is
 * asked again when a screen shows it, usually from the client's cache of answers.
 */
export const KEPT_READ_BYTES = 4 * 1024 * 1024;

/** The parts of the store this slice uses. */
type QueriesStore = { readonly queries: QueriesSlice; readonly notifications: NotificationsSlice };

export function createQueriesSlice({ set, get, runtime }: SliceContext<QueriesStore>, keptReadBytes = KEPT_READ_BYTES): QueriesSlice {
  const kept = new KeptReads(keptReadBytes);
  const sources = new Map<string, Source<unknown>>();
  const pagedSources = new Map<string, PagedSource<unknown, unknown>>();
  const cursors = new Map<string, PageCursor<unknown>>();
  /** The pages of a listing that failed to load, with why; until they load. */
  const failedPages = new Map<string, Map<number, Failure>>();
  const firstAnswers = new Map<string, unknown>();
  /** Reads that a record on its way will bring as parts: the key of the part, and that record's load. */
  const coming = new Map<string, Promise<void>>();
  /** Reads shown loading while they wait for the record that brings them: its part is taken. */
  const waiting = new Set<string>();
  // Bumped on every (re)load of a key, so an answer to a superseded request is dropped.
  const generations = new Map<string, number>();
  // When each read was last asked of the service (or answered inside another read): what the
  // bound of revalidation counts from, so a read is asked again at most once per bound.
  const askedAt = new Map<string, number>();
  // Account state kept outside this layer that mounted screens show: how to ask it again, and by how many.
  const keptOutside = new Map<string, { ask: () => unknown; holders: number }>();
  const now = runtime.deps.now ?? Date.now;
  const isDue = (key: string) => now() - (askedAt.get(key) ?? Number.NEGATIVE_INFINITY) >= ACCOUNT_STATE_FRESH_MS;

  const bump = (key: string) => {
    const generation = (generations.get(key) ?? 0) + 1;
    generations.set(key, generation);
    return generation;
  };
  const isCurrent = (key: string, generation: number) => generations.get(key) === generation;

  const setEntry = (key: string, value: QueryState<unknown>) =>
    patchSlice(set, 'queries', (q) => ({ entries: { ...q.entries, [key]: value } }));
  const setPages = (key: string, update: (p: PagedQueryState<unknown>) => PagedQueryState<unknown>) =>
    patchSlice(set, 'queries', (q) => ({ pages: { ...q.pages, [key]: update(q.pages[key] ?? IDLE_PAGES) } }));

  const announce = (failure: Failure) => {
    if (failure.transient) get().notifications.notify(failure.message, 'warning');
  };

  const snapshot = (key: string, cursor: PageCursor<unknown>) => ({
    items: cursor.items.slice(),
    rows: cursor.rowCount !== undefined && cursor.rowCount > cursor.items.length ? cursor.rows() : undefined,
    totalResults: cursor.totalResults,
    hasMore: cursor.hasMore,
    first: firstAnswers.get(key),
  });

  /**
   * Drops reads; a screen still showing one loads it again. Their generations move on rather
   * than go, so an answer still on its way for a dropped read is not taken for the new one's.
   */
  const forget = (gone: ReadonlySet<string>) => {
    if (gone.size === 0) return;
    for (const map of [sources, pagedSources, cursors, failedPages, firstAnswers, askedAt]) for (const key of gone) map.delete(key);
    for (const key of gone) bump(key);
    kept.forget(gone);
    const keep = <V>(record: Readonly<Record<string, V>>) => Object.fromEntries(Object.entries(record).filter(([key]) => !gone.has(key)));
    patchSlice(set, 'queries', (q) => ({ entries: keep(q.entries), pages: keep(q.pages) }));
  };

  /** Counts an answer kept under `key` and forgets what no screen shows beyond the bound. */
  const counted = (key: string, answer: unknown, replace: boolean) => {
    kept.add(key, measureAnswer(answer), replace);
    forget(kept.overBound());
  };

  /** Asks account state kept outside this layer again, when it was last asked longer ago than the bound. */
  const askOutside = (key: string, keeper: { ask: () => unknown }) => {
    if (!isDue(key)) return;
    askedAt.set(key, now());
    void keeper.ask();
  };

  const staleKeys = (stale: readonly StaleQuery[]) => {
    const matches = (reads: Reads | undefined) =>
      reads !== undefined && readList(reads).some((read) => isStale(stale, read.op, read.params));
    return {
      entries: [...sources].filter(([, s]) => matches(s.reads)).map(([key]) => key),
      pages: [...pagedSources].filter(([, s]) => matches(s.reads)).map(([key]) => key),
    };
  };

  /**
   * Loads the first page of a paged read; with `first` (a page that came with another answer)
   * that page is taken as answered, and only later pages are asked.
   */
  const startPages = async (source: PagedSource<unknown, unknown>, first?: PartAnswer & { kind: 'pages' }, background = false) => {
    const { key } = source;
    pagedSources.set(key, source);
    const generation = bump(key);
    askedAt.set(key, now());
    const client = runtime.client;
    if (!client) {
      setPages(key, () => ({ ...IDLE_PAGES, status: 'error', error: NOT_CONNECTED }));
      return;
    }
    let given = first?.first;
    const cursor = new PageCursor<unknown>(async (page: number) => {
      const answer = page === 1 && given ? given : await source.loadPage(client, page);
      given = undefined;
      if (page === 1 && isCurrent(key, generation)) firstAnswers.set(key, answer.answer);
      // A list weighs what its pages held; loaded again from its first page, it starts over.
      if (isCurrent(key, generation)) counted(key, answer.answer ?? answer.results, page === 1);
      return answer;
    });
    // Asked again behind what is shown: the cursor of the rows shown stays until the new answer replaces them.
    if (!background) {
      cursors.set(key, cursor);
      failedPages.delete(key);
    }
    // Loaded again (after a write, or a retry): rows already shown stay, and keys keep acting on
    // them, until the new first page replaces them, as a read's earlier answer stays
    // (QueryState.data). The old answer is asked for no more pages meanwhile.
    setPages(key, (p) => (p.status === 'ready' ? { ...p, reloading: true } : { ...IDLE_PAGES, status: 'loading' }));
    try {
      await cursor.loadNext();
      if (!isCurrent(key, generation)) return;
      cursors.set(key, cursor);
      failedPages.delete(key);
      setPages(key, () => ({ ...IDLE_PAGES, status: 'ready', ...snapshot(key, cursor) }));
    } catch (error) {
      if (!isCurrent(key, generation)) return;
      if (background) {
        setPages(key, (p) => ({ ...p, reloading: false }));
        return;
      }
      const failure = describeFailure(error);
      setPages(key, () => ({ ...IDLE_PAGES, status: 'error', error: failure }));
      announce(failure);
    }
  };

  /**
   * Keeps the reads that came inside an answer under their own keys. One being loaded on its
   * own is left to that request, and a paged one already started keeps the pages it has.
   */
  const keepParts = (parts: readonly PartAnswer[]) => {
    const entries: Record<string, QueryState<unknown>> = {};
    for (const part of parts) {
      const { key } = part.source;
      if (part.kind === 'pages') {
        if (!get().queries.pages[key] || waiting.has(key)) void startPages(part.source, part);
        continue;
      }
      if (get().queries.entries[key]?.status === 'loading' && !waiting.has(key)) continue;
      sources.set(key, part.source);
      bump(key);
      askedAt.set(key, now());
      entries[key] = { status: 'ready', data: part.answer };
      // Measured on its own, though it shares its objects with the answer it came in: the
      // bound counts such parts twice, on the safe side.
      kept.add(key, measureAnswer(part.answer), true);
    }
    if (Object.keys(entries).length > 0) patchSlice(set, 'queries', (q) => ({ entries: { ...q.entries, ...entries } }));
    forget(kept.overBound());
  };

  /**
   * Waits for the record on its way that brings `key` as a part (the read shown loading
   * meanwhile) and says whether the part came. Called only when one is (`coming`): a load with
   * nothing to wait for must reach its request without a pause, so that a part asked in the same
   * render as its record finds the record on its way.
   */
  const partCame = async (key: string, record: Promise<void>, showLoading: () => void, came: () => boolean) => {
    waiting.add(key);
    showLoading();
    try {
      await record;
    } finally {
      waiting.delete(key);
    }
    return came();
  };

  return {
    entries: {},
    pages: {},

    hold: (key) => kept.hold(key),

    revalidate(key) {
      const paged = pagedSources.get(key);
      const source = paged ?? sources.get(key);
      if (!source || !readsAccountState(source.reads) || !isDue(key)) return;
      if (paged) {
        const state = get().queries.pages[key];
        if (state?.status === 'ready' && !state.reloading) void startPages(paged, undefined, true);
        return;
      }
      if (get().queries.entries[key]?.status === 'ready') void get().queries.load(source as Source<unknown>, { background: true });
    },

    keepFresh(key, ask) {
      const keeper = keptOutside.get(key) ?? { ask, holders: 0 };
      keeper.ask = ask;
      keeper.holders++;
      keptOutside.set(key, keeper);
      // Shown for the first time: its owner loads it now.
      if (!askedAt.has(key)) askedAt.set(key, now());
      else askOutside(key, keeper);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        keeper.holders--;
        if (keeper.holders === 0 && keptOutside.get(key) === keeper) keptOutside.delete(key);
      };
    },

    focusRegained() {
      for (const key of kept.heldKeys()) get().queries.revalidate(key);
      for (const [key, keeper] of keptOutside) askOutside(key, keeper);
    },

    async load(source, options = {}) {
      const { key } = source;
      sources.set(key, source as Source<unknown>);
      const existing = get().queries.entries[key];
      const background = options.background === true && existing?.status === 'ready';
      if (!options.force && !background && existing && (existing.status === 'loading' || existing.status === 'ready')) return;
      const loaded = () => get().queries.entries[key]?.status === 'ready';
      const record = options.force || background ? undefined : coming.get(key);
      if (record && (await partCame(key, record, () => setEntry(key, { status: 'loading', data: existing?.data }), loaded))) return;
      const generation = bump(key);
      askedAt.set(key, now());
      const client = runtime.client;
      if (!client) {
        if (!background) setEntry(key, { status: 'error', error: NOT_CONNECTED });
        return;
      }
      if (!background) setEntry(key, { status: 'loading', data: existing?.data });
      const loading = (async () => {
        try {
          const data = await source.load(client);
          if (!isCurrent(key, generation)) return;
          setEntry(key, { status: 'ready', data });
          counted(key, data, true);
          keepParts(source.parts?.(data) ?? []);
        } catch (error) {
          // Asked behind what is shown: the kept answer stays; the next showing asks again.
          if (!isCurrent(key, generation) || background) return;
          const failure = describeFailure(error);
          setEntry(key, { status: 'error', error: failure });
          announce(failure);
        }
      })();
      const parts = source.partKeys ?? [];
      for (const part of parts) coming.set(part, loading);
      await loading;
      for (const part of parts) if (coming.get(part) === loading) coming.delete(part);
    },

    async loadPages(source, options = {}) {
      pagedSources.set(source.key, source);
      const existing = get().queries.pages[source.key];
      if (!options.force && existing && (existing.status === 'loading' || existing.status === 'ready')) return;
      // The record's first page starts the pages anew, with a cursor of their own.
      const cursorBefore = cursors.get(source.key);
      const started = () => cursors.get(source.key) !== cursorBefore;
      const record = options.force ? undefined : coming.get(source.key);
      if (record && (await partCame(source.key, record, () => setPages(source.key, () => ({ ...IDLE_PAGES, status: 'loading' })), started))) return;
      await startPages(source);
    },

    async loadMore(key, explicit = false) {
      const state = get().queries.pages[key];
      const cursor = cursors.get(key);
      if (!state || !cursor || state.status !== 'ready' || !state.hasMore || state.loadingMore || state.reloading) return;
      if (state.moreError && !explicit) return;
      const generation = generations.get(key) ?? 0;
      setPages(key, (p) => ({ ...p, loadingMore: true, moreError: undefined }));
      try {
        await cursor.loadNext();
        if (isCurrent(key, generation)) setPages(key, (p) => ({ ...p, loadingMore: false, ...snapshot(key, cursor) }));
      } catch (error) {
        if (!isCurrent(key, generation)) return;
        const failure = describeFailure(error);
        setPages(key, (p) => ({ ...p, loadingMore: false, moreError: failure }));
        // The list stays usable, so the failure is a toast rather than a panel error.
        get().notifications.notify(`Could not load more: ${failure.message}`, 'warning');
      }
    },

    async loadRows(key, from, to, explicit = false) {
      const state = get().queries.pages[key];
      const cursor = cursors.get(key);
      if (!state || !cursor || state.status !== 'ready' || state.reloading) return;
      const first = cursor.pageOf(Math.max(0, from));
      const last = cursor.pageOf(Math.max(0, to));
      if (first === undefined || last === undefined) return;
      const failed = failedPages.get(key) ?? new Map<number, Failure>();
      failedPages.set(key, failed);
      const wanted: number[] = [];
      for (let page = first; page <= last; page++) if (cursor.canLoad(page) && (explicit || !failed.has(page))) wanted.push(page);
      // A retry with nothing failed in view retries the pages that failed elsewhere.
      if (explicit && wanted.length === 0) wanted.push(...[...failed.keys()].filter((page) => cursor.canLoad(page)));
      // The failure said is that of a page in view: a jump away from a failed page loads the rows
      // it lands on, and going back to it says again why its rows are missing.
      const failedInView = () => [...failed].find(([page]) => page >= first && page <= last)?.[1];
      if (wanted.length === 0) {
        const failure = failedInView();
        if (failure && state.moreError !== failure) setPages(key, (p) => ({ ...p, moreError: failure }));
        return;
      }
      const generation = generations.get(key) ?? 0;
      setPages(key, (p) => ({ ...p, loadingMore: true, moreError: undefined }));
      const failures: Failure[] = [];
      await Promise.all(
        wanted.map((page) =>
          cursor.loadPage(page).then(
            () => void failed.delete(page),
            (error: unknown) => {
              const failure = describeFailure(error);
              failed.set(page, failure);
              failures.push(failure);
            },
          ),
        ),
      );
      if (!isCurrent(key, generation)) return;
      setPages(key, (p) => ({ ...p, loadingMore: cursor.isLoading, moreError: failures[0] ?? failedInView(), ...snapshot(key, cursor) }));
      if (failures[0]) get().notifications.notify(`Could not load more: ${failures[0].message}`, 'warning');
    },

    async reload(key) {
      const paged = pagedSources.get(key);
      if (paged) return get().queries.loadPages(paged, { force: true });
      const source = sources.get(key);
      if (source) return get().queries.load(source, { force: true });
    },

    async written(stale) {
      const { entries, pages } = staleKeys(stale);
      const keys = [...entries, ...pages];
      // What a mounted screen shows is loaded again; a read no screen shows is forgotten, and the
      // screen that shows it next asks afresh. Loading those again too cost every write the
      // requests of every stale read still kept: after the Stats view had been open, each
      // rating of an import read all the rated lists again.
      forget(new Set(keys.filter((key) => !kept.isHeld(key))));
      await Promise.all(keys.filter((key) => kept.isHeld(key)).map((key) => get().queries.reload(key)));
    },

    sessionChanged() {
      const { entries, pages } = staleKeys(SESSION_STALE);
      forget(new Set([...entries, ...pages]));
      // Account state kept outside this layer is someone else's now: its owner loads it afresh.
      for (const key of keptOutside.keys()) askedAt.delete(key);
    },

    languageChanged() {
      const { entries, pages } = get().queries;
      forget(new Set([...Object.keys(entries), ...Object.keys(pages)]));
    },
  };
}

/**
 * The client as the store uses it: after each write made within a session, the reads the
 * contract declares stale are loaded again before the write's answer is handed on, so whoever
 * waits on a write sees fresh reads. The session writes themselves (signing in and out) change
 * who is signed in: the reads that depend on that are forgotten when the session changes.
 */
export function withStaleReads(client: CatalogApi, written: (stale: readonly StaleQuery[]) => Promise<void>): CatalogApi {
  return {
    async call(op, args) {
      const answer = await client.call(op, args);
      if (endpoints[op].session !== 'none') {
        const stale = staleQueries(op, (args.path ?? {}), args.body);
        if (stale.length > 0) await written(stale);
      }
      return answer;
    },
    imageBytes: passImageBytes(client),
    close: client.close ? () => client.close?.() : undefined,
  };
}

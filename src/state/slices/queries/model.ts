import type { Page } from '../../../api/paging.js';
import type { OperationKey, PathParamsOf, QueryOf, ReadOperationKey, ResponseOf, StaleQuery } from '../../../contract/index.js';
import type { CatalogApi } from '../../deps.js';
import type { Failure } from '../../words/failures.js';

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

/**
 * A read's parameters: what the operation takes in its path and query. No body: saying so lets a
 * read's parameters be given to the client's call as they are.
 */
export type OperationParams<K extends OperationKey> = (keyof PathParamsOf<K> extends never
  ? { readonly path?: undefined }
  : { readonly path: PathParamsOf<K> }) & { readonly query?: QueryOf<K>; readonly body?: undefined };

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
   * Loads a paged read before a screen shows it (the first screen's, with the connection's own
   * first requests): the screen then finds it on its way, loaded or failed, as if it had asked
   * itself, and asks nothing again. Account state is not loaded ahead: the session it belongs
   * to may not be restored yet.
   */
  loadAhead<T, First>(source: PagedSource<T, First>): void;
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

/**
 * Bytes of answers (as JSON text) the store keeps for reads no screen shows, the least recently
 * used forgotten first. About a hundred films' screens with their parts; a read forgotten is
 * asked again when a screen shows it, usually from the client's cache of answers.
 */
export const KEPT_READ_BYTES = 4 * 1024 * 1024;

import { useCallback, useEffect, useMemo } from 'react';
import {
  episodeScreenSource,
  myEpisodeRatingsRead,
  movieScreenSource,
  personScreenSource,
  type EpisodePath,
  operationKey,
  operationSource,
  pagedOperationSource,
  pagedState,
  queryState,
  seriesScreenSource,
  type ItemOf,
  type OperationParams,
  type PagedOperationKey,
  type PagedQueryState,
  type PagedSource,
  type QueryState,
  type Source,
} from '../state/index.js';
import { useAppState, useAppStore } from './store-context.js';
import type { EpisodeDetails, MovieDetails, PersonDetails, ReadOperationKey, ResponseOf, TvDetails } from '../contract/index.js';

/**
 * Reads for screens. `useOperation('tvDetails', { path: { series_id: 1399 } })` loads the
 * operation once its screen mounts and gives its state, typed by the operation's answer; the
 * key under which the query layer keeps it is derived from the operation and its parameters.
 */

export interface Query<T> extends QueryState<T> {
  /** Loads it again (a failed read, or on request). */
  readonly retry: () => void;
}

export interface PagedQuery<T, First = unknown> extends PagedQueryState<T, First> {
  /** Loads the first page again. */
  readonly retry: () => void;
  /** The next page, when the cursor nears the end; not after a failed page. */
  readonly more: () => void;
  /** The next page after a failed one (a key press). */
  readonly retryMore: () => void;
  /** The pages holding rows `from`..`to` that are not loaded (a jump past what is loaded); not a page that failed. */
  readonly loadRows: (from: number, to: number) => void;
  /** The pages holding rows `from`..`to` (those in view), after a failed one (a key press). */
  readonly retryRows: (from: number, to: number) => void;
}

/**
 * The row at a list's cursor: of every row when the list knows them all (a row whose page is not
 * loaded is undefined: nothing to act on yet), the last row when the cursor is past the end.
 */
export function rowAtCursor<T>(query: { readonly items: readonly T[]; readonly rows?: ReadonlyArray<T | undefined> }, index: number): T | undefined {
  const rows = query.rows ?? query.items;
  return rows[Math.min(index, rows.length - 1)];
}

export interface ReadOptions {
  /** False leaves it unloaded (e.g. until an id is known). */
  readonly enabled?: boolean;
}

/** A read that is not one operation call (see state/slices/queries.ts `Source`), by its source. */
export function useSource<T>(source: Source<T> | undefined): Query<T> {
  const store = useAppStore();
  const state = useAppState((s) => queryState(s.queries, source));
  // Gone when the session changed (a read of someone else's): a screen still showing it loads it again.
  const known = useAppState((s) => source === undefined || s.queries.entries[source.key] !== undefined);
  // Shown here, so kept while this screen is mounted, however much else has been read since.
  useEffect(() => (source ? store.getState().queries.hold(source.key) : undefined), [store, source?.key]);
  useEffect(() => {
    if (!source) return;
    if (!known) void store.getState().queries.load(source);
    // Shown again: account state kept from before is asked again behind it once older than the bound.
    else store.getState().queries.revalidate(source.key);
    // The key names the source: a new object for the same read loads nothing.
  }, [store, source?.key, known]);
  const retry = useCallback(() => {
    if (source) void store.getState().queries.load(source, { force: true });
  }, [store, source?.key]);
  return useMemo(() => ({ ...state, retry }), [state, retry]);
}

export function usePagedSource<T, First = unknown>(source: PagedSource<T, First> | undefined): PagedQuery<T, First> {
  const store = useAppStore();
  const state = useAppState((s) => pagedState(s.queries, source));
  const key = source?.key;
  // Gone when the session changed (a read of someone else's): a screen still showing it loads it again.
  const known = useAppState((s) => key === undefined || s.queries.pages[key] !== undefined);
  useEffect(() => (key ? store.getState().queries.hold(key) : undefined), [store, key]);
  useEffect(() => {
    if (!source || key === undefined) return;
    if (!known) void store.getState().queries.loadPages(source);
    else store.getState().queries.revalidate(key);
  }, [store, key, known]);
  const actions = useMemo(
    () => ({
      retry: () => {
        if (source) void store.getState().queries.loadPages(source, { force: true });
      },
      more: () => {
        if (key) void store.getState().queries.loadMore(key);
      },
      retryMore: () => {
        if (key) void store.getState().queries.loadMore(key, true);
      },
      loadRows: (from: number, to: number) => {
        if (key) void store.getState().queries.loadRows(key, from, to);
      },
      retryRows: (from: number, to: number) => {
        if (key) void store.getState().queries.loadRows(key, from, to, true);
      },
    }),
    [store, key],
  );
  return useMemo(() => ({ ...state, ...actions }), [state, actions]);
}

export function useOperation<K extends ReadOperationKey>(
  op: K,
  params: OperationParams<NoInfer<K>>,
  options: ReadOptions = {},
): Query<ResponseOf<K>> {
  const key = operationKey(op, params);
  const enabled = options.enabled ?? true;
  const source = useMemo(() => (enabled ? operationSource(op, params) : undefined), [key, enabled]);
  return useSource(source);
}

export function usePagedOperation<K extends PagedOperationKey>(
  op: K,
  params: OperationParams<NoInfer<K>>,
  options: ReadOptions = {},
): PagedQuery<ItemOf<K>, ResponseOf<K>> {
  const key = operationKey(op, params);
  const enabled = options.enabled ?? true;
  const source = useMemo(() => (enabled ? pagedOperationSource(op, params) : undefined), [key, enabled]);
  return usePagedSource(source);
}

/** A film's details with the parts its screen's views show, in one request (state/reads/records.ts). */
export function useMovieScreenRecord(movieId: number, options: ReadOptions = {}): Query<MovieDetails> {
  const enabled = options.enabled ?? true;
  const source = useMemo(() => (enabled ? movieScreenSource(movieId) : undefined), [movieId, enabled]);
  return useSource(source);
}

/** A series' details with the parts its screen's views show, in one request. */
export function useSeriesScreenRecord(seriesId: number): Query<TvDetails> {
  const source = useMemo(() => seriesScreenSource(seriesId), [seriesId]);
  return useSource(source);
}

/** An episode's details with its stills and ids elsewhere, in one request. */
export function useEpisodeScreenRecord(path: EpisodePath): Query<EpisodeDetails> {
  const { series_id, season_number, episode_number } = path;
  const source = useMemo(() => episodeScreenSource({ series_id, season_number, episode_number }), [series_id, season_number, episode_number]);
  return useSource(source);
}

/** A person's details with their profile images, in one request. */
export function usePersonScreenRecord(personId: number): Query<PersonDetails> {
  const source = useMemo(() => personScreenSource(personId), [personId]);
  return useSource(source);
}

/**
 * My ratings of a season's episodes, which the ratings slice keeps: loaded when a screen shows
 * them (again when who is signed in changes), and asked again as the account reads of the query
 * layer are: when shown again after the bound, and when the terminal regains focus.
 */
export function useMyEpisodeRatings(seriesId: number, season: number): void {
  const store = useAppStore();
  const read = useAppState((s) => myEpisodeRatingsRead(s.session.current, seriesId, season));
  useEffect(() => {
    const ratings = () => store.getState().ratings;
    void ratings().loadSeasonRatings(seriesId, season);
    if (read === undefined) return undefined;
    return store.getState().queries.keepFresh(read, () => ratings().loadSeasonRatings(seriesId, season, true));
  }, [store, read, seriesId, season]);
}

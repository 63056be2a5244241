import { endpoints } from './endpoints.js';
import type { OperationKey, Operations } from './operations.js';

/**
 * Which reads a write makes stale: declared once, here, and obeyed by the client's response
 * cache and by the TUI's query layer alike. The type makes a new write operation a compile
 * error until it has a row.
 */

export type ReadOperationKey = {
  [K in OperationKey]: Operations[K]['method'] extends 'GET' ? K : never;
}[OperationKey];

export type WriteOperationKey = Exclude<OperationKey, ReadOperationKey>;

/**
 * One read a write touches. Each of the read's parameters is taken from the write's path
 * parameter or body field of the same name, or of the name `from` gives (the read's
 * `movie_id` is the write's `media_id`); a parameter the write does not know matches any value.
 */
export interface StaleRead {
  readonly read: ReadOperationKey;
  readonly from?: Readonly<Record<string, string>>;
}

/** Reads whose answers depend on who is signed in: a new or ended session makes them stale. */
export const SESSION_READS: readonly StaleRead[] = [
  { read: 'accountDetails' },
  { read: 'accountLists' },
  { read: 'accountRatedEpisodes' },
  { read: 'accountRatedMovies' },
  { read: 'accountRatedSeries' },
  { read: 'seasonAccountStates' },
  { read: 'movieAccountStates' },
  { read: 'seriesAccountStates' },
  { read: 'episodeAccountStates' },
  { read: 'watchlistMovies' },
  { read: 'watchlistSeries' },
  { read: 'favoriteMovies' },
  { read: 'favoriteSeries' },
  // A private list answers only its owner.
  { read: 'listDetails' },
  { read: 'listItemStatus' },
];

const listChange = (movieParam: string): readonly StaleRead[] => [
  { read: 'listDetails' },
  { read: 'listItemStatus', from: { movie_id: movieParam } },
  { read: 'accountLists' },
  { read: 'movieLists', from: { movie_id: movieParam } },
];

const ratingChange: readonly StaleRead[] = [
  { read: 'accountRatedEpisodes' },
  { read: 'guestRatedEpisodes' },
  { read: 'seasonAccountStates' },
  { read: 'episodeAccountStates' },
  { read: 'episodeDetails' },
];

const movieRatingChange: readonly StaleRead[] = [
  { read: 'accountRatedMovies' },
  { read: 'guestRatedMovies' },
  { read: 'movieAccountStates' },
];

const seriesRatingChange: readonly StaleRead[] = [
  { read: 'accountRatedSeries' },
  { read: 'guestRatedSeries' },
  { read: 'seriesAccountStates' },
];

/** A watchlist or favourites change: both lists of that kind, and the states of that title. */
const markChange = (movies: ReadOperationKey, series: ReadOperationKey): readonly StaleRead[] => [
  { read: movies },
  { read: series },
  { read: 'movieAccountStates', from: { movie_id: 'media_id' } },
  { read: 'seriesAccountStates', from: { series_id: 'media_id' } },
];

export const STALE_AFTER: Readonly<Record<WriteOperationKey, readonly StaleRead[]>> = {
  createSession: SESSION_READS,
  // Only approves a request token: nothing read so far changes.
  validateWithLogin: [],
  deleteSession: SESSION_READS,
  createList: [{ read: 'accountLists' }],
  addListItem: listChange('media_id'),
  removeListItem: listChange('media_id'),
  // Clearing or deleting touches every movie that was on the list: no movie id is known.
  clearList: listChange('movie_id'),
  deleteList: listChange('movie_id'),
  rateEpisode: ratingChange,
  deleteEpisodeRating: ratingChange,
  rateMovie: movieRatingChange,
  deleteMovieRating: movieRatingChange,
  rateSeries: seriesRatingChange,
  deleteSeriesRating: seriesRatingChange,
  setWatchlist: markChange('watchlistMovies', 'watchlistSeries'),
  setFavorite: markChange('favoriteMovies', 'favoriteSeries'),
};

/**
 * Reads of account state: what a person changes, here or elsewhere (on the web, on a phone),
 * so a kept answer may be out of date without any write of ours. They are the reads a write of
 * the table makes stale, and the reads of who is signed in; derived, so a new write's row
 * classifies its reads too.
 */
const ACCOUNT_STATE_READS: ReadonlySet<OperationKey> = new Set(
  [...Object.values(STALE_AFTER).flat(), ...SESSION_READS].map(({ read }) => read),
);

export function isAccountStateRead(key: OperationKey): boolean {
  return ACCOUNT_STATE_READS.has(key);
}

/** A stale read with what the write knows of its parameters (values as strings). */
export interface StaleQuery {
  readonly read: ReadOperationKey;
  readonly known: Readonly<Record<string, string>>;
}

export function isWriteOperation(key: OperationKey): key is WriteOperationKey {
  return endpoints[key].method !== 'GET';
}

/** The reads `write` makes stale, with the parameters the write's path and body pin down. */
export function staleQueries(write: OperationKey, pathParams: Readonly<Record<string, unknown>> = {}, body?: unknown): StaleQuery[] {
  if (!isWriteOperation(write)) return [];
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return STALE_AFTER[write].map(({ read, from = {} }) => {
    const spec = endpoints[read];
    const known: Record<string, string> = {};
    for (const name of [...Object.keys(spec.pathParams), ...Object.keys(spec.query)]) {
      const source = from[name] ?? name;
      const value = pathParams[source] ?? fields[source];
      if (typeof value === 'string' || typeof value === 'number') known[name] = String(value);
    }
    return { read, known };
  });
}

/** Whether a read with these parameters is one of the stale ones. */
export function isStale(stale: readonly StaleQuery[], read: OperationKey, params: Readonly<Record<string, unknown>>): boolean {
  return stale.some(
    (s) => s.read === read && Object.entries(s.known).every(([name, value]) => params[name] === undefined || String(params[name]) === value),
  );
}

import type { MarkedMediaType } from '../../../contract/index.js';
import type { Problem } from '../../words/failures.js';
import type { NotificationsSlice } from '../notifications.js';
import type { QueriesSlice } from '../queries.js';
import type { RatingsSlice } from '../ratings.js';
import type { SessionSlice } from '../session.js';

/**
 * What I did with a film or a series: my rating of it, and whether it is on my watchlist or a
 * favourite. The state of a title is read through the query layer (movieAccountStates,
 * seriesAccountStates), which loads it again after each of these writes; this slice makes the
 * writes and says which are under way. A guest session can rate (one is started for the first
 * rating, as for episodes) but has no watchlist or favourites.
 *
 * A rating (or its delete) is kept in the rating journal before it shows pending, and leaves it
 * when the service holds it (kept-title-ratings.ts): however the program ends, the next start
 * sends it. Watchlist and favourite settings are not kept: a toggle is asked again with one key
 * and, unlike a rating typed in a form, shows nothing that says it is saved until it is.
 */

/** A film or a series, as the marks name it. */
export interface TitleRef {
  readonly kind: MarkedMediaType;
  readonly id: number;
  /** "Heat": how toasts name it. */
  readonly title: string;
}

export const titleKey = (title: Pick<TitleRef, 'kind' | 'id'>) => `${title.kind}/${title.id}`;

export type MarkWrite = 'rating' | 'watchlist' | 'favorite';

/** One kind of write to one title, as `pending` keys it. */
export const markKey = (title: Pick<TitleRef, 'kind' | 'id'>, write: MarkWrite) => `${titleKey(title)}:${write}`;

export interface MarksSlice {
  /** The kinds of write under way, by markKey (several of one kind wait their turn). */
  readonly pending: Readonly<Record<string, true>>;
  /** Rates the title (starting a guest session when there is none); undefined when saved, else why not. */
  rate(title: TitleRef, value: number): Promise<Problem | undefined>;
  deleteRating(title: TitleRef): Promise<Problem | undefined>;
  /** Puts the title on the watchlist (true) or takes it off; needs a signed-in account. */
  setWatchlist(title: TitleRef, on: boolean): Promise<Problem | undefined>;
  /** Marks the title as a favourite (true) or not; needs a signed-in account. */
  setFavorite(title: TitleRef, on: boolean): Promise<Problem | undefined>;
  /**
   * Puts the title on the watchlist or takes it off, from where the writes already asked for
   * leave it, or from `shown` (its account states) when none is out: a key pressed twice puts it
   * on and takes it off, whether the two come one at a time or in one read.
   */
  toggleWatchlist(title: TitleRef, shown: boolean): Promise<Problem | undefined>;
  /** The same for favourites. */
  toggleFavorite(title: TitleRef, shown: boolean): Promise<Problem | undefined>;
  /** Who is signed in changed: the ratings of films and series they left kept on this machine are sent. */
  sessionChanged(): void;
}

/** The parts of the store this slice uses. */
export type MarksStore = {
  readonly marks: MarksSlice;
  readonly ratings: RatingsSlice;
  readonly session: SessionSlice;
  readonly notifications: NotificationsSlice;
  readonly queries: QueriesSlice;
};

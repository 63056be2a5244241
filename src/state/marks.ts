import type { MarkedMediaType } from '../contract/index.js';
import { ratingProblem } from '../contract/rules.js';
import { describeFailure, type Problem } from './failures.js';
import type { NotificationsSlice } from './notifications.js';
import { latestIntent } from './latest-intent.js';
import { formatRating, type RatingsSlice } from './ratings.js';
import type { SessionSlice } from './session.js';
import { patchSlice, type SliceContext } from './slice.js';

/**
 * What I did with a film or a series: my rating of it, and whether it is on my watchlist or a
 * favourite. The state of a title is read through the query layer (movieAccountStates,
 * seriesAccountStates), which loads it again after each of these writes; this slice makes the
 * writes and says which are under way. A guest session can rate (one is started for the first
 * rating, as for episodes) but has no watchlist or favourites.
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
}

/** The parts of the store this slice uses. */
type MarksStore = {
  readonly marks: MarksSlice;
  readonly ratings: RatingsSlice;
  readonly session: SessionSlice;
  readonly notifications: NotificationsSlice;
};

const NEEDS_ACCOUNT: Problem = { message: 'The watchlist and favourites belong to an account: sign in first.', reason: 'needsSession' };

export function createMarksSlice({ set, get, runtime }: SliceContext<MarksStore>): MarksSlice {
  const setPending = (key: string, underWay: boolean) =>
    patchSlice(set, 'marks', (m) => {
      if (underWay) return { pending: { ...m.pending, [key]: true as const } };
      const { [key]: _done, ...rest } = m.pending;
      return { pending: rest };
    });

  // Writes of one kind to one title: the last asked wins (latest-intent.ts). They go out in turn,
  // and one that a newer ask of the same kind has overtaken is not sent at all, nor said to be
  // saved: the newer one says what the service ends with. For the watchlist and favourites,
  // beside them the setting the asks leave it with.
  const intents = latestIntent();
  const asked = new Map<string, number>();
  const queuedSettings = new Map<string, boolean>();
  const begin = (key: string) => {
    asked.set(key, (asked.get(key) ?? 0) + 1);
    setPending(key, true);
  };
  const end = (key: string) => {
    const left = (asked.get(key) ?? 1) - 1;
    if (left > 0) return void asked.set(key, left);
    // All done: the account states loaded again after the writes say the setting.
    asked.delete(key);
    queuedSettings.delete(key);
    setPending(key, false);
  };

  /** Runs one write once those before it of its kind are done; undefined when done (or overtaken by a newer ask), else why not. */
  const write = async (
    title: TitleRef,
    kind: MarkWrite,
    call: () => Promise<unknown>,
    done: string,
    setting?: boolean,
  ): Promise<Problem | undefined> => {
    const key = markKey(title, kind);
    if (setting !== undefined) queuedSettings.set(key, setting);
    const ticket = intents.ask(key);
    begin(key);
    try {
      const outcome = await intents.write(key, ticket, call);
      // Overtaken, before or while it went out: the newer ask has the say, and its own message.
      if (outcome.kind === 'superseded' || !intents.isLatest(key, ticket)) return undefined;
      if (outcome.kind === 'saved') {
        get().notifications.notify(done, 'success');
        return undefined;
      }
      const failure = describeFailure(outcome.error);
      return failure.kind === 'auth' ? { message: `${failure.message}.`, reason: 'sessionRejected' } : { message: failure.message };
    } finally {
      end(key);
    }
  };

  const accountWrite = async (title: TitleRef, kind: 'watchlist' | 'favorite', on: boolean, done: string): Promise<Problem | undefined> => {
    const client = runtime.client;
    if (!client) return { message: 'Not connected to the service yet.' };
    if (get().session.current.kind !== 'user') return NEEDS_ACCOUNT;
    return write(
      title,
      kind,
      async () => {
        const path = { account_id: await get().session.accountIdFor(client) };
        if (kind === 'watchlist') await client.call('setWatchlist', { path, body: { media_type: title.kind, media_id: title.id, watchlist: on } });
        else await client.call('setFavorite', { path, body: { media_type: title.kind, media_id: title.id, favorite: on } });
      },
      done,
      on,
    );
  };
  const settingAfterQueue = (title: TitleRef, kind: 'watchlist' | 'favorite', shown: boolean) => queuedSettings.get(markKey(title, kind)) ?? shown;

  return {
    pending: {},

    async rate(title, value) {
      const problem = ratingProblem(value);
      if (problem) return { message: problem };
      const noSession = await get().ratings.ensureSession();
      if (noSession) return noSession;
      const client = runtime.client!;
      // Sent in turn with the writes of the title (so an overtaken one is never sent), the record
      // of rating dates kept in step with each one sent (rating-dates.ts).
      return write(
        title,
        'rating',
        () =>
          get().ratings.sendRecorded({ kind: title.kind, id: title.id }, value, () =>
            title.kind === 'movie'
              ? client.call('rateMovie', { path: { movie_id: title.id }, body: { value } })
              : client.call('rateSeries', { path: { series_id: title.id }, body: { value } }),
          ),
        `Rated “${title.title}”: ${formatRating(value)}`,
      );
    },

    async deleteRating(title) {
      const client = runtime.client;
      if (!client || get().session.current.kind === 'none') return { message: 'No session to delete it with.', reason: 'needsSession' };
      return write(
        title,
        'rating',
        () =>
          get().ratings.sendRecorded({ kind: title.kind, id: title.id }, null, () =>
            title.kind === 'movie'
              ? client.call('deleteMovieRating', { path: { movie_id: title.id } })
              : client.call('deleteSeriesRating', { path: { series_id: title.id } }),
          ),
        `Deleted your rating of “${title.title}”`,
      );
    },

    setWatchlist(title, on) {
      return accountWrite(title, 'watchlist', on, on ? `Put “${title.title}” on your watchlist` : `Took “${title.title}” off your watchlist`);
    },

    setFavorite(title, on) {
      return accountWrite(title, 'favorite', on, on ? `Marked “${title.title}” as a favourite` : `“${title.title}” is no longer a favourite`);
    },

    toggleWatchlist(title, shown) {
      return get().marks.setWatchlist(title, !settingAfterQueue(title, 'watchlist', shown));
    },

    toggleFavorite(title, shown) {
      return get().marks.setFavorite(title, !settingAfterQueue(title, 'favorite', shown));
    },
  };
}

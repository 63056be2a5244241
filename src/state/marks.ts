import type { MarkedMediaType } from '../contract/index.js';
import { ratingProblem } from '../contract/rules.js';
import { describeFailure, type Problem } from './failures.js';
import { journalAccount, keptTitleRatings } from './kept-title-ratings.js';
import type { NotificationsSlice } from './notifications.js';
import { latestIntent } from './latest-intent.js';
import { operationKey, type QueriesSlice } from './queries.js';
import { formatRating, type RatingsSlice } from './ratings.js';
import type { SessionSlice } from './session.js';
import { patchSlice, type SliceContext } from './slice.js';

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
type MarksStore = {
  readonly marks: MarksSlice;
  readonly ratings: RatingsSlice;
  readonly session: SessionSlice;
  readonly notifications: NotificationsSlice;
  readonly queries: QueriesSlice;
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
    /** A rating's write: told how the latest ask ended (no error: saved); what it returns is added to a problem's message. */
    answered?: (failed?: { readonly error: unknown }) => string | undefined,
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
        answered?.();
        if (done) get().notifications.notify(done, 'success');
        return undefined;
      }
      const left = answered?.({ error: outcome.error });
      const failure = describeFailure(outcome.error);
      const message = left ? `${failure.message}: ${left}` : failure.message;
      return failure.kind === 'auth' ? { message: `${message}.`, reason: 'sessionRejected' } : { message };
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
  // --- Ratings kept in the rating journal until the service holds them ---
  const kept = keptTitleRatings(runtime.deps.ratingJournal?.titles, (message) => get().notifications.notify(message, 'warning', 15_000));
  // Bumped when the session changes: a pass sending the previous one's kept ratings stops.
  let epoch = 0;
  /** What the service answered to this run's rating writes, by titleKey: newer than any read. */
  const heldHere = new Map<string, number | null>();
  /** What the service holds of the title as last written or read (its account states), null when unknown or unrated. */
  const shownHeld = (title: TitleRef): number | null => {
    const written = heldHere.get(titleKey(title));
    if (written !== undefined) return written;
    const read =
      title.kind === 'movie'
        ? get().queries.entries[operationKey('movieAccountStates', { path: { movie_id: title.id } })]
        : get().queries.entries[operationKey('seriesAccountStates', { path: { series_id: title.id } })];
    const rated = (read?.data as { rated?: { value?: unknown } | false } | undefined)?.rated;
    return rated && typeof rated.value === 'number' ? rated.value : null;
  };
  /** What the service holds of the title now (null: no rating); 'unreachable' when it could not be asked. */
  const heldNow = async (title: TitleRef): Promise<number | null | 'unreachable'> => {
    const client = runtime.client;
    if (!client) return 'unreachable';
    try {
      const states =
        title.kind === 'movie'
          ? await client.call('movieAccountStates', { path: { movie_id: title.id } })
          : await client.call('seriesAccountStates', { path: { series_id: title.id } });
      return states.rated && typeof states.rated === 'object' && typeof states.rated.value === 'number' ? states.rated.value : null;
    } catch {
      return 'unreachable';
    }
  };

  /**
   * Writes a rating (null: deletes it), kept in the journal first; it leaves when the service
   * holds it or refused it. One the service could not take (out of reach, session expired, too
   * many requests) stays to be sent at the next start, and the problem says so.
   */
  const writeRating = async (title: TitleRef, value: number | null, before: number | null, done: string): Promise<Problem | undefined> => {
    const client = runtime.client!;
    const account = journalAccount(get().session.current);
    const isKept = account !== undefined && kept.keep(account, title, value, before);
    const send = () =>
      get().ratings.sendRecorded({ kind: title.kind, id: title.id }, value, async () => {
        if (value !== null) {
          if (title.kind === 'movie') await client.call('rateMovie', { path: { movie_id: title.id }, body: { value } });
          else await client.call('rateSeries', { path: { series_id: title.id }, body: { value } });
          return;
        }
        try {
          if (title.kind === 'movie') await client.call('deleteMovieRating', { path: { movie_id: title.id } });
          else await client.call('deleteSeriesRating', { path: { series_id: title.id } });
        } catch (error) {
          // 404: the service holds no such rating (never made, or a delete under way when the program ended got there first): deleted all the same.
          if (describeFailure(error).httpStatus !== 404) throw error;
        }
      });
    return write(title, 'rating', send, done, undefined, (failed) => {
      if (!failed) heldHere.set(titleKey(title), value);
      if (!isKept) return undefined;
      const failure = failed && describeFailure(failed.error);
      const waits = failure !== undefined && (failure.kind === 'auth' || failure.kind === 'network' || failure.transient || failure.httpStatus === 429);
      if (!waits) kept.forget(account, title, value);
      return waits ? 'kept on this machine and sent at the next start' : undefined;
    });
  };

  const sendKept = async (): Promise<void> => {
    const account = journalAccount(get().session.current);
    if (!account || !runtime.client) return;
    const started = epoch;
    let sent = 0;
    try {
      for (const entry of kept.load(account)) {
        if (started !== epoch) return;
        const title: TitleRef = { kind: entry.kind, id: entry.id, title: entry.title ?? `${entry.kind === 'movie' ? 'film' : 'series'} ${entry.id}` };
        // Asked again in this run since: that newer ask has the say.
        if (asked.has(markKey(title, 'rating'))) continue;
        const theirs = await heldNow(title);
        if (started !== epoch || theirs === 'unreachable') return;
        if (theirs === entry.value) {
          kept.forget(account, title, entry.value);
          sent++;
          continue;
        }
        if (theirs !== entry.before && !entry.earlier?.includes(theirs)) {
          // Set elsewhere since it was asked here: never written over unasked; the user can rate it again.
          kept.forget(account, title, entry.value);
          const mine = entry.value === null ? 'delete' : formatRating(entry.value);
          get().notifications.notify(
            `“${title.title}” was ${theirs === null ? 'unrated' : `rated ${formatRating(theirs)}`} elsewhere since: it keeps that, and your ${mine} kept on this machine was not sent`,
            'warning',
            15_000,
          );
          continue;
        }
        const problem = await writeRating(title, entry.value, entry.before, '');
        if (problem) {
          get().notifications.notify(`“${title.title}” kept on this machine was not sent: ${problem.message}`, 'error', 8_000);
          return;
        }
        sent++;
      }
    } finally {
      if (sent > 0) get().notifications.notify(`Sent ${sent} ${sent === 1 ? 'rating' : 'ratings'} of films and series kept on this machine`, 'success');
    }
  };

  const settingAfterQueue = (title: TitleRef, kind: 'watchlist' | 'favorite', shown: boolean) => queuedSettings.get(markKey(title, kind)) ?? shown;

  return {
    pending: {},

    async rate(title, value) {
      const problem = ratingProblem(value);
      if (problem) return { message: problem };
      const noSession = await get().ratings.ensureSession();
      if (noSession) return noSession;
      // Sent in turn with the writes of the title (so an overtaken one is never sent), the record
      // of rating dates kept in step with each one sent (rating-dates.ts).
      return writeRating(title, value, shownHeld(title), `Rated “${title.title}”: ${formatRating(value)}`);
    },

    async deleteRating(title) {
      const client = runtime.client;
      if (!client || get().session.current.kind === 'none') return { message: 'No session to delete it with.', reason: 'needsSession' };
      return writeRating(title, null, shownHeld(title), `Deleted your rating of “${title.title}”`);
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

    sessionChanged() {
      epoch++;
      heldHere.clear();
      // After the other slices have taken the new session in.
      void Promise.resolve().then(sendKept);
    },
  };
}

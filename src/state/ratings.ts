import { MAX_PAGE } from '../contract/limits.js';
import { ratingProblem } from '../contract/rules.js';
import type { LoadStatus } from './queries.js';
import { describeFailure, type Failure, type Problem } from './failures.js';
import { patchSlice, type SliceContext } from './slice.js';
import type { SessionSlice } from './session.js';
import type { NotificationsSlice } from './notifications.js';

/**
 * Episode ratings (E5): my ratings, the ones being saved, and rating one episode. The value is
 * checked with the service's own rules before any request. (The quick rating form that types a
 * value is the UI's own: see ui/screens/tv/useRatingForm.ts.)
 *
 * Where "my ratings" come from:
 * - a user session: the account's rated episodes (paged), all loaded once per session;
 * - a guest session: the season's account states (one request per season opened), which
 *   also finds what the guest rated in earlier runs.
 * Either way, what is rated or deleted in this run overrides what was loaded.
 */

export interface EpisodeRef {
  readonly seriesId: number;
  readonly season: number;
  readonly episode: number;
}

export const episodeRefKey = (ref: EpisodeRef) => `${ref.seriesId}/${ref.season}/${ref.episode}`;

/** A season, as guestSeasons keys it. */
export const seasonKey = (seriesId: number, season: number) => `${seriesId}/${season}`;

/** "S1 E2": how toasts and prompts name an episode. */
export const episodeLabel = (ref: EpisodeRef) => `S${ref.season} E${ref.episode}`;

export const RATING_MIN = 0.5;
export const RATING_MAX = 10;
export const RATING_STEP = 0.5;

export const EMPTY_RATING_MESSAGE = 'Type a rating from 0.5 to 10 in steps of 0.5, or step it with ← and →.';

/** 8 -> "8.0", 7.5 -> "7.5". */
export function formatRating(value: number): string {
  return value.toFixed(1);
}

/** The value typed, or why the service would refuse it (its own messages, see RATING_MESSAGES). */
export function parseRating(text: string): { value: number; problem?: undefined } | { value?: undefined; problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: EMPTY_RATING_MESSAGE };
  const value = Number(trimmed);
  const problem = ratingProblem(value);
  return problem ? { problem } : { value };
}

/**
 * One step up or down from what is typed: off-step values snap to the next half point in that
 * direction (7.2 -> 7.5 up, 7.0 down), and the result stays within 0.5..10. Nothing typed steps
 * from `from`.
 */
export function stepRating(text: string, direction: 1 | -1, from: number): number {
  const typed = Number(text.trim());
  const current = text.trim() === '' || !Number.isFinite(typed) ? from : typed;
  const steps = current / RATING_STEP;
  const next = direction > 0 ? Math.floor(steps) + 1 : Math.ceil(steps) - 1;
  return Math.min(RATING_MAX, Math.max(RATING_MIN, next * RATING_STEP));
}

export interface DeletePrompt {
  readonly episode: EpisodeRef;
  readonly value: number;
  readonly busy: boolean;
  readonly problem?: Problem;
}

/**
 * Rating several episodes with one value (a range of a season, or all it has unrated): one
 * request per episode, one at a time, so a batch never bursts past the service's rate limit. It
 * stops at the first failure; what was rated stays rated, and the rest can be tried again.
 */
export interface RatingBatch {
  readonly value: number;
  /** Every episode of the batch, in order. */
  readonly episodes: readonly EpisodeRef[];
  /** How many of `episodes`, from the first, are rated. */
  readonly done: number;
  readonly status: 'running' | 'stopped';
  /** Where a stopped batch stopped, and why. */
  readonly stoppedAt?: { readonly episode: EpisodeRef; readonly problem: Problem };
}

export interface RatingsSlice {
  /** From the account's rated episodes (user sessions), by episodeRefKey. */
  readonly loaded: Readonly<Record<string, number>>;
  /** Rated (a number) or deleted (null) in this run; wins over `loaded`. */
  readonly local: Readonly<Record<string, number | null>>;
  /** Values being saved. */
  readonly pending: Readonly<Record<string, number>>;
  readonly accountStatus: LoadStatus;
  readonly accountError?: Failure;
  /** A guest session's seasons, by seasonKey: loaded from the season's account states. */
  readonly guestSeasons: Readonly<Record<string, { readonly status: LoadStatus; readonly error?: Failure }>>;
  readonly deletion?: DeletePrompt;
  /** The value rated last: a new form starts from it, so "r Enter" gives the next episode the same. */
  readonly lastValue?: number;
  /** The batch running, or the last one until dismissed. */
  readonly batch?: RatingBatch;

  /** A user session's rated episodes, every page; nothing to do for a guest or nobody. */
  loadAccountRatings(force?: boolean): Promise<void>;
  /**
   * My ratings of a season's episodes: for a user session, the account's rated episodes (all
   * seasons at once); for a guest session, the season's account states, one request.
   */
  loadSeasonRatings(seriesId: number, season: number, force?: boolean): Promise<void>;
  /** A session to rate with: the current one, or a guest session started now. Undefined when there is one, else why not. */
  ensureSession(): Promise<Problem | undefined>;
  /** Rates one episode (starting a guest session when there is none); undefined when saved, else why not. */
  rate(episode: EpisodeRef, value: number): Promise<Problem | undefined>;
  /** Rates each episode with `value`, in order, one request at a time; stops at the first failure. */
  rateMany(episodes: readonly EpisodeRef[], value: number): Promise<void>;
  /** Goes on with a stopped batch from the episode it stopped at. */
  retryBatch(): Promise<void>;
  /** Forgets a batch that is no longer running. */
  dismissBatch(): void;
  askDelete(episode: EpisodeRef): void;
  confirmDelete(): Promise<boolean>;
  cancelDelete(): void;
  /** Who is signed in changed: the ratings known so far were someone else's. */
  sessionChanged(): void;
}

/** My rating of an episode, as far as this run knows. */
export function myRating(state: { readonly ratings: RatingsSlice }, episode: EpisodeRef): number | undefined {
  const key = episodeRefKey(episode);
  const { local, loaded } = state.ratings;
  if (key in local) return local[key] ?? undefined;
  return loaded[key];
}

const without = <V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> => {
  if (!(key in record)) return record;
  const { [key]: _gone, ...rest } = record;
  return rest;
};

const INITIAL = {
  loaded: {},
  local: {},
  pending: {},
  accountStatus: 'idle' as LoadStatus,
  accountError: undefined,
  guestSeasons: {},
  deletion: undefined,
  lastValue: undefined,
  batch: undefined,
};

/** The parts of the store this slice uses. */
type RatingsStore = { readonly ratings: RatingsSlice; readonly session: SessionSlice; readonly notifications: NotificationsSlice };

export function createRatingsSlice({ set, get, runtime }: SliceContext<RatingsStore>): RatingsSlice {
  const patch = (changes: Partial<RatingsSlice> | ((r: RatingsSlice) => Partial<RatingsSlice>)) =>
    patchSlice(set, 'ratings', changes);
  // Bumped when the session changes: answers to requests made for the previous one are dropped.
  let epoch = 0;
  // The newest save of each episode: an older answer arriving late must not win.
  const latestSave = new Map<string, number>();
  let saves = 0;
  let guestStart: Promise<boolean> | undefined;

  /** A session to rate with: the current one, or a guest session started now. Undefined when ready, else why not. */
  const ensureSession = async (): Promise<Problem | undefined> => {
    if (!runtime.client) return { message: 'Not connected to the service yet.' };
    if (get().session.current.kind !== 'none') return undefined;
    // Two quick ratings must not start two guest sessions.
    guestStart ??= get().session.startGuestSession().finally(() => {
      guestStart = undefined;
    });
    if (await guestStart) return undefined;
    const reason = get().session.error ?? 'Could not start a guest session.';
    get().session.clearError();
    return { message: reason, reason: 'needsSession' };
  };

  /**
   * E5 for one episode. 'stale' when a newer save of the same episode (or a change of session)
   * came first: then nothing is to be said about this one.
   */
  const send = async (episode: EpisodeRef, value: number, quiet = false): Promise<'saved' | 'stale' | { problem: Problem }> => {
    const client = runtime.client;
    if (!client) return { problem: { message: 'Not connected to the service yet.' } };
    const key = episodeRefKey(episode);
    const started = epoch;
    const save = ++saves;
    latestSave.set(key, save);
    patch((r) => ({ pending: { ...r.pending, [key]: value } }));
    const current = () => started === epoch && latestSave.get(key) === save;
    try {
      await client.call('rateEpisode', {
        path: { series_id: episode.seriesId, season_number: episode.season, episode_number: episode.episode },
        body: { value },
      });
      if (!current()) return 'stale';
      patch((r) => ({ local: { ...r.local, [key]: value }, pending: without(r.pending, key) }));
      if (!quiet) get().notifications.notify(`Rated ${episodeLabel(episode)}: ${formatRating(value)}`, 'success');
      return 'saved';
    } catch (error) {
      if (!current()) return 'stale';
      patch((r) => ({ pending: without(r.pending, key) }));
      const failure = describeFailure(error);
      return { problem: failure.kind === 'auth' ? { message: `${failure.message}.`, reason: 'sessionRejected' } : { message: failure.message } };
    }
  };

  /** Rates the batch's episodes from `done` on, one request at a time. */
  const runBatch = async (batch: RatingBatch): Promise<void> => {
    let current: RatingBatch = { ...batch, status: 'running', stoppedAt: undefined };
    patch({ batch: current });
    // First the session: starting a guest session is a change of session, which clears the batch.
    const noSession = await ensureSession();
    if (noSession) {
      patch({ batch: { ...current, status: 'stopped', stoppedAt: { episode: current.episodes[current.done]!, problem: noSession } } });
      return;
    }
    const started = epoch;
    const setBatch = (next: RatingBatch) => {
      if (started === epoch) patch({ batch: next });
    };
    setBatch(current);
    while (current.done < current.episodes.length) {
      const episode = current.episodes[current.done]!;
      const outcome = await send(episode, current.value, true);
      if (started !== epoch) return;
      if (typeof outcome === 'object') {
        current = { ...current, status: 'stopped', stoppedAt: { episode, problem: outcome.problem } };
        setBatch(current);
        get().notifications.notify(
          `Rated ${current.done} of ${current.episodes.length}; stopped at ${episodeLabel(episode)}: ${outcome.problem.message}`,
          'error',
          8_000,
        );
        return;
      }
      // 'stale': a newer save of this episode came first; it is rated all the same.
      current = { ...current, done: current.done + 1 };
      setBatch(current);
    }
    if (started === epoch) patch({ batch: undefined });
    const count = current.episodes.length;
    get().notifications.notify(`Rated ${count} episode${count === 1 ? '' : 's'}: ${formatRating(current.value)}`, 'success');
  };

  return {
    ...INITIAL,
    ensureSession,

    async rateMany(episodes, value) {
      const problem = ratingProblem(value);
      if (problem || episodes.length === 0 || get().ratings.batch?.status === 'running') return;
      patch({ lastValue: value });
      await runBatch({ value, episodes, done: 0, status: 'running' });
    },

    async retryBatch() {
      const batch = get().ratings.batch;
      if (batch?.status !== 'stopped') return;
      await runBatch(batch);
    },

    dismissBatch() {
      patch((r) => (r.batch && r.batch.status !== 'running' ? { batch: undefined } : {}));
    },

    async loadAccountRatings(force = false) {
      const session = get().session.current;
      const client = runtime.client;
      if (session.kind !== 'user' || !client) return;
      const status = get().ratings.accountStatus;
      if (!force && (status === 'loading' || status === 'ready')) return;
      const started = epoch;
      patch({ accountStatus: 'loading', accountError: undefined });
      try {
        let page = 1;
        let pages = 1;
        do {
          const answer = await client.call('accountRatedEpisodes', {
            path: { account_id: await get().session.accountIdFor(client) },
            query: { page },
          });
          if (started !== epoch) return;
          const found: Record<string, number> = {};
          for (const rated of answer.results) {
            // The real service always says which series; an entry that does not cannot be placed.
            if (rated.show_id === undefined || rated.show_id === null) continue;
            found[episodeRefKey({ seriesId: rated.show_id, season: rated.season_number, episode: rated.episode_number })] = rated.rating;
          }
          // Rows appear as pages arrive.
          patch((r) => ({ loaded: { ...r.loaded, ...found } }));
          pages = Math.min(answer.total_pages ?? page, MAX_PAGE);
          page++;
        } while (page <= pages);
        patch({ accountStatus: 'ready' });
      } catch (error) {
        if (started !== epoch) return;
        const failure = describeFailure(error);
        patch({ accountStatus: 'error', accountError: failure });
        get().notifications.notify(`Could not load your ratings: ${failure.message}`, 'warning');
      }
    },

    async loadSeasonRatings(seriesId, season, force = false) {
      const session = get().session.current;
      if (session.kind === 'user') return get().ratings.loadAccountRatings(force);
      const client = runtime.client;
      if (session.kind !== 'guest' || !client) return;
      const key = seasonKey(seriesId, season);
      const status = get().ratings.guestSeasons[key]?.status;
      if (!force && (status === 'loading' || status === 'ready')) return;
      const started = epoch;
      const setSeason = (state: RatingsSlice['guestSeasons'][string]) =>
        patch((r) => ({ guestSeasons: { ...r.guestSeasons, [key]: state } }));
      setSeason({ status: 'loading' });
      try {
        const answer = await client.call('seasonAccountStates', { path: { series_id: seriesId, season_number: season } });
        if (started !== epoch) return;
        const found: Record<string, number> = {};
        for (const state of answer.results) {
          if (state.rated && typeof state.rated.value === 'number') {
            found[episodeRefKey({ seriesId, season, episode: state.episode_number })] = state.rated.value;
          }
        }
        patch((r) => ({ loaded: { ...r.loaded, ...found } }));
        setSeason({ status: 'ready' });
      } catch (error) {
        if (started !== epoch) return;
        const failure = describeFailure(error);
        setSeason({ status: 'error', error: failure });
        get().notifications.notify(`Could not load the guest session's ratings: ${failure.message}`, 'warning');
      }
    },

    async rate(episode, value) {
      const problem = ratingProblem(value);
      if (problem) return { message: problem };
      patch({ lastValue: value });
      const noSession = await ensureSession();
      if (noSession) return noSession;
      const outcome = await send(episode, value);
      return typeof outcome === 'object' ? outcome.problem : undefined;
    },

    askDelete(episode) {
      const value = myRating(get(), episode);
      if (value === undefined) {
        get().notifications.notify(`You have not rated ${episodeLabel(episode)}`, 'info');
        return;
      }
      patch({ deletion: { episode, value, busy: false } });
    },

    async confirmDelete() {
      const deletion = get().ratings.deletion;
      const client = runtime.client;
      if (!deletion || deletion.busy) return false;
      if (!client || get().session.current.kind === 'none') {
        patch({ deletion: { ...deletion, problem: { message: 'No session to delete it with.', reason: 'needsSession' } } });
        return false;
      }
      const { episode } = deletion;
      const key = episodeRefKey(episode);
      const started = epoch;
      patch({ deletion: { ...deletion, busy: true, problem: undefined } });
      try {
        await client.call('deleteEpisodeRating', {
          path: { series_id: episode.seriesId, season_number: episode.season, episode_number: episode.episode },
        });
      } catch (error) {
        if (started !== epoch) return false;
        const failure = describeFailure(error);
        // 404: the service has no such rating (made by another session, or already gone): it is deleted as far as anyone can tell.
        if (failure.httpStatus !== 404) {
          patch((r) => (r.deletion ? { deletion: { ...r.deletion, busy: false, problem: { message: failure.message } } } : {}));
          return false;
        }
      }
      if (started !== epoch) return false;
      latestSave.delete(key);
      patch((r) => ({ local: { ...r.local, [key]: null }, pending: without(r.pending, key), deletion: undefined }));
      get().notifications.notify(`Deleted your rating of ${episodeLabel(episode)}`, 'success');
      return true;
    },

    cancelDelete() {
      patch((r) => (r.deletion && !r.deletion.busy ? { deletion: undefined } : {}));
    },

    sessionChanged() {
      epoch++;
      latestSave.clear();
      // The value rated last is about typing, not about whose ratings these are.
      const { lastValue } = get().ratings;
      patch({ ...INITIAL, lastValue });
    },
  };
}

import type { LoadStatus } from '../queries.js';
import type { Failure, Problem } from '../../words/failures.js';
import type { DatedRating } from '../../../storage/rating-dates.js';
import type { DatedItem } from '../rating-dates.js';
import type { CurrentSession } from '../session.js';

/**
 * Episode ratings (E5), what the slice holds: my ratings, the ones being saved, batches, undo,
 * ratings kept on this machine and their conflicts. The value is checked with the service's own
 * rules (contract/rules.ts) before any request. (The quick rating form that types a value is the
 * UI's own: see ui/screens/tv/useRatingForm.ts.)
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

/**
 * The read that holds my ratings of a season's episodes, for the query layer's freshness
 * (queries.keepFresh): a user's rated episodes (all seasons at once), or a guest's season states.
 */
export function myEpisodeRatingsRead(session: CurrentSession, seriesId: number, season: number): string | undefined {
  if (session.kind === 'user') return `my rated episodes:${session.accountId ?? session.username}`;
  return session.kind === 'guest' ? `my rated episodes:guest:${seasonKey(seriesId, season)}` : undefined;
}

/** "S1 E2": how toasts and prompts name an episode. */
export const episodeLabel = (ref: EpisodeRef) => `S${ref.season} E${ref.episode}`;

export interface DeletePrompt {
  readonly episode: EpisodeRef;
  /**
   * My rating as it stands when asked (one being saved included); undefined while ratings asked
   * for just before are still being taken (keys of one read): the prompt waits for them, so it
   * asks about what the keys before it gave, as it would have one key at a time.
   */
  readonly value?: number;
}

/**
 * Rating several episodes with one value (a range of a season, or all it has unrated): one
 * request per episode, one at a time, so a batch never bursts past the service's rate limit. It
 * skips an episode whose rating was set after the batch was asked for (the newer intent wins),
 * and stops at the first failure; what was rated stays rated, and the rest can be tried again.
 */
export interface RatingBatch {
  readonly value: number;
  /** Every episode of the batch, in order. */
  readonly episodes: readonly EpisodeRef[];
  /** How many of `episodes`, from the first, are done with (written or skipped). */
  readonly done: number;
  /** How many of those were skipped: rated or deleted again after the batch was asked for. */
  readonly kept: number;
  readonly status: 'running' | 'stopped';
  /** Where a stopped batch stopped, and why. */
  readonly stoppedAt?: { readonly episode: EpisodeRef; readonly problem: Problem };
}

/** One change of my ratings that `u` can undo: what each episode held before it. */
export interface RatingChange {
  /** "S1 E4", "13 episodes": how the toast of its undo names it. */
  readonly label: string;
  readonly before: readonly { readonly episode: EpisodeRef; readonly value: number | null }[];
}

/** Why a rating asked for is kept on this machine instead of being on the service yet. */
/** Why a rating is kept: the service did not answer, the session expired, or the service asked to slow down (429). */
export type WaitingReason = 'offline' | 'expired' | 'busy';

/** A rating kept while offline, which the service meanwhile holds differently (set elsewhere): the user decides. */
export interface RatingConflict {
  readonly episode: EpisodeRef;
  /** What was asked here (null: delete). */
  readonly mine: number | null;
  /** What the service holds now (null: no rating). */
  readonly theirs: number | null;
}

/** How often ratings kept on this machine are tried again while the service does not answer. */
export const WAITING_RETRY_MS = 15_000;

/** How many changes undo remembers. */
export const UNDO_DEPTH = 50;

export interface RatingsSlice {
  /** From the account's rated episodes (user sessions), by episodeRefKey. */
  readonly loaded: Readonly<Record<string, number>>;
  /** What the service answered to a write of this run: rated (a number) or deleted (null); wins over `loaded`. */
  readonly local: Readonly<Record<string, number | null>>;
  /** What was asked and is not yet saved: a value, or null for a delete; wins over both. */
  readonly pending: Readonly<Record<string, number | null>>;
  readonly accountStatus: LoadStatus;
  readonly accountError?: Failure;
  /** A guest session's seasons, by seasonKey: loaded from the season's account states. */
  readonly guestSeasons: Readonly<Record<string, { readonly status: LoadStatus; readonly error?: Failure }>>;
  readonly deletion?: DeletePrompt;
  /** The value rated last: a new form starts from it, so "r Enter" gives the next episode the same. */
  readonly lastValue?: number;
  /** The batch running, or the last one until dismissed. */
  readonly batch?: RatingBatch;
  /** Batches asked for while another runs: they run next, in order. */
  readonly batchesWaiting: number;
  /** The changes `undo` can take back, the newest last. */
  readonly history: readonly RatingChange[];
  /** Ratings kept on this machine (in the journal beside the sessions file) until the service takes them, by episodeRefKey. */
  readonly waiting: Readonly<Record<string, WaitingReason>>;
  /** Kept ratings the service meanwhile holds differently: each waits for the user's word. */
  readonly conflicts: readonly RatingConflict[];
  /**
   * A guest session is being started for a rating, and what was asked is not taken yet: the
   * screen holds the keys typed meanwhile, so they act on the ratings asked before them as they
   * would one at a time.
   */
  readonly startingSession: boolean;

  /** A user session's rated episodes, every page; nothing to do for a guest or nobody. */
  loadAccountRatings(force?: boolean): Promise<void>;
  /**
   * My ratings of a season's episodes: for a user session, the account's rated episodes (all
   * seasons at once); for a guest session, the season's account states, one request.
   */
  loadSeasonRatings(seriesId: number, season: number, force?: boolean): Promise<void>;
  /** A session to rate with: the current one, or a guest session started now. Undefined when there is one, else why not. */
  ensureSession(): Promise<Problem | undefined>;
  /**
   * Rates one episode (starting a guest session when there is none); undefined when saved (or
   * overtaken by a newer intent), else why not. `sameChange`: it corrects the rating just given
   * to this episode (rating mode's half point), so one undo takes both back.
   */
  rate(episode: EpisodeRef, value: number, options?: { readonly sameChange?: boolean }): Promise<Problem | undefined>;
  /** Rates each episode with `value`, in order, one request at a time; stops at the first failure. */
  rateMany(episodes: readonly EpisodeRef[], value: number): Promise<void>;
  /** Deletes my rating of the episode at once (no question: `u` brings it back); undefined when done, else why not. */
  deleteRating(episode: EpisodeRef): Promise<Problem | undefined>;
  /**
   * Takes back the newest change (one rating, a range or a whole batch), restoring what each
   * episode held before. `only`: only when that change is this episode's rating alone (rating
   * mode's Backspace), else nothing is undone and a toast says why.
   */
  undo(only?: EpisodeRef): Promise<void>;
  /** Goes on with a stopped batch from the episode it stopped at. */
  retryBatch(): Promise<void>;
  /** Forgets a batch that is no longer running. */
  dismissBatch(): void;
  askDelete(episode: EpisodeRef): void;
  /** Deletes the rating the prompt asked about; the prompt closes at once, a toast says how it went. */
  confirmDelete(): Promise<boolean>;
  cancelDelete(): void;
  /** Resolves once every write asked for so far is answered. */
  settled(): Promise<void>;
  /** Sends the ratings kept on this machine, in the order they were asked, if the service answers now. */
  sendWaiting(): Promise<void>;
  /** The first conflict: send mine over the service's (true), or keep the service's (false). */
  resolveConflict(sendMine: boolean): Promise<void>;
  /**
   * Reads again what the service holds for the first conflict, which may have changed since it
   * was found (its prompt is shown, or shown again): the prompt names that, and a conflict the
   * service now settles (it holds mine) goes.
   */
  recheckConflict(): Promise<void>;
  /** Who is signed in changed: the ratings known so far were someone else's. */
  sessionChanged(): void;
  /**
   * Sends a rating write of the item with the record of rating dates kept in step (every rating
   * write of the state layer, films, series and episodes, and the TUI's import, goes through
   * it): see rating-dates.ts. `at` dates it (an imported file's date); else the clock does.
   */
  sendRecorded<T>(item: DatedItem, value: number | null, send: () => Promise<T>, at?: string): Promise<T>;
  /** When the signed-in rater's ratings written through Marquee were given (the record), for the Stats view. */
  datedRatings(): readonly DatedRating[];
}

/** My rating of an episode as the service will hold it once what was asked is saved. */
export function myRating(state: { readonly ratings: RatingsSlice }, episode: EpisodeRef): number | undefined {
  const key = episodeRefKey(episode);
  const { pending } = state.ratings;
  if (key in pending) return pending[key] ?? undefined;
  return savedRating(state, episode);
}

/** My rating of an episode as the service last said it holds it. */
export function savedRating(state: { readonly ratings: Pick<RatingsSlice, 'local' | 'loaded'> }, episode: EpisodeRef): number | undefined {
  const key = episodeRefKey(episode);
  const { local, loaded } = state.ratings;
  if (key in local) return local[key] ?? undefined;
  return loaded[key];
}

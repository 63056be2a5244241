import { MAX_PAGE } from '../contract/limits.js';
import { RATING_MAX, RATING_MIN, RATING_STEP, ratingProblem } from '../contract/rules.js';
import type { LoadStatus } from './queries.js';
import { describeFailure, type Failure, type Problem } from './failures.js';
import { inTurn } from './in-turn.js';
import { latestIntent } from './latest-intent.js';
import type { JournaledRating } from '../storage/rating-journal.js';
import type { DatedRating, DatesRater } from '../storage/rating-dates.js';
import { ratingDates, type DatedItem } from './rating-dates.js';
import { patchSlice, type SliceContext } from './slice.js';
import type { CurrentSession, SessionSlice } from './session.js';
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

/**
 * The read that holds my ratings of a season's episodes, for the query layer's freshness
 * (queries.keepFresh): a user's rated episodes (all seasons at once), or a guest's season states.
 */
export function myEpisodeRatingsRead(session: CurrentSession, seriesId: number, season: number): string | undefined {
  if (session.kind === 'user') return `my rated episodes:${session.accountId ?? session.username}`;
  return session.kind === 'guest' ? `my rated episodes:guest:${seasonKey(seriesId, season)}` : undefined;
}

/**
 * What this run wrote, less what it wrote before a read of my ratings was asked (`before`): that
 * read's answer holds those (or what was set elsewhere since), and only later writes win over it.
 */
const writtenSince = (local: Readonly<Record<string, number | null>>, before: Readonly<Record<string, number | null>>, inRead: (key: string) => boolean) =>
  Object.fromEntries(Object.entries(local).filter(([key, value]) => !inRead(key) || !(key in before) || before[key] !== value));

/** "S1 E2": how toasts and prompts name an episode. */
export const episodeLabel = (ref: EpisodeRef) => `S${ref.season} E${ref.episode}`;

// Which values the service takes is the contract's rule: the state layer asks it, never restates it.
export { RATING_MAX, RATING_MIN, RATING_STEP };

export const EMPTY_RATING_MESSAGE = `Type a rating from ${RATING_MIN} to ${RATING_MAX} in steps of ${RATING_STEP}, or step it with ← and →.`;

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
export function savedRating(state: { readonly ratings: RatingsSlice }, episode: EpisodeRef): number | undefined {
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

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

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
  batchesWaiting: 0,
  history: [],
  waiting: {},
  conflicts: [],
  startingSession: false,
};

/** The parts of the store this slice uses. */
type RatingsStore = { readonly ratings: RatingsSlice; readonly session: SessionSlice; readonly notifications: NotificationsSlice };

export function createRatingsSlice({ set, get, runtime }: SliceContext<RatingsStore>): RatingsSlice {
  const patch = (changes: Partial<RatingsSlice> | ((r: RatingsSlice) => Partial<RatingsSlice>)) =>
    patchSlice(set, 'ratings', changes);
  // Bumped when the session changes: answers to requests made for the previous one are dropped.
  let epoch = 0;
  // Every write of an episode's rating, whatever asked for it, goes through here: the last intent wins.
  const writes = latestIntent();
  // What was asked is taken in the order it was asked, even while a guest session starts for the first.
  let askingUnderWay = false;
  const asking = inTurn((underWay) => {
    askingUnderWay = underWay;
  });
  // Bumped by every rating, delete and undo asked for: only the newest one's success is a toast,
  // so after a burst the last word is about the last write, whichever answer came last.
  let newestWord = 0;
  // Batches run one after another, each one request at a time.
  const batches = inTurn(() => undefined);
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

  const noSessionToDelete: Problem = { message: 'No session to change ratings with.', reason: 'needsSession' };
  /** A session that can delete or restore ratings: there must be one already (a new guest session has none to delete). */
  const existingSession = async (): Promise<Problem | undefined> =>
    runtime.client && get().session.current.kind !== 'none' ? undefined : noSessionToDelete;

  /**
   * Takes the intents in order (after `session` is ready): each episode's newest ticket, what it
   * held before (for undo), and the value shown as being saved. Undefined with a problem when
   * there is no session.
   */
  const ask = <T>(
    session: () => Promise<Problem | undefined>,
    take: () => T,
  ): Promise<{ readonly taken: T; readonly problem?: undefined } | { readonly taken?: undefined; readonly problem: Problem }> => {
    // The intents `take` makes are journaled together, in one write, and only then shown pending.
    const takeJournaled = (): T => {
      taking = [];
      try {
        return take();
      } finally {
        const intents = taking;
        taking = undefined;
        showPending(intents);
      }
    };
    // Nothing asked before is waiting and there is a session: taken at once, while the key that
    // asked is still being routed, so the keys after it see it (keys of one read come in microtasks).
    if (!askingUnderWay && runtime.client && get().session.current.kind !== 'none') return Promise.resolve({ taken: takeJournaled() });
    // Said at once (the key that asked is still being routed): a guest session will start first.
    if (session === ensureSession && runtime.client && get().session.current.kind === 'none' && !get().ratings.startingSession) patch({ startingSession: true });
    return asking(async () => {
      const problem = await session();
      try {
        return problem ? { problem } : { taken: takeJournaled() };
      } finally {
        // The rating that started a guest session is taken: keys held meanwhile go on.
        if (get().ratings.startingSession) patch({ startingSession: false });
      }
    });
  };

  /** Intents being taken by one `ask`: journaled together, in one write, then shown pending. */
  let taking: Intent[] | undefined;

  /** One intent taken now: its ticket, and what the episode held before it. */
  const intend = (episode: EpisodeRef, value: number | null): Intent => {
    const key = episodeRefKey(episode);
    const before = myRating(get(), episode) ?? null;
    const saved = savedRating(get(), episode) ?? null;
    const ticket = writes.ask(key);
    // Whose journal entry it is, even if who is signed in changes before it is answered.
    const intent: Intent = { episode, value, ticket, before, saved, account: accountKey() };
    if (taking) taking.push(intent);
    else showPending([intent]);
    return intent;
  };
  interface Intent {
    readonly episode: EpisodeRef;
    readonly value: number | null;
    readonly ticket: number;
    /** What the screen showed before it (for undo). */
    readonly before: number | null;
    /** What the service held before it, as far as this run knows. */
    readonly saved: number | null;
    /** Whose journal entry it is (accountKey), even if who is signed in changes before it is answered. */
    readonly account: string | undefined;
  }

  /** On disk first (storage/rating-journal.ts), then on the screen: what shows pending survives any end of the program. */
  const showPending = (intents: readonly Intent[]) => {
    if (intents.length === 0) return;
    // A disk that refuses still lets the rating go out; the warning says it is not kept.
    keep(intents);
    patch((r) => ({ pending: intents.reduce((all, { episode, value }) => ({ ...all, [episodeRefKey(episode)]: value }), r.pending) }));
  };

  const remember = (label: string, intents: readonly Intent[]) => {
    if (intents.length === 0) return;
    const change: RatingChange = { label, before: intents.map(({ episode, before }) => ({ episode, value: before })) };
    patch((r) => ({ history: [...r.history, change].slice(-UNDO_DEPTH) }));
  };

  const problemOf = (error: unknown): Problem => {
    const failure = describeFailure(error);
    return failure.kind === 'auth' ? { message: `${failure.message}.`, reason: 'sessionRejected' } : { message: failure.message };
  };

  // --- When each rating was given (storage/rating-dates.ts): the rated lists of version 3 do not say ---
  const dates = ratingDates(runtime.deps.ratingDates, runtime.deps.now ?? Date.now, (message) =>
    get().notifications.notify(message, 'warning', 8_000),
  );
  /** Whose record: the account, or the guest session (the storage only keeps a digest of its id). */
  const datesRater = (): DatesRater | undefined => {
    const session = get().session.current;
    if (session.kind === 'user' && session.accountId !== undefined) return { kind: 'account', accountId: session.accountId };
    const guest = runtime.credentials?.guestSessionId;
    if (session.kind === 'guest' && guest) return { kind: 'guest', sessionId: guest };
    return undefined;
  };

  // --- Ratings kept on this machine until the service holds them (storage/rating-journal.ts) ---
  const journalStorage = runtime.deps.ratingJournal;
  /** This service's entries as last read or written (other copies of Marquee may have changed the file since). */
  let journal: readonly JournaledRating[] = [];
  const journalNotice = (message: string) => get().notifications.notify(message, 'warning', 15_000);
  /** Whose ratings the journal's entries are: the signed-in account, or the guest session. */
  const accountKey = (): string | undefined => {
    const session = get().session.current;
    if (session.kind === 'guest') return 'guest';
    if (session.kind === 'user') return `user:${session.accountId ?? session.username}`;
    return undefined;
  };
  const sameEpisode = (entry: JournaledRating, episode: EpisodeRef, account: string) =>
    entry.account === account && entry.seriesId === episode.seriesId && entry.season === episode.season && entry.episode === episode.episode;
  /**
   * Changes the journal's entries as the file holds them now (merged with other copies of
   * Marquee, under its lock); false (and a warning) when the disk refused, so nothing is shown
   * as kept that is not.
   */
  const changeJournal = (change: (entries: readonly JournaledRating[]) => readonly JournaledRating[]): boolean => {
    if (!journalStorage) return false;
    try {
      journal = journalStorage.update(change, journalNotice);
      return true;
    } catch (error) {
      get().notifications.notify(`Could not keep the rating on this machine: ${error instanceof Error ? error.message : String(error)}`, 'error', 8_000);
      return false;
    }
  };
  /** The values the service may hold of an episode because of this machine: a journal entry holds at most this many. */
  const EARLIER_KEPT = 20;
  /**
   * Journals intents: each replaces its episode's entry, unless that already asks the same
   * value. The replaced entry's values may still reach the service (a write under way when the
   * program ended): they stay as `earlier`, so the next start does not take them for a value
   * set elsewhere. `fresh`: what the intent says it held before is all there is (the user chose).
   * False when they could not be kept.
   */
  const keep = (intents: readonly Pick<Intent, 'account' | 'episode' | 'value' | 'saved'>[], fresh = false): boolean =>
    intents.every((i) => i.account !== undefined) &&
    changeJournal((entries) => {
      let next = entries;
      for (const { account, episode, value, saved } of intents) {
        const old = next.find((entry) => sameEpisode(entry, episode, account!));
        if (!fresh && old && old.value === value) continue;
        const earlier = fresh || !old ? [] : [...new Set([...(old.earlier ?? []), old.before, old.value])].filter((v) => v !== saved && v !== value).slice(-EARLIER_KEPT);
        const entry: JournaledRating = { account: account!, ...episode, value, before: saved, ...(earlier.length > 0 ? { earlier } : {}) };
        next = [...next.filter((e) => !sameEpisode(e, episode, account!)), entry];
      }
      return next;
    });
  /**
   * The service holds (or refused) what these intents asked: their entries go, but only while
   * they still ask that value (`value` undefined: whatever they ask). Another copy of Marquee
   * may have asked something newer of the same episode meanwhile: that one stays.
   */
  const forget = (intents: readonly { account: string | undefined; episode: EpisodeRef; value?: number | null }[]) => {
    const done = (entry: JournaledRating) =>
      intents.some((i) => i.account !== undefined && sameEpisode(entry, i.episode, i.account) && (i.value === undefined || i.value === entry.value));
    if (intents.length > 0) changeJournal((entries) => (entries.some(done) ? entries.filter((e) => !done(e)) : entries));
  };
  const timers = runtime.deps.timers ?? { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms).unref(), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };
  let retryTimer: unknown;
  const retryLater = () => {
    if (retryTimer !== undefined) return;
    retryTimer = timers.setTimeout(() => {
      retryTimer = undefined;
      void get().ratings.sendWaiting();
    }, WAITING_RETRY_MS);
  };
  /** The journal's entries of whoever is signed in now show as pending, marked as kept. */
  const adoptJournal = () => {
    const account = accountKey();
    if (account && journalStorage) {
      try {
        journal = journalStorage.load(journalNotice);
      } catch (error) {
        get().notifications.notify(`Could not read the ratings kept on this machine: ${error instanceof Error ? error.message : String(error)}`, 'error', 8_000);
      }
    }
    const mine = account ? journal.filter((entry) => entry.account === account) : [];
    if (mine.length === 0) return false;
    patch((r) => {
      const pending = { ...r.pending };
      const waiting = { ...r.waiting };
      for (const entry of mine) {
        const key = episodeRefKey(entry);
        pending[key] = entry.value;
        waiting[key] ??= 'offline';
      }
      return { pending, waiting };
    });
    return true;
  };
  let sendingNow: Promise<void> | undefined;

  /**
   * Sends one intent in its episode's turn. 'saved' only when the service now holds this value
   * and nothing newer was asked; 'superseded' when a newer intent (or another session) came
   * first, so the newer one has the say.
   */
  const deliver = async (intent: Intent): Promise<'saved' | 'superseded' | 'waiting' | { problem: Problem }> => {
    const { episode, value, ticket } = intent;
    const client = runtime.client;
    const key = episodeRefKey(episode);
    const started = epoch;
    const path = { series_id: episode.seriesId, season_number: episode.season, episode_number: episode.episode };
    const outcome = await writes.write(key, ticket, async () => {
      if (!client) throw new Error('Not connected to the service yet.');
      // The record of rating dates goes with the write (see rating-dates.ts).
      await dates.sending(datesRater(), { kind: 'episode', id: episode.seriesId, season: episode.season, episode: episode.episode }, value, async () => {
        if (value !== null) return void (await client.call('rateEpisode', { path, body: { value } }));
        try {
          await client.call('deleteEpisodeRating', { path });
        } catch (error) {
          // 404: the service holds no such rating (never made, or already gone): deleted all the same.
          if (describeFailure(error).httpStatus !== 404) throw error;
        }
      });
    });
    if (started !== epoch || outcome.kind === 'superseded') return 'superseded';
    const latest = writes.isLatest(key, ticket);
    if (outcome.kind === 'saved') {
      // Writes of one episode are answered in turn, so the last one recorded is what the service holds.
      if (latest) forget([intent]);
      patch((r) => ({
        local: { ...r.local, [key]: value },
        pending: latest ? without(r.pending, key) : r.pending,
        waiting: latest ? without(r.waiting, key) : r.waiting,
      }));
      return latest ? 'saved' : 'superseded';
    }
    if (!latest) return 'superseded';
    // The service could not take it now (unreachable, or the session expired): kept, to be sent later.
    const failure = describeFailure(outcome.error);
    const reason: WaitingReason | undefined =
      failure.kind === 'auth'
        ? 'expired'
        : failure.httpStatus === 429
          ? 'busy'
          : failure.kind === 'network' || failure.transient
            ? 'offline'
            : undefined;
    // Journaled when it was asked; kept again in case the disk refused then.
    if (reason && keep([intent])) {
      patch((r) => ({ waiting: { ...r.waiting, [key]: reason } }));
      if (reason === 'expired') get().session.markExpired();
      retryLater();
      return 'waiting';
    }
    // Refused: the service keeps what it held; the screen (and the journal) go back to it.
    forget([intent]);
    patch((r) => ({ pending: without(r.pending, key) }));
    return { problem: problemOf(outcome.error) };
  };

  /** Intents taken but not to be sent after all (a batch stopped): the screen goes back to what is saved. */
  const drop = (intents: readonly Intent[]) => {
    const dropped = intents.filter(({ episode, ticket }) => writes.isLatest(episodeRefKey(episode), ticket)).map((i) => episodeRefKey(i.episode));
    if (dropped.length === 0) return;
    forget(intents.filter(({ episode }) => dropped.includes(episodeRefKey(episode))));
    for (const key of dropped) writes.ask(key);
    patch((r) => ({ pending: dropped.reduce((rest, key) => without(rest, key), r.pending) }));
  };

  /** Sends a batch's intents from `batch.done` on, one request at a time. */
  const runBatch = async (batch: RatingBatch, intents: readonly (Intent | undefined)[]): Promise<void> => {
    const started = epoch;
    let current: RatingBatch = { ...batch, status: 'running', stoppedAt: undefined };
    const setBatch = (next: RatingBatch) => {
      if (started === epoch) patch({ batch: next });
    };
    setBatch(current);
    while (current.done < current.episodes.length) {
      const intent = intents[current.done]!;
      const outcome = await deliver(intent);
      if (started !== epoch) return;
      if (typeof outcome === 'object') {
        drop(intents.slice(current.done + 1).filter((i): i is Intent => i !== undefined));
        current = { ...current, status: 'stopped', stoppedAt: { episode: intent.episode, problem: outcome.problem } };
        setBatch(current);
        get().notifications.notify(
          `Rated ${current.done - current.kept} of ${current.episodes.length}; stopped at ${episodeLabel(intent.episode)}: ${outcome.problem.message}`,
          'error',
          8_000,
        );
        return;
      }
      if (outcome === 'waiting') {
        // The service does not answer: the rest is kept on this machine too, to be sent in order later.
        const rest = intents.slice(current.done + 1).filter((i): i is Intent => i !== undefined && writes.isLatest(episodeRefKey(i.episode), i.ticket));
        // Journaled when the batch was asked; kept again in case the disk refused then.
        const kept = keep(rest) ? rest : [];
        patch((r) => ({ waiting: kept.reduce((all, i) => ({ ...all, [episodeRefKey(i.episode)]: r.waiting[episodeRefKey(intent.episode)] ?? 'offline' }), r.waiting) }));
        drop(rest.filter((i) => !kept.includes(i)));
        patch({ batch: undefined });
        const busy = get().ratings.waiting[episodeRefKey(intent.episode)] === 'busy';
        get().notifications.notify(
          `Rated ${current.done - current.kept} of ${current.episodes.length}; ${busy ? 'the service asks to slow down (too many requests)' : 'the service does not answer'}, so ${plural(kept.length + 1, 'rating')} ${kept.length === 0 ? 'is' : 'are'} kept on this machine and sent ${busy ? 'in a moment' : 'when it does'}`,
          'warning',
          8_000,
        );
        return;
      }
      current = { ...current, done: current.done + 1, kept: current.kept + (outcome === 'superseded' ? 1 : 0) };
      setBatch(current);
    }
    patch({ batch: undefined });
    const written = current.episodes.length - current.kept;
    const kept = current.kept > 0 ? ` (${plural(current.kept, 'episode')} kept as you set ${current.kept === 1 ? 'it' : 'them'} since)` : '';
    get().notifications.notify(`Rated ${plural(written, 'episode')}: ${formatRating(current.value)}${kept}`, 'success');
  };

  /** Queues a batch behind the ones asked before it. */
  const queueBatch = (batch: RatingBatch, intents: readonly (Intent | undefined)[]): Promise<void> => {
    patch((r) => ({ batchesWaiting: r.batchesWaiting + 1 }));
    return batches(async () => {
      patch((r) => ({ batchesWaiting: r.batchesWaiting - 1 }));
      await runBatch(batch, intents);
    });
  };

  const announceWaiting = (episode: EpisodeRef, what: string) => {
    const reason = get().ratings.waiting[episodeRefKey(episode)];
    get().notifications.notify(
      reason === 'expired'
        ? `Your session has expired: ${episodeLabel(episode)} ${what} is kept on this machine and sent once you sign in again`
        : reason === 'busy'
          ? `The service asks to slow down (too many requests): ${episodeLabel(episode)} ${what} is kept on this machine and sent in a moment`
          : `The service does not answer: ${episodeLabel(episode)} ${what} is kept on this machine and sent when it does`,
      'warning',
      8_000,
    );
  };

  /** What the service holds for the episode now (null: no rating); undefined when it could not be asked. */
  const serviceRating = async (episode: EpisodeRef): Promise<number | null | 'unreachable'> => {
    const client = runtime.client;
    if (!client) return 'unreachable';
    try {
      const states = await client.call('episodeAccountStates', {
        path: { series_id: episode.seriesId, season_number: episode.season, episode_number: episode.episode },
      });
      return states.rated && typeof states.rated === 'object' && typeof states.rated.value === 'number' ? states.rated.value : null;
    } catch {
      return 'unreachable';
    }
  };

  /** The service holds `value` for the episode: the kept entry is done with, and the screen says so. */
  const settle = (episode: EpisodeRef, value: number | null) => {
    const key = episodeRefKey(episode);
    forget([{ account: accountKey(), episode }]);
    writes.ask(key);
    patch((r) => ({ local: { ...r.local, [key]: value }, pending: without(r.pending, key), waiting: without(r.waiting, key) }));
  };

  /** Sends the journal's entries of whoever is signed in, in order; stops at the first that finds the service away. */
  const sendKept = async (): Promise<void> => {
    const account = accountKey();
    if (!account || !runtime.client) return;
    const started = epoch;
    // Ratings and deletes sent, told apart in the toast.
    let sent = 0;
    let deleted = 0;
    const count = (value: number | null) => (value === null ? deleted++ : sent++);
    try {
      for (const entry of journal.filter((e) => e.account === account)) {
        if (started !== epoch) return;
        const episode: EpisodeRef = { seriesId: entry.seriesId, season: entry.season, episode: entry.episode };
        const key = episodeRefKey(episode);
        // Asked again in this run since: that newer intent has the say.
        if (get().ratings.pending[key] !== entry.value || !get().ratings.waiting[key]) continue;
        const theirs = await serviceRating(episode);
        if (started !== epoch) return;
        if (theirs === 'unreachable') {
          retryLater();
          return;
        }
        if (theirs === entry.value) {
          settle(episode, theirs);
          count(entry.value);
          continue;
        }
        if (theirs !== entry.before && !entry.earlier?.includes(theirs)) {
          // Set elsewhere meanwhile: never overwritten without asking.
          if (!get().ratings.conflicts.some((c) => episodeRefKey(c.episode) === key)) {
            patch((r) => ({ conflicts: [...r.conflicts, { episode, mine: entry.value, theirs }] }));
          }
          continue;
        }
        const outcome = await deliver({ episode, value: entry.value, ticket: writes.ask(key), before: entry.before, saved: entry.before, account });
        if (outcome === 'waiting') return;
        if (outcome === 'saved') count(entry.value);
        if (typeof outcome === 'object') {
          get().notifications.notify(`${episodeLabel(episode)} kept on this machine was refused: ${outcome.problem.message}`, 'error', 8_000);
        }
      }
    } finally {
      const what = [sent > 0 ? plural(sent, 'rating') : '', deleted > 0 ? plural(deleted, 'delete') : ''].filter(Boolean).join(' and ');
      if (what) get().notifications.notify(`Sent ${what} kept on this machine`, 'success');
    }
  };

  return {
    ...INITIAL,
    ensureSession,

    async rate(episode, value, options = {}) {
      const problem = ratingProblem(value);
      if (problem) return { message: problem };
      patch({ lastValue: value });
      const word = ++newestWord;
      const asked = await ask(ensureSession, () => {
        const newest = get().ratings.history.at(-1);
        const correction =
          options.sameChange === true && newest?.before.length === 1 && episodeRefKey(newest.before[0]!.episode) === episodeRefKey(episode);
        const intent = intend(episode, value);
        // A correction of the rating just given is part of its change: undo goes back to before both.
        if (!correction) remember(episodeLabel(episode), [intent]);
        return intent;
      });
      if (asked.problem) return asked.problem;
      const outcome = await deliver(asked.taken);
      if (outcome === 'saved' && word === newestWord) get().notifications.notify(`Rated ${episodeLabel(episode)}: ${formatRating(value)}`, 'success');
      if (outcome === 'waiting') announceWaiting(episode, formatRating(value));
      return typeof outcome === 'object' ? outcome.problem : undefined;
    },

    async rateMany(episodes, value) {
      if (ratingProblem(value) || episodes.length === 0) return;
      patch({ lastValue: value });
      const asked = await ask(ensureSession, () => {
        const intents = episodes.map((episode) => intend(episode, value));
        remember(plural(episodes.length, 'episode'), intents);
        return intents;
      });
      if (asked.problem) {
        patch({ batch: { value, episodes, done: 0, kept: 0, status: 'stopped', stoppedAt: { episode: episodes[0]!, problem: asked.problem } } });
        return;
      }
      await queueBatch({ value, episodes, done: 0, kept: 0, status: 'running' }, asked.taken);
    },

    async retryBatch() {
      const batch = get().ratings.batch;
      if (batch?.status !== 'stopped') return;
      const rest = batch.episodes.slice(batch.done);
      patch({ batch: undefined });
      const asked = await ask(ensureSession, () => rest.map((episode) => intend(episode, batch.value)));
      if (asked.problem) {
        patch({ batch: { ...batch, stoppedAt: { episode: rest[0]!, problem: asked.problem } } });
        return;
      }
      // The same batch goes on (its episodes are in the undo history already): only the rest is sent.
      const intents: (Intent | undefined)[] = [...new Array<undefined>(batch.done), ...asked.taken];
      await queueBatch(batch, intents);
    },

    dismissBatch() {
      patch((r) => (r.batch && r.batch.status !== 'running' ? { batch: undefined } : {}));
    },

    async deleteRating(episode) {
      const word = ++newestWord;
      const asked = await ask(existingSession, () => {
        if (myRating(get(), episode) === undefined) return undefined;
        const intent = intend(episode, null);
        remember(episodeLabel(episode), [intent]);
        return intent;
      });
      if (asked.problem) return asked.problem;
      if (!asked.taken) {
        get().notifications.notify(`You have not rated ${episodeLabel(episode)}`, 'info');
        return undefined;
      }
      const outcome = await deliver(asked.taken);
      if (outcome === 'saved' && word === newestWord) get().notifications.notify(`Deleted your rating of ${episodeLabel(episode)}`, 'success');
      if (outcome === 'waiting') announceWaiting(episode, 'the delete');
      if (typeof outcome !== 'object') return undefined;
      get().notifications.notify(`${episodeLabel(episode)} keeps its rating: ${outcome.problem.message}`, 'error', 8_000);
      return outcome.problem;
    },

    async undo(only) {
      const word = ++newestWord;
      const asked = await ask(existingSession, () => {
        const change = get().ratings.history.at(-1);
        if (!change) return undefined;
        if (only && (change.before.length !== 1 || episodeRefKey(change.before[0]!.episode) !== episodeRefKey(only))) return { refused: change };
        patch((r) => ({ history: r.history.slice(0, -1) }));
        return { change, intents: change.before.map(({ episode, value }) => intend(episode, value)) };
      });
      if (asked.problem) {
        get().notifications.notify(`Nothing was undone: ${asked.problem.message}`, 'error');
        return;
      }
      if (!asked.taken) {
        get().notifications.notify('Nothing to undo', 'info');
        return;
      }
      if (asked.taken.refused) {
        get().notifications.notify(`Nothing was taken back: your newest change is ${asked.taken.refused.label}, not ${episodeLabel(only!)}`, 'info');
        return;
      }
      const { change, intents } = asked.taken;
      // One request at a time, as a batch goes.
      let failed: Problem | undefined;
      let kept = 0;
      for (const intent of intents) {
        const outcome = await deliver(intent);
        if (typeof outcome === 'object') failed ??= outcome.problem;
        if (outcome === 'waiting') kept++;
      }
      if (failed) {
        get().notifications.notify(`Undo of ${change.label} did not finish: ${failed.message}`, 'error', 8_000);
        return;
      }
      const one = intents.length === 1 ? intents[0]! : undefined;
      const now = one ? (one.value === null ? ': not rated' : `: ${formatRating(one.value)} again`) : '';
      if (kept > 0) {
        // Not undone on the service yet: kept to send, as a rating is.
        get().notifications.notify(`Undo of your rating of ${change.label}${now} is kept on this machine and sent when the service answers`, 'warning', 8_000);
        return;
      }
      if (word === newestWord) get().notifications.notify(`Undid your rating of ${change.label}${now}`, 'success');
    },

    async loadAccountRatings(force = false) {
      const session = get().session.current;
      const client = runtime.client;
      if (session.kind !== 'user' || !client) return;
      const status = get().ratings.accountStatus;
      if (!force && (status === 'loading' || status === 'ready')) return;
      const started = epoch;
      // Asked again while shown (the service may hold other values, set elsewhere): the rows stay
      // as they are until the whole answer replaces them.
      const again = status === 'ready';
      const before = get().ratings.local;
      if (!again) patch({ accountStatus: 'loading', accountError: undefined });
      try {
        const all: Record<string, number> = {};
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
          Object.assign(all, found);
          // Rows appear as pages arrive.
          if (!again) patch((r) => ({ loaded: { ...r.loaded, ...found } }));
          pages = Math.min(answer.total_pages ?? page, MAX_PAGE);
          page++;
        } while (page <= pages);
        // What the service holds now: a rating deleted elsewhere goes too.
        patch((r) => ({ loaded: all, local: writtenSince(r.local, before, () => true), accountStatus: 'ready' }));
      } catch (error) {
        if (started !== epoch) return;
        // Asked behind rows shown: they stay, and the next showing asks again.
        if (again) return;
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
      const again = status === 'ready';
      const before = get().ratings.local;
      const inSeason = (episodeKey: string) => episodeKey.startsWith(`${key}/`);
      if (!again) setSeason({ status: 'loading' });
      try {
        const answer = await client.call('seasonAccountStates', { path: { series_id: seriesId, season_number: season } });
        if (started !== epoch) return;
        const found: Record<string, number> = {};
        for (const state of answer.results) {
          if (state.rated && typeof state.rated.value === 'number') {
            found[episodeRefKey({ seriesId, season, episode: state.episode_number })] = state.rated.value;
          }
        }
        // The season as the service holds it now: a rating deleted elsewhere goes too.
        const others = Object.fromEntries(Object.entries(get().ratings.loaded).filter(([episodeKey]) => !inSeason(episodeKey)));
        patch((r) => ({ loaded: { ...others, ...found }, local: writtenSince(r.local, before, inSeason) }));
        setSeason({ status: 'ready' });
      } catch (error) {
        if (started !== epoch || again) return;
        const failure = describeFailure(error);
        setSeason({ status: 'error', error: failure });
        get().notifications.notify(`Could not load the guest session's ratings: ${failure.message}`, 'warning');
      }
    },

    askDelete(episode) {
      const decide = () => {
        const value = myRating(get(), episode);
        if (value === undefined) {
          patch((r) => (r.deletion && episodeRefKey(r.deletion.episode) === episodeRefKey(episode) ? { deletion: undefined } : {}));
          get().notifications.notify(`You have not rated ${episodeLabel(episode)}`, 'info');
          return;
        }
        patch({ deletion: { episode, value } });
        // The value named is the one this run last read; the service may hold another, set
        // elsewhere since: it is asked now, and the prompt (and the row) corrected to its answer.
        const key = episodeRefKey(episode);
        if (key in get().ratings.pending) return;
        void serviceRating(episode).then((theirs) => {
          const asked = get().ratings.deletion;
          if (theirs === 'unreachable' || !asked || episodeRefKey(asked.episode) !== key || key in get().ratings.pending) return;
          patch((r) => ({ local: { ...r.local, [key]: theirs } }));
          if (theirs === null) {
            patch({ deletion: undefined });
            get().notifications.notify(`You have not rated ${episodeLabel(episode)}: the service holds no rating of it now`, 'info');
          } else if (theirs !== asked.value) patch({ deletion: { episode, value: theirs } });
        });
      };
      if (!askingUnderWay) return decide();
      // Ratings asked for just before (keys of the same read) are not taken yet: ask once they are.
      patch({ deletion: { episode } });
      void asking(async () => {
        if (get().ratings.deletion?.episode === episode) decide();
      });
    },

    async confirmDelete() {
      const deletion = get().ratings.deletion;
      if (deletion?.value === undefined) return false;
      // The prompt goes at once, so the keys after `y` act on the screen as they would one at a time.
      patch({ deletion: undefined });
      return (await get().ratings.deleteRating(deletion.episode)) === undefined;
    },

    cancelDelete() {
      patch({ deletion: undefined });
    },

    sendWaiting() {
      // One pass at a time; asked again meanwhile, the caller waits for the pass under way.
      sendingNow ??= sendKept().finally(() => {
        sendingNow = undefined;
      });
      return sendingNow;
    },

    async resolveConflict(sendMine) {
      const conflict = get().ratings.conflicts[0];
      if (!conflict) return;
      patch((r) => ({ conflicts: r.conflicts.slice(1) }));
      const { episode, mine, theirs } = conflict;
      if (!sendMine) {
        settle(episode, theirs);
        get().notifications.notify(`${episodeLabel(episode)} keeps the service's ${theirs === null ? 'no rating' : formatRating(theirs)}`, 'info');
        return;
      }
      // The user chose: what the service holds now counts as the "before" of this write.
      const intent: Intent = { episode, value: mine, ticket: writes.ask(episodeRefKey(episode)), before: theirs, saved: theirs, account: accountKey() };
      keep([intent], true);
      const outcome = await deliver(intent);
      if (outcome === 'saved') get().notifications.notify(`${episodeLabel(episode)}: ${mine === null ? 'rating deleted' : `rated ${formatRating(mine)}`} over the service's`, 'success');
      if (typeof outcome === 'object') get().notifications.notify(`${episodeLabel(episode)} was not sent: ${outcome.problem.message}`, 'error', 8_000);
    },

    async recheckConflict() {
      const conflict = get().ratings.conflicts[0];
      if (!conflict) return;
      const theirs = await serviceRating(conflict.episode);
      if (theirs === 'unreachable' || get().ratings.conflicts[0] !== conflict) return;
      if (theirs === conflict.mine) {
        patch((r) => ({ conflicts: r.conflicts.slice(1) }));
        settle(conflict.episode, theirs);
      } else if (theirs !== conflict.theirs) {
        patch((r) => ({ conflicts: [{ ...conflict, theirs }, ...r.conflicts.slice(1)] }));
      }
    },

    datedRatings: () => dates.entries(datesRater()),

    sendRecorded: (item, value, send, at) => dates.sending(datesRater(), item, value, send, at),

    settled: () => Promise.all([asking(async () => undefined), batches(async () => undefined), sendingNow]).then(() => writes.settled()),

    sessionChanged() {
      epoch++;
      writes.reset();
      // The value rated last is about typing, not about whose ratings these are. A delete prompt
      // still waiting for the ratings asked before it (the first of which started this guest
      // session) asks about this session's ratings, in its turn.
      const { lastValue, deletion, startingSession } = get().ratings;
      patch({ ...INITIAL, lastValue, startingSession, deletion: deletion?.value === undefined ? deletion : undefined });
      // Ratings this account (or guest) asked for while the service could not take them: shown, then sent.
      if (adoptJournal()) void Promise.resolve().then(() => get().ratings.sendWaiting());
    },
  };
}

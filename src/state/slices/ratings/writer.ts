import { ratingProblem } from '../../../contract/rules.js';
import type { Problem } from '../../words/failures.js';
import { inTurn } from '../../concurrency/in-turn.js';
import type { RatingsContext } from './context.js';
import type { RatingDelivery, Intent } from './delivery.js';
import type { RatingsJournal } from './journal.js';
import * as say from './messages.js';
import { episodeLabel, episodeRefKey, myRating, savedRating, UNDO_DEPTH, type EpisodeRef, type RatingChange } from './model.js';
import { formatRating } from './values.js';

export type Asked<T> = { readonly taken: T; readonly problem?: undefined } | { readonly taken?: undefined; readonly problem: Problem };

/**
 * The session an ask needs: 'start' one (a guest session, when there is none: a rating), or an
 * 'existing' one (a delete or an undo: a new guest session has nothing to take back).
 */
export type SessionNeed = 'start' | 'existing';

/**
 * Rating writes of episodes: each rating, delete and undo asked for becomes intents, taken in
 * the order asked (even while a guest session starts for the first), journaled, shown pending,
 * and delivered to the service in each episode's turn.
 */
export class RatingWriter {
  /** True while asks wait in turn (a guest session starting): later asks queue behind them. */
  #askingUnderWay = false;
  readonly #asking = inTurn((underWay) => {
    this.#askingUnderWay = underWay;
  });
  /** Intents being taken by one `ask`: journaled together, in one write, then shown pending. */
  #taking: Intent[] | undefined;
  /**
   * Bumped by every rating, delete and undo asked for: only the newest one's success is a toast,
   * so after a burst the last word is about the last write, whichever answer came last.
   */
  #newestWord = 0;
  #guestStart: Promise<boolean> | undefined;

  constructor(
    private readonly context: RatingsContext,
    private readonly journal: RatingsJournal,
    /** Sends each intent to the service in its episode's turn. */
    readonly delivery: RatingDelivery,
  ) {}

  get askingUnderWay(): boolean {
    return this.#askingUnderWay;
  }

  /** Runs `then` once every ask made before it is taken. */
  afterAsks<T>(then: () => Promise<T>): Promise<T> {
    return this.#asking(then);
  }

  /**
   * Rates one episode (starting a guest session when there is none); undefined when saved (or
   * overtaken by a newer intent), else why not. `sameChange`: one undo takes it back with the
   * rating just given to this episode.
   */
  async rate(episode: EpisodeRef, value: number, sameChange: boolean): Promise<Problem | undefined> {
    const problem = ratingProblem(value);
    if (problem) return { message: problem };
    const { context } = this;
    context.patch({ lastValue: value });
    const word = ++this.#newestWord;
    const asked = await this.takeInTurn(() => this.intendRating(episode, value, sameChange), 'start');
    if (asked.problem) return asked.problem;
    const outcome = await this.delivery.deliver(asked.taken);
    if (outcome === 'saved' && word === this.#newestWord) context.notify(say.rated(episode, value), 'success');
    if (outcome === 'waiting') this.announceWaiting(episode, formatRating(value));
    return typeof outcome === 'object' ? outcome.problem : undefined;
  }

  /** The intent of one rating, remembered for undo unless it corrects the rating just given (`sameChange`). */
  private intendRating(episode: EpisodeRef, value: number, sameChange: boolean): Intent {
    const newest = this.context.get().ratings.history.at(-1);
    const correction = sameChange && newest?.before.length === 1 && episodeRefKey(newest.before[0]!.episode) === episodeRefKey(episode);
    const intent = this.intend(episode, value);
    // A correction of the rating just given is part of its change: undo goes back to before both.
    if (!correction) this.remember(episodeLabel(episode), [intent]);
    return intent;
  }

  /** Deletes my rating of the episode at once (no question: undo brings it back). */
  async deleteRating(episode: EpisodeRef): Promise<Problem | undefined> {
    const { context } = this;
    const word = ++this.#newestWord;
    const asked = await this.takeInTurn(() => this.intendDelete(episode), 'existing');
    if (asked.problem) return asked.problem;
    if (!asked.taken) {
      context.notify(say.notRated(episode), 'info');
      return undefined;
    }
    const outcome = await this.delivery.deliver(asked.taken);
    if (outcome === 'saved' && word === this.#newestWord) context.notify(say.deleted(episode), 'success');
    if (outcome === 'waiting') this.announceWaiting(episode, 'the delete');
    if (typeof outcome !== 'object') return undefined;
    context.notify(say.deleteRefused(episode, outcome.problem.message), 'error', 8_000);
    return outcome.problem;
  }

  /** The intent of deleting my rating of the episode; undefined when it has none to delete. */
  private intendDelete(episode: EpisodeRef): Intent | undefined {
    if (myRating(this.context.get(), episode) === undefined) return undefined;
    const intent = this.intend(episode, null);
    this.remember(episodeLabel(episode), [intent]);
    return intent;
  }

  /** Takes back the newest change; `only`: only when it is this episode's rating alone. */
  async undo(only?: EpisodeRef): Promise<void> {
    const { context } = this;
    const word = ++this.#newestWord;
    const asked = await this.takeInTurn(() => this.intendUndo(only), 'existing');
    if (asked.problem) return context.notify(say.undoNothingDone(asked.problem.message), 'error');
    if (!asked.taken) return context.notify(say.NOTHING_TO_UNDO, 'info');
    if (asked.taken.refused) return context.notify(say.undoRefused(asked.taken.refused.label, only!), 'info');
    const { change, intents } = asked.taken;
    // One request at a time, as a batch goes.
    let failed: Problem | undefined;
    let kept = 0;
    for (const intent of intents) {
      const outcome = await this.delivery.deliver(intent);
      if (typeof outcome === 'object') failed ??= outcome.problem;
      if (outcome === 'waiting') kept++;
    }
    if (failed) return context.notify(say.undoUnfinished(change.label, failed.message), 'error', 8_000);
    const now = say.undoneTo(intents.length === 1 ? intents[0]!.value : undefined);
    // Not undone on the service yet: kept to send, as a rating is.
    if (kept > 0) return context.notify(say.undoKept(change.label, now), 'warning', 8_000);
    if (word === this.#newestWord) context.notify(say.undone(change.label, now), 'success');
  }
  /**
   * The intents that take the newest change back, which leaves the history; nothing when there
   * is none, and `refused` when `only` names an episode that change is not about alone.
   */
  private intendUndo(only: EpisodeRef | undefined): { readonly refused: RatingChange } | { readonly refused?: undefined; readonly change: RatingChange; readonly intents: Intent[] } | undefined {
    const { context } = this;
    const change = context.get().ratings.history.at(-1);
    if (!change) return undefined;
    if (only && (change.before.length !== 1 || episodeRefKey(change.before[0]!.episode) !== episodeRefKey(only))) return { refused: change };
    context.patch((r) => ({ history: r.history.slice(0, -1) }));
    return { change, intents: change.before.map(({ episode, value }) => this.intend(episode, value)) };
  }


  /**
   * Takes the intents `take` makes in order (after the session `need`s is ready): each
   * episode's newest ticket, what it held before (for undo), and the value shown as being
   * saved. A problem instead when there is no session.
   */
  takeInTurn<T>(take: () => T, need: SessionNeed): Promise<Asked<T>> {
    const { context } = this;
    const { runtime } = context;
    // Nothing asked before is waiting and there is a session: taken at once, while the key that
    // asked is still being routed, so the keys after it see it (keys of one read come in microtasks).
    if (!this.#askingUnderWay && runtime.client && context.get().session.current.kind !== 'none') return Promise.resolve({ taken: this.takeJournaled(take) });
    // Said at once (the key that asked is still being routed): a guest session will start first.
    if (need === 'start' && runtime.client && context.get().session.current.kind === 'none' && !context.get().ratings.startingSession) context.patch({ startingSession: true });
    return this.#asking(async () => {
      const problem = await (need === 'start' ? this.ensureSession() : this.existingSession());
      try {
        return problem ? { problem } : { taken: this.takeJournaled(take) };
      } finally {
        // The rating that started a guest session is taken: keys held meanwhile go on.
        if (context.get().ratings.startingSession) context.patch({ startingSession: false });
      }
    });
  }

  /** A session to rate with: the current one, or a guest session started now. Undefined when ready, else why not. */
  async ensureSession(): Promise<Problem | undefined> {
    const { get, runtime } = this.context;
    if (!runtime.client) return { message: say.NOT_CONNECTED };
    if (get().session.current.kind !== 'none') return undefined;
    // Two quick ratings must not start two guest sessions.
    this.#guestStart ??= get().session.startGuestSession().finally(() => {
      this.#guestStart = undefined;
    });
    if (await this.#guestStart) return undefined;
    const reason = get().session.error ?? say.NO_GUEST_SESSION;
    get().session.clearError();
    return { message: reason, reason: 'needsSession' };
  }

  /** A session that can delete or restore ratings: there must be one already (a new guest session has none to delete). */
  private async existingSession(): Promise<Problem | undefined> {
    const { get, runtime } = this.context;
    return runtime.client && get().session.current.kind !== 'none' ? undefined : { message: say.NO_SESSION_TO_CHANGE, reason: 'needsSession' };
  }

  /** The intents `take` makes are journaled together, in one write, and only then shown pending. */
  private takeJournaled<T>(take: () => T): T {
    this.#taking = [];
    try {
      return take();
    } finally {
      const intents = this.#taking;
      this.#taking = undefined;
      this.showPending(intents);
    }
  }

  /** One intent taken now: its ticket, and what the episode held before it. */
  intend(episode: EpisodeRef, value: number | null): Intent {
    const { context } = this;
    const before = myRating(context.get(), episode) ?? null;
    const saved = savedRating(context.get(), episode) ?? null;
    const ticket = context.writes.ask(episodeRefKey(episode));
    // Whose journal entry it is, even if who is signed in changes before it is answered.
    const intent: Intent = { episode, value, ticket, before, saved, account: context.accountKey() };
    if (this.#taking) this.#taking.push(intent);
    else this.showPending([intent]);
    return intent;
  }

  /** On disk first (the journal), then on the screen: what shows pending survives any end of the program. */
  private showPending(intents: readonly Intent[]): void {
    if (intents.length === 0) return;
    // A disk that refuses still lets the rating go out; the warning says it is not kept.
    this.journal.keep(intents);
    this.context.patch((r) => ({ pending: intents.reduce((all, { episode, value }) => ({ ...all, [episodeRefKey(episode)]: value }), r.pending) }));
  }

  /** One change undo can take back: what each episode of the intents held before. */
  remember(label: string, intents: readonly Intent[]): void {
    if (intents.length === 0) return;
    const change: RatingChange = { label, before: intents.map(({ episode, before }) => ({ episode, value: before })) };
    this.context.patch((r) => ({ history: [...r.history, change].slice(-UNDO_DEPTH) }));
  }

  /** The toast for a write kept on this machine: `what` is the rating ("8.0") or "the delete". */
  private announceWaiting(episode: EpisodeRef, what: string): void {
    this.context.notify(say.keptWhileAway(episode, what, this.context.get().ratings.waiting[episodeRefKey(episode)]), 'warning', 8_000);
  }
}

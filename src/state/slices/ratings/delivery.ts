import type { Runtime } from '../../deps.js';
import { describeFailure, type Problem } from '../../words/failures.js';
import { without, type RatingsContext } from './context.js';
import type { RatingsJournal } from './journal.js';
import { episodeRefKey, WAITING_RETRY_MS, type EpisodeRef, type WaitingReason } from './model.js';
import { NOT_CONNECTED } from './messages.js';

/** One rating (or delete: null) asked for and taken: its ticket, and what the episode held before it. */
export interface Intent {
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

/** How one intent's write ended: 'superseded' when a newer intent (or another session) has the say. */
export type Delivery = 'saved' | 'superseded' | 'waiting' | { readonly problem: Problem };

const problemOf = (error: unknown): Problem => {
  const failure = describeFailure(error);
  return failure.kind === 'auth' ? { message: `${failure.message}.`, reason: 'sessionRejected' } : { message: failure.message };
};

/** Why the service could not take a write now, so it is kept; undefined when it refused it. */
function waitingReason(error: unknown): WaitingReason | undefined {
  const failure = describeFailure(error);
  if (failure.kind === 'auth') return 'expired';
  if (failure.httpStatus === 429) return 'busy';
  return failure.kind === 'network' || failure.transient ? 'offline' : undefined;
}

/**
 * Sends rating intents to the service, each in its episode's turn, with the record of rating
 * dates kept in step; keeps on this machine (and tries again later) what the service could not
 * take now.
 */
export class RatingDelivery {
  #retryTimer: unknown;

  constructor(
    private readonly context: RatingsContext,
    private readonly journal: RatingsJournal,
  ) {}

  /**
   * Sends one intent in its episode's turn. 'saved' only when the service now holds this value
   * and nothing newer was asked; 'superseded' when a newer intent (or another session) came
   * first, so the newer one has the say.
   */
  async deliver(intent: Intent): Promise<Delivery> {
    const { context } = this;
    const episode = intent.episode;
    const { value, ticket } = intent;
    const key = episodeRefKey(episode);
    const client = context.runtime.client;
    const started = context.epoch;
    const outcome = await context.writes.write(key, ticket, () => this.send(client, episode, value));
    if (started !== context.epoch || outcome.kind === 'superseded') return 'superseded';
    const latest = context.writes.isLatest(key, ticket);
    if (outcome.kind === 'saved') {
      // Writes of one episode are answered in turn, so the last one recorded is what the service holds.
      if (latest) this.journal.forget([intent]);
      context.patch((r) => ({
        local: { ...r.local, [key]: value },
        pending: latest ? without(r.pending, key) : r.pending,
        waiting: latest ? without(r.waiting, key) : r.waiting,
      }));
      return latest ? 'saved' : 'superseded';
    }
    if (!latest) return 'superseded';
    // The service could not take it now (unreachable, or the session expired): kept, to be sent later.
    const reason = waitingReason(outcome.error);
    // Journaled when it was asked; kept again in case the disk refused then.
    if (reason && this.journal.keep([intent])) {
      context.patch((r) => ({ waiting: { ...r.waiting, [key]: reason } }));
      if (reason === 'expired') context.get().session.markExpired();
      this.retryLater();
      return 'waiting';
    }
    // Refused: the service keeps what it held; the screen (and the journal) go back to it.
    this.journal.forget([intent]);
    context.patch((r) => ({ pending: without(r.pending, key) }));
    return { problem: problemOf(outcome.error) };
  }

  /** Intents taken but not to be sent after all (a batch stopped): the screen goes back to what is saved. */
  drop(intents: readonly Intent[]): void {
    const { context } = this;
    const dropped = intents.filter(({ episode, ticket }) => context.writes.isLatest(episodeRefKey(episode), ticket)).map((i) => episodeRefKey(i.episode));
    if (dropped.length === 0) return;
    this.journal.forget(intents.filter(({ episode }) => dropped.includes(episodeRefKey(episode))));
    for (const key of dropped) context.writes.ask(key);
    context.patch((r) => ({ pending: dropped.reduce((rest, key) => without(rest, key), r.pending) }));
  }

  /** Sends the kept ratings again in a while (one timer at a time). */
  retryLater(): void {
    if (this.#retryTimer !== undefined) return;
    const { deps } = this.context.runtime;
    const timers = deps.timers ?? { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms).unref() };
    this.#retryTimer = timers.setTimeout(() => {
      this.#retryTimer = undefined;
      void this.context.get().ratings.sendWaiting();
    }, WAITING_RETRY_MS);
  }

  /** The write itself, with the record of rating dates kept in step (see rating-dates.ts). */
  private async send(client: Runtime['client'], episode: EpisodeRef, value: number | null): Promise<void> {
    const { context } = this;
    if (!client) throw new Error(NOT_CONNECTED);
    const item = { kind: 'episode', id: episode.seriesId, season: episode.season, episode: episode.episode } as const;
    await context.dates.sending(context.datesRater(), item, value, () => this.request(client, episode, value));
  }

  /** The request: rateEpisode, or deleteEpisodeRating (null). */
  private async request(client: NonNullable<Runtime['client']>, episode: EpisodeRef, value: number | null): Promise<void> {
    const path = { series_id: episode.seriesId, season_number: episode.season, episode_number: episode.episode };
    if (value !== null) return void (await client.call('rateEpisode', { path, body: { value } }));
    try {
      await client.call('deleteEpisodeRating', { path });
    } catch (error) {
      // 404: the service holds no such rating (never made, or already gone): deleted all the same.
      if (describeFailure(error).httpStatus !== 404) throw error;
    }
  }
}

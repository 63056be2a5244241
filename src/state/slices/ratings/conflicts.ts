import type { Runtime } from '../../deps.js';
import { without, type RatingsContext } from './context.js';
import type { Intent, RatingDelivery } from './delivery.js';
import type { RatingsJournal } from './journal.js';
import * as say from './messages.js';
import { episodeRefKey, type EpisodeRef } from './model.js';

/** What the service holds for the episode now (null: no rating); 'unreachable' when it could not be asked. */
export async function serviceRating(runtime: Runtime, episode: EpisodeRef): Promise<number | null | 'unreachable'> {
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
}

/**
 * Ratings kept on this machine, sent once the service answers; one the service meanwhile holds
 * differently (set elsewhere) is never overwritten without asking: it becomes a conflict, and
 * the user decides.
 */
export class KeptRatings {
  #sendingNow: Promise<void> | undefined;

  constructor(
    private readonly context: RatingsContext,
    private readonly journal: RatingsJournal,
    private readonly delivery: RatingDelivery,
  ) {}

  /** Sends the ratings kept on this machine, in the order they were asked, if the service answers now. */
  sendWaiting(): Promise<void> {
    // One pass at a time; asked again meanwhile, the caller waits for the pass under way.
    this.#sendingNow ??= this.sendKept().finally(() => {
      this.#sendingNow = undefined;
    });
    return this.#sendingNow;
  }

  /** The pass under way, if any. */
  get sendingNow(): Promise<void> | undefined {
    return this.#sendingNow;
  }

  /** The first conflict: send mine over the service's (true), or keep the service's (false). */
  async resolve(sendMine: boolean): Promise<void> {
    const { context } = this;
    const conflict = context.get().ratings.conflicts[0];
    if (!conflict) return;
    context.patch((r) => ({ conflicts: r.conflicts.slice(1) }));
    const { episode, mine, theirs } = conflict;
    if (!sendMine) {
      this.settle(episode, theirs);
      context.notify(say.keptTheirs(episode, theirs), 'info');
      return;
    }
    // The user chose: what the service holds now counts as the "before" of this write.
    const intent: Intent = { episode, value: mine, ticket: context.writes.ask(episodeRefKey(episode)), before: theirs, saved: theirs, account: context.accountKey() };
    this.journal.keep([intent], true);
    const outcome = await this.delivery.deliver(intent);
    if (outcome === 'saved') context.notify(say.sentMine(episode, mine), 'success');
    if (typeof outcome === 'object') context.notify(say.mineNotSent(episode, outcome.problem.message), 'error', 8_000);
  }

  /** Reads again what the service holds for the first conflict: the prompt names that, and one the service now settles goes. */
  async recheck(): Promise<void> {
    const { context } = this;
    const conflict = context.get().ratings.conflicts[0];
    if (!conflict) return;
    const theirs = await serviceRating(context.runtime, conflict.episode);
    if (theirs === 'unreachable' || context.get().ratings.conflicts[0] !== conflict) return;
    if (theirs === conflict.mine) {
      context.patch((r) => ({ conflicts: r.conflicts.slice(1) }));
      this.settle(conflict.episode, theirs);
    } else if (theirs !== conflict.theirs) {
      context.patch((r) => ({ conflicts: [{ ...conflict, theirs }, ...r.conflicts.slice(1)] }));
    }
  }

  /** The service holds `value` for the episode: the kept entry is done with, and the screen says so. */
  private settle(episode: EpisodeRef, value: number | null): void {
    const { context } = this;
    const key = episodeRefKey(episode);
    this.journal.forget([{ account: context.accountKey(), episode }]);
    context.writes.ask(key);
    context.patch((r) => ({ local: { ...r.local, [key]: value }, pending: without(r.pending, key), waiting: without(r.waiting, key) }));
  }

  /** Sends the journal's entries of whoever is signed in, in order; stops at the first that finds the service away. */
  private async sendKept(): Promise<void> {
    const { context } = this;
    const account = context.accountKey();
    if (!account || !context.runtime.client) return;
    const started = context.epoch;
    // Ratings and deletes sent, told apart in the toast.
    let sent = 0;
    let deleted = 0;
    const count = (value: number | null) => (value === null ? deleted++ : sent++);
    try {
      for (const entry of this.journal.entriesOf(account)) {
        if (started !== context.epoch) return;
        const episode: EpisodeRef = { seriesId: entry.seriesId, season: entry.season, episode: entry.episode };
        const key = episodeRefKey(episode);
        // Asked again in this run since: that newer intent has the say.
        if (context.get().ratings.pending[key] !== entry.value || !context.get().ratings.waiting[key]) continue;
        const theirs = await serviceRating(context.runtime, episode);
        if (started !== context.epoch) return;
        if (theirs === 'unreachable') {
          this.delivery.retryLater();
          return;
        }
        if (theirs === entry.value) {
          this.settle(episode, theirs);
          count(entry.value);
          continue;
        }
        if (theirs !== entry.before && !entry.earlier?.includes(theirs)) {
          // Set elsewhere meanwhile: never overwritten without asking.
          if (!context.get().ratings.conflicts.some((c) => episodeRefKey(c.episode) === key)) {
            context.patch((r) => ({ conflicts: [...r.conflicts, { episode, mine: entry.value, theirs }] }));
          }
          continue;
        }
        const outcome = await this.delivery.deliver({ episode, value: entry.value, ticket: context.writes.ask(key), before: entry.before, saved: entry.before, account });
        if (outcome === 'waiting') return;
        if (outcome === 'saved') count(entry.value);
        if (typeof outcome === 'object') context.notify(say.keptRefused(episode, outcome.problem.message), 'error', 8_000);
      }
    } finally {
      const summary = say.keptSent(sent, deleted);
      if (summary) context.notify(summary, 'success');
    }
  }
}

import { ratingProblem } from '../../../contract/rules.js';
import { inTurn } from '../../concurrency/in-turn.js';
import type { RatingsContext } from './context.js';
import type { Intent } from './delivery.js';
import type { RatingsJournal } from './journal.js';
import * as say from './messages.js';
import { episodeRefKey, type EpisodeRef, type RatingBatch } from './model.js';
import type { RatingWriter } from './writer.js';

/**
 * Batches: several episodes rated with one value, one request at a time (see RatingBatch),
 * each batch in turn behind the ones asked before it.
 */
export class RatingBatches {
  /** Batches run one after another, each one request at a time. */
  readonly #inTurn = inTurn(() => undefined);

  constructor(
    private readonly context: RatingsContext,
    private readonly writer: RatingWriter,
    private readonly journal: RatingsJournal,
  ) {}

  /** Rates each episode with `value`, in order, one request at a time; stops at the first failure. */
  async rateMany(episodes: readonly EpisodeRef[], value: number): Promise<void> {
    if (ratingProblem(value) || episodes.length === 0) return;
    const { context, writer } = this;
    context.patch({ lastValue: value });
    const asked = await writer.takeInTurn(() => {
      const intents = episodes.map((episode) => writer.intend(episode, value));
      writer.remember(say.plural(episodes.length, 'episode'), intents);
      return intents;
    }, 'start');
    if (asked.problem) {
      context.patch({ batch: { value, episodes, done: 0, kept: 0, status: 'stopped', stoppedAt: { episode: episodes[0]!, problem: asked.problem } } });
      return;
    }
    await this.queue({ value, episodes, done: 0, kept: 0, status: 'running' }, asked.taken);
  }

  /** Goes on with a stopped batch from the episode it stopped at. */
  async retry(): Promise<void> {
    const { context, writer } = this;
    const batch = context.get().ratings.batch;
    if (batch?.status !== 'stopped') return;
    const rest = batch.episodes.slice(batch.done);
    context.patch({ batch: undefined });
    const asked = await writer.takeInTurn(() => rest.map((episode) => writer.intend(episode, batch.value)), 'start');
    if (asked.problem) {
      context.patch({ batch: { ...batch, stoppedAt: { episode: rest[0]!, problem: asked.problem } } });
      return;
    }
    // The same batch goes on (its episodes are in the undo history already): only the rest is sent.
    const intents: (Intent | undefined)[] = [...new Array<undefined>(batch.done), ...asked.taken];
    await this.queue(batch, intents);
  }

  /** Forgets a batch that is no longer running. */
  dismiss(): void {
    this.context.patch((r) => (r.batch && r.batch.status !== 'running' ? { batch: undefined } : {}));
  }

  /** Resolves once the batches asked for so far are done. */
  settled(): Promise<void> {
    return this.#inTurn(async () => undefined);
  }

  /** Queues a batch behind the ones asked before it. */
  private queue(batch: RatingBatch, intents: readonly (Intent | undefined)[]): Promise<void> {
    this.context.patch((r) => ({ batchesWaiting: r.batchesWaiting + 1 }));
    return this.#inTurn(async () => {
      this.context.patch((r) => ({ batchesWaiting: r.batchesWaiting - 1 }));
      await this.run(batch, intents);
    });
  }

  /** Sends a batch's intents from `batch.done` on, one request at a time. */
  private async run(batch: RatingBatch, intents: readonly (Intent | undefined)[]): Promise<void> {
    const { context } = this;
    const { delivery } = this.writer;
    const started = context.epoch;
    let current: RatingBatch = { ...batch, status: 'running', stoppedAt: undefined };
    const setBatch = (next: RatingBatch) => {
      if (started === context.epoch) context.patch({ batch: next });
    };
    setBatch(current);
    while (current.done < current.episodes.length) {
      const intent = intents[current.done]!;
      const outcome = await delivery.deliver(intent);
      if (started !== context.epoch) return;
      if (typeof outcome === 'object') {
        delivery.drop(intents.slice(current.done + 1).filter((i): i is Intent => i !== undefined));
        current = { ...current, status: 'stopped', stoppedAt: { episode: intent.episode, problem: outcome.problem } };
        setBatch(current);
        context.notify(say.batchStopped(current.done - current.kept, current.episodes.length, intent.episode, outcome.problem.message), 'error', 8_000);
        return;
      }
      if (outcome === 'waiting') {
        // The service does not answer: the rest is kept on this machine too, to be sent in order later.
        const rest = intents
          .slice(current.done + 1)
          .filter((i): i is Intent => i !== undefined && context.writes.isLatest(episodeRefKey(i.episode), i.ticket));
        // Journaled when the batch was asked; kept again in case the disk refused then.
        const kept = this.journal.keep(rest) ? rest : [];
        context.patch((r) => ({ waiting: kept.reduce((all, i) => ({ ...all, [episodeRefKey(i.episode)]: r.waiting[episodeRefKey(intent.episode)] ?? 'offline' }), r.waiting) }));
        delivery.drop(rest.filter((i) => !kept.includes(i)));
        context.patch({ batch: undefined });
        const busy = context.get().ratings.waiting[episodeRefKey(intent.episode)] === 'busy';
        context.notify(say.batchKept(current.done - current.kept, current.episodes.length, kept.length + 1, busy), 'warning', 8_000);
        return;
      }
      current = { ...current, done: current.done + 1, kept: current.kept + (outcome === 'superseded' ? 1 : 0) };
      setBatch(current);
    }
    context.patch({ batch: undefined });
    context.notify(say.batchDone(current.episodes.length - current.kept, current.kept, current.value), 'success');
  }
}

import { describeFailure, type Problem } from '../../words/failures.js';
import { latestIntent } from '../../concurrency/latest-intent.js';
import { patchSlice, type SliceContext } from '../../slice.js';
import { markKey, type MarksStore, type MarkWrite, type TitleRef } from './model.js';

/**
 * Writes of one kind to one title: the last asked wins (latest-intent.ts). They go out in turn,
 * and one that a newer ask of the same kind has overtaken is not sent at all, nor said to be
 * saved: the newer one says what the service ends with. For the watchlist and favourites,
 * beside them the setting the asks leave it with. `pending` says which kinds are under way.
 */
export class MarkWrites {
  readonly #intents = latestIntent();
  readonly #asked = new Map<string, number>();
  readonly #queuedSettings = new Map<string, boolean>();

  constructor(private readonly store: SliceContext<MarksStore>) {}

  /** Whether a write of this kind to this title was asked in this run and is not done yet. */
  isAsked(title: TitleRef, kind: MarkWrite): boolean {
    return this.#asked.has(markKey(title, kind));
  }

  /** The setting the writes asked for leave the title with, or `shown` when none is out. */
  settingAfterQueue(title: TitleRef, kind: 'watchlist' | 'favorite', shown: boolean): boolean {
    return this.#queuedSettings.get(markKey(title, kind)) ?? shown;
  }

  /** Runs one write once those before it of its kind are done; undefined when done (or overtaken by a newer ask), else why not. */
  async write(
    title: TitleRef,
    kind: MarkWrite,
    call: () => Promise<unknown>,
    done: string,
    setting?: boolean,
    /** A rating's write: told how the latest ask ended (no error: saved); what it returns is added to a problem's message. */
    answered?: (failed?: { readonly error: unknown }) => string | undefined,
  ): Promise<Problem | undefined> {
    const intents = this.#intents;
    const key = markKey(title, kind);
    if (setting !== undefined) this.#queuedSettings.set(key, setting);
    const ticket = intents.ask(key);
    this.begin(key);
    try {
      const outcome = await intents.write(key, ticket, call);
      // Overtaken, before or while it went out: the newer ask has the say, and its own message.
      if (outcome.kind === 'superseded' || !intents.isLatest(key, ticket)) return undefined;
      if (outcome.kind === 'saved') {
        answered?.();
        if (done) this.store.get().notifications.notify(done, 'success');
        return undefined;
      }
      const left = answered?.({ error: outcome.error });
      const failure = describeFailure(outcome.error);
      const message = left ? `${failure.message}: ${left}` : failure.message;
      return failure.kind === 'auth' ? { message: `${message}.`, reason: 'sessionRejected' } : { message };
    } finally {
      this.end(key);
    }
  }

  private begin(key: string): void {
    this.#asked.set(key, (this.#asked.get(key) ?? 0) + 1);
    this.setPending(key, true);
  }

  private end(key: string): void {
    const left = (this.#asked.get(key) ?? 1) - 1;
    if (left > 0) return void this.#asked.set(key, left);
    // All done: the account states loaded again after the writes say the setting.
    this.#asked.delete(key);
    this.#queuedSettings.delete(key);
    this.setPending(key, false);
  }

  private setPending(key: string, underWay: boolean): void {
    patchSlice(this.store.set, 'marks', (m) => {
      if (underWay) return { pending: { ...m.pending, [key]: true as const } };
      const { [key]: _done, ...rest } = m.pending;
      return { pending: rest };
    });
  }
}

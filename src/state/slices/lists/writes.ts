import type { ListId } from '../../../contract/index.js';
import type { CatalogApi } from '../../deps.js';
import { describeFailure } from '../../words/failures.js';
import { inTurn } from '../../concurrency/in-turn.js';
import { patchSlice, type SliceContext } from '../../slice.js';
import { listMovieKey, type ListsStore, type WriteOutcome } from './model.js';

/**
 * The writes of my lists, sent in turn (in-turn.ts): `busy` holds while any is out or waiting,
 * and `membershipAfterWrites` says where each movie being added or removed will be.
 */
export class ListWrites {
  readonly #inTurn = inTurn((underWay) => {
    this.setBusy(underWay);
    // All done: the reads loaded again after the writes say where each movie is.
    if (!underWay) this.setMembership(() => ({}));
  });

  constructor(private readonly store: SliceContext<ListsStore>) {}

  /**
   * Runs one write once those asked for before it are done; a failure comes back in the
   * service's words and as a toast, so it is seen even when the form that asked is gone.
   */
  write(what: string, action: (client: CatalogApi) => Promise<WriteOutcome>): Promise<WriteOutcome> {
    const { get, runtime } = this.store;
    const client = runtime.client;
    if (!client) return Promise.resolve({ ok: false, message: 'Not connected to the service yet.' });
    if (get().session.current.kind !== 'user') {
      return Promise.resolve({ ok: false, message: 'Lists belong to an account: sign in first.', reason: 'needsSession' });
    }
    return this.#inTurn(async () => {
      try {
        const outcome = await action(client);
        // A refusal the action itself found (nothing was sent that failed) is a warning, not an error.
        get().notifications.notify(outcome.message, outcome.ok ? 'success' : 'warning');
        return outcome;
      } catch (error) {
        const failure = describeFailure(error);
        const message = `Could not ${what}: ${failure.message}`;
        get().notifications.notify(message, 'error', 8_000);
        return { ok: false, message, failure };
      }
    });
  }

  /** An add (true) or remove, counted in what the queued writes leave; a failed one leaves the list as the service says. */
  changeMembership(listId: ListId, movieId: number, on: boolean, send: () => Promise<WriteOutcome>): Promise<WriteOutcome> {
    const key = listMovieKey(listId, movieId);
    this.setMembership((membership) => ({ ...membership, [key]: on }));
    return send().then((outcome) => {
      if (!outcome.ok && this.store.get().lists.membershipAfterWrites[key] === on) {
        this.setMembership(({ [key]: _failed, ...rest }) => rest);
      }
      return outcome;
    });
  }

  private setBusy(busy: boolean): void {
    patchSlice(this.store.set, 'lists', (lists) => (lists.busy === busy ? {} : { busy }));
  }

  private setMembership(update: (membership: Readonly<Record<string, boolean>>) => Readonly<Record<string, boolean>>): void {
    patchSlice(this.store.set, 'lists', (lists) => ({ membershipAfterWrites: update(lists.membershipAfterWrites) }));
  }
}

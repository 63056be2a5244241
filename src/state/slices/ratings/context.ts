import type { DatesRater } from '../../../storage/rating-dates.js';
import type { Runtime } from '../../deps.js';
import { latestIntent } from '../../concurrency/latest-intent.js';
import { ratingDates, type RatingDates } from '../rating-dates.js';
import { patchSlice, type SliceContext } from '../../slice.js';
import type { NotificationsSlice } from '../notifications.js';
import type { LoadStatus } from '../queries.js';
import type { SessionSlice } from '../session.js';
import type { RatingsSlice } from './model.js';

/** The record less one key (the same record when it has no such key). */
export const without = <V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> => {
  if (!(key in record)) return record;
  const { [key]: _gone, ...rest } = record;
  return rest;
};

/** The slice before anything is loaded or asked, and again when who is signed in changes. */
export const INITIAL_RATINGS = {
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
export type RatingsStore = { readonly ratings: RatingsSlice; readonly session: SessionSlice; readonly notifications: NotificationsSlice };

export type RatingsPatch = Partial<RatingsSlice> | ((r: RatingsSlice) => Partial<RatingsSlice>);

/**
 * What the parts of the ratings slice share: the store (read, and the slice patched), the
 * runtime (client and credentials), who is rating, the session epoch, each episode's newest
 * intent, and the record of rating dates.
 */
export class RatingsContext {
  /** Bumped when the session changes: answers to requests made for the previous one are dropped. */
  epoch = 0;
  /** Every write of an episode's rating, whatever asked for it, goes through here: the last intent wins. */
  readonly writes = latestIntent();
  /** When each rating was given (storage/rating-dates.ts): the rated lists of version 3 do not say. */
  readonly dates: RatingDates;
  readonly get: () => RatingsStore;
  readonly runtime: Runtime;
  readonly #set: SliceContext<RatingsStore>['set'];

  constructor({ set, get, runtime }: SliceContext<RatingsStore>) {
    this.#set = set;
    this.get = get;
    this.runtime = runtime;
    this.dates = ratingDates(runtime.deps.ratingDates, runtime.deps.now ?? Date.now, (message) => this.notify(message, 'warning', 8_000));
  }

  patch(changes: RatingsPatch): void {
    patchSlice(this.#set, 'ratings', changes);
  }

  notify(...toast: Parameters<RatingsStore['notifications']['notify']>): void {
    this.get().notifications.notify(...toast);
  }

  /** Whose record of rating dates: the account, or the guest session (the storage only keeps a digest of its id). */
  datesRater(): DatesRater | undefined {
    const session = this.get().session.current;
    if (session.kind === 'user' && session.accountId !== undefined) return { kind: 'account', accountId: session.accountId };
    const guest = this.runtime.credentials?.guestSessionId;
    if (session.kind === 'guest' && guest) return { kind: 'guest', sessionId: guest };
    return undefined;
  }

  /** Whose ratings the journal's entries are: the signed-in account, or the guest session. */
  accountKey(): string | undefined {
    const session = this.get().session.current;
    if (session.kind === 'guest') return 'guest';
    if (session.kind === 'user') return `user:${session.accountId ?? session.username}`;
    return undefined;
  }
}

import type { Problem } from '../../words/failures.js';
import type { SliceContext } from '../../slice.js';
import type { MarksSlice, MarksStore, TitleRef } from './model.js';
import { TitleRatings } from './title-ratings.js';
import { MarkWrites } from './writes.js';

const NEEDS_ACCOUNT: Problem = { message: 'The watchlist and favourites belong to an account: sign in first.', reason: 'needsSession' };

/**
 * The marks of films and series. The slice builds its parts and hands each action to the one
 * that does it: the writes of each kind to each title in turn (writes.ts), my ratings of films
 * and series with their journal (title-ratings.ts); the watchlist and favourites are here.
 */
export function createMarksSlice(store: SliceContext<MarksStore>): MarksSlice {
  const { get, runtime } = store;
  const writes = new MarkWrites(store);
  const ratings = new TitleRatings(store, writes);

  /** Puts the title on the watchlist or marks it a favourite (`on`), or the other way round; needs an account. */
  const accountWrite = async (title: TitleRef, kind: 'watchlist' | 'favorite', on: boolean, done: string): Promise<Problem | undefined> => {
    const client = runtime.client;
    if (!client) return { message: 'Not connected to the service yet.' };
    if (get().session.current.kind !== 'user') return NEEDS_ACCOUNT;
    return writes.write(
      title,
      kind,
      async () => {
        const path = { account_id: await get().session.accountIdFor(client) };
        if (kind === 'watchlist') await client.call('setWatchlist', { path, body: { media_type: title.kind, media_id: title.id, watchlist: on } });
        else await client.call('setFavorite', { path, body: { media_type: title.kind, media_id: title.id, favorite: on } });
      },
      done,
      on,
    );
  };

  return {
    pending: {},
    rate: (title, value) => ratings.rate(title, value),
    deleteRating: (title) => ratings.deleteRating(title),
    sessionChanged: () => ratings.sessionChanged(),

    setWatchlist(title, on) {
      return accountWrite(title, 'watchlist', on, on ? `Put “${title.title}” on your watchlist` : `Took “${title.title}” off your watchlist`);
    },

    setFavorite(title, on) {
      return accountWrite(title, 'favorite', on, on ? `Marked “${title.title}” as a favourite` : `“${title.title}” is no longer a favourite`);
    },

    toggleWatchlist(title, shown) {
      return get().marks.setWatchlist(title, !writes.settingAfterQueue(title, 'watchlist', shown));
    },

    toggleFavorite(title, shown) {
      return get().marks.setFavorite(title, !writes.settingAfterQueue(title, 'favorite', shown));
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogClient } from '../../src/api/client.js';
import type { TitleRef } from '../../src/state/index.js';
import { startEmbeddedCatalog, type EmbeddedCatalog } from '../ui/tv-support.js';
import { storeWithDelayedCalls, type TestStore } from './support.js';

/**
 * A film's and a series' marks (rating, watchlist, favourite) go through one ordered path per
 * title and kind where the last ask wins (state/concurrency/latest-intent.ts), as episode ratings do: asks
 * overtaken by a newer one are not sent, no toast says they were saved, and the service ends
 * with the last ask.
 */

let catalog: EmbeddedCatalog;
let film: TitleRef;

beforeAll(async () => {
  catalog = await startEmbeddedCatalog();
  const popular = await catalog.client.call('popularMovies', {});
  const first = popular.results[0]!;
  film = { kind: 'movie', id: first.id, title: first.title ?? `Film ${first.id}` };
}, 60_000);
afterAll(() => catalog.close());

const WRITES = ['rateMovie', 'deleteMovieRating', 'setWatchlist', 'setFavorite'];

/** A store whose writes each take `delayMs`, with every write it sends written down. */
function slowStore(delayMs: number): { test: TestStore; sent: string[]; client: () => CatalogClient } {
  const sent: string[] = [];
  const { test, client } = storeWithDelayedCalls(catalog.server, (key, args) => {
    if (!WRITES.includes(key)) return undefined;
    sent.push(`${key} ${JSON.stringify((args as { body?: unknown }).body ?? null)}`);
    return delayMs;
  });
  return { test, sent, client };
}

const toasts = (test: TestStore) => test.store.getState().notifications.toasts.map((t) => t.text);

describe("a title's marks", () => {
  it('rated three times at once: only the last is sent, and only it is said saved', async () => {
    const { test, sent, client } = slowStore(80);
    try {
      await test.store.getState().connection.start();
      const marks = () => test.store.getState().marks;
      const answers = await Promise.all([marks().rate(film, 5), marks().rate(film, 9), marks().rate(film, 7)]);
      expect(answers).toEqual([undefined, undefined, undefined]);
      expect(sent).toEqual(['rateMovie {"value":7}']);
      expect(test.store.getState().marks.pending).toEqual({});
      expect((await client().call('movieAccountStates', { path: { movie_id: film.id } })).rated).toEqual({ value: 7 });
      expect(toasts(test).filter((text) => text.startsWith('Rated'))).toEqual([`Rated “${film.title}”: 7.0`]);
    } finally {
      test.cleanup();
    }
  });

  it('rated again twice while the first rating is out: the middle one is never sent, and the first is not said saved', async () => {
    const { test, sent, client } = slowStore(150);
    try {
      await test.store.getState().connection.start();
      const marks = () => test.store.getState().marks;
      const first = marks().rate(film, 5);
      while (sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const answers = await Promise.all([first, marks().rate(film, 9), marks().rate(film, 7)]);
      expect(answers).toEqual([undefined, undefined, undefined]);
      expect(sent).toEqual(['rateMovie {"value":5}', 'rateMovie {"value":7}']);
      expect((await client().call('movieAccountStates', { path: { movie_id: film.id } })).rated).toEqual({ value: 7 });
      expect(toasts(test).filter((text) => text.startsWith('Rated'))).toEqual([`Rated “${film.title}”: 7.0`]);
      expect(test.store.getState().marks.pending).toEqual({});
    } finally {
      test.cleanup();
    }
  });

  it('a watchlist toggled three times in one read ends toggled once, with one write sent', async () => {
    const { test, sent, client } = slowStore(80);
    try {
      await test.store.getState().connection.start();
      const { username, password } = catalog.server.demoAccount as { username: string; password: string };
      expect(await test.store.getState().session.signInWithPassword(username, password)).toBe(true);
      const before = await client().call('movieAccountStates', { path: { movie_id: film.id } });
      const shown = before.watchlist === true;
      const marks = () => test.store.getState().marks;
      await Promise.all([marks().toggleWatchlist(film, shown), marks().toggleWatchlist(film, shown), marks().toggleWatchlist(film, shown)]);
      expect(sent).toHaveLength(1);
      const after = await client().call('movieAccountStates', { path: { movie_id: film.id } });
      expect(after.watchlist).toBe(!shown);
      expect(test.store.getState().marks.pending).toEqual({});
    } finally {
      test.cleanup();
    }
  });
});

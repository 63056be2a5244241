import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeRef } from '../../src/state/index.js';
import { myRating } from '../../src/state/index.js';
import { seriesWithSeason, startEmbeddedCatalog, type EmbeddedCatalog } from '../ui/tv-support.js';
import { storeWithDelayedCalls, type TestStore } from './support.js';

/**
 * Every write of an episode's rating goes through one ordered path where the last intent wins
 * (state/concurrency/latest-intent.ts). Against a service whose writes take a random time, whatever the
 * interleaving of the asks (all at once, as keys in one read, or each waited for, as keys one
 * at a time), the service ends with what the same asks give one after another, and the store
 * says what the service holds.
 */

const EPISODES = 5;
let catalog: EmbeddedCatalog;
let episodes: EpisodeRef[];

beforeAll(async () => {
  catalog = await startEmbeddedCatalog();
  const { series, season } = await seriesWithSeason(catalog.client, EPISODES);
  episodes = Array.from({ length: EPISODES }, (_, i) => ({ seriesId: series.id, season: season.season_number, episode: i + 1 }));
}, 60_000);
afterAll(() => catalog.close());

type Op =
  | { readonly kind: 'rate'; readonly episode: number; readonly value: number }
  | { readonly kind: 'many'; readonly episodes: readonly number[]; readonly value: number }
  | { readonly kind: 'delete'; readonly episode: number }
  | { readonly kind: 'undo' };

/** What the asks give one after another: my rating of each episode (null: none). */
function model(ops: readonly Op[]): (number | null)[] {
  const ratings: (number | null)[] = Array.from({ length: EPISODES }, () => null);
  const history: { episode: number; before: number | null }[][] = [];
  for (const op of ops) {
    if (op.kind === 'rate') {
      history.push([{ episode: op.episode, before: ratings[op.episode]! }]);
      ratings[op.episode] = op.value;
    } else if (op.kind === 'many') {
      history.push(op.episodes.map((episode) => ({ episode, before: ratings[episode]! })));
      for (const episode of op.episodes) ratings[episode] = op.value;
    } else if (op.kind === 'delete') {
      if (ratings[op.episode] === null) continue;
      history.push([{ episode: op.episode, before: ratings[op.episode]! }]);
      ratings[op.episode] = null;
    } else {
      for (const { episode, before } of history.pop() ?? []) ratings[episode] = before;
    }
  }
  return ratings;
}

const ratingValue = fc.integer({ min: 1, max: 20 }).map((halves) => halves / 2);
const episodeIndex = fc.integer({ min: 0, max: EPISODES - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('rate' as const), episode: episodeIndex, value: ratingValue }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('many' as const),
      episodes: fc.uniqueArray(episodeIndex, { minLength: 1, maxLength: 4 }).map((list) => [...list].sort((a, b) => a - b)),
      value: ratingValue,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), episode: episodeIndex }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'undo' as const }) },
);

/** A store whose rating writes each take 0 to `slowest` ms (drawn from `seed`), and a client to read the service with. */
function slowStore(seed: number, slowest: number): { test: TestStore; read: () => Promise<(number | null)[]> } {
  let state = seed >>> 0 || 1;
  const nextDelay = () => {
    // xorshift32: the delays are the same for the same seed, so a failure can be replayed.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % (slowest + 1);
  };
  const { test, client } = storeWithDelayedCalls(catalog.server, (key) => (key === 'rateEpisode' || key === 'deleteEpisodeRating' ? nextDelay() : undefined));
  const read = async () => {
    const { seriesId, season } = episodes[0]!;
    const states = await client().call('seasonAccountStates', { path: { series_id: seriesId, season_number: season } });
    return episodes.map((episode) => {
      const found = states.results.find((s) => s.episode_number === episode.episode);
      return found?.rated && typeof found.rated.value === 'number' ? found.rated.value : null;
    });
  };
  return { test, read };
}

/** Asks for `ops` in the store; after the ops marked in `waits`, waits until every write is answered (keys one at a time). */
async function run(test: TestStore, ops: readonly Op[], waits: readonly boolean[]): Promise<void> {
  const ratings = () => test.store.getState().ratings;
  const asked: Promise<unknown>[] = [];
  ops.forEach((next, index) => {
    if (next.kind === 'rate') asked.push(ratings().rate(episodes[next.episode]!, next.value));
    else if (next.kind === 'many') asked.push(ratings().rateMany(next.episodes.map((i) => episodes[i]!), next.value));
    else if (next.kind === 'delete') asked.push(ratings().deleteRating(episodes[next.episode]!));
    else asked.push(ratings().undo());
    if (waits[index]) asked.push(ratings().settled());
  });
  // Each wait holds the asks after it back, as a person waiting for the screen would.
  for (const promise of asked) await promise;
  await Promise.all(asked);
  await ratings().settled();
}

async function guestStore(seed: number, slowest: number) {
  const slow = slowStore(seed, slowest);
  await slow.test.store.getState().connection.start();
  expect(await slow.test.store.getState().session.startGuestSession()).toBe(true);
  return slow;
}

describe('the one write path of episode ratings', () => {
  it('a rating typed while a batch runs is kept: the batch skips it, and says so', async () => {
    const { test, read } = await guestStore(7, 120);
    try {
      const ratings = () => test.store.getState().ratings;
      // `a 6 Enter j j j r 9 Enter` in one read: the batch is asked first, then the single rating.
      const batch = ratings().rateMany(episodes, 6);
      const single = ratings().rate(episodes[3]!, 9);
      expect(await single).toBeUndefined();
      await batch;
      await ratings().settled();
      expect(await read()).toEqual([6, 6, 6, 9, 6]);
      expect(myRating(test.store.getState(), episodes[3]!)).toBe(9);
      const toasts = test.store.getState().notifications.toasts.map((t) => t.text);
      expect(toasts).toContain('Rated S1 E4: 9.0'.replace('S1', `S${episodes[3]!.season}`));
      expect(toasts.at(-1)).toMatch(/^Rated 4 episodes: 6\.0 \(1 episode kept as you set it since\)$/);
    } finally {
      test.cleanup();
    }
  });

  it('a delete right after a range rating deletes what the range wrote, and the prompt shows the value being saved', async () => {
    const { test, read } = await guestStore(11, 120);
    try {
      const ratings = () => test.store.getState().ratings;
      const range = ratings().rateMany([episodes[1]!, episodes[2]!], 2);
      // `d` at once: the confirm names the value asked for, not an older one.
      await Promise.resolve();
      await new Promise((resolve) => setImmediate(resolve));
      ratings().askDelete(episodes[2]!);
      expect(ratings().deletion).toMatchObject({ value: 2 });
      const deleted = ratings().confirmDelete();
      await Promise.all([range, deleted]);
      await ratings().settled();
      expect(await read()).toEqual([null, 2, null, null, null]);
      expect(myRating(test.store.getState(), episodes[2]!)).toBeUndefined();
      expect(ratings().pending).toEqual({});
    } finally {
      test.cleanup();
    }
  });

  it('undo takes back a whole batch in one step, and then the rating before it', async () => {
    const { test, read } = await guestStore(3, 40);
    try {
      const ratings = () => test.store.getState().ratings;
      await ratings().rate(episodes[0]!, 8);
      await ratings().rateMany(episodes, 5);
      expect(await read()).toEqual([5, 5, 5, 5, 5]);
      await ratings().undo();
      expect(await read()).toEqual([8, null, null, null, null]);
      expect(test.store.getState().notifications.toasts.at(-1)?.text).toBe('Undid your rating of 5 episodes');
      await ratings().undo();
      expect(await read()).toEqual([null, null, null, null, null]);
      await ratings().undo();
      expect(test.store.getState().notifications.toasts.at(-1)?.text).toBe('Nothing to undo');
    } finally {
      test.cleanup();
    }
  });

  it('any asks, split into reads at random, against writes of 0-300 ms, end as the same asks one after another', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 7 }),
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        async (ops, waits, seed) => {
          const { test, read } = await guestStore(seed, 300);
          try {
            await run(test, ops, waits);
            const expected = model(ops);
            expect(await read()).toEqual(expected);
            // The screen says what the service holds: nothing left pending, every row as saved.
            expect(test.store.getState().ratings.pending).toEqual({});
            expect(episodes.map((e) => myRating(test.store.getState(), e) ?? null)).toEqual(expected);
          } finally {
            test.cleanup();
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);
});

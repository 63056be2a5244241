import { describe, expect } from 'vitest';
import { ratingProblem } from '../../src/contract/index.js';
import { parseRating, withHalfPoint, type EpisodeRef } from '../../src/state/index.js';
import { storeTest as it } from '../store-test.js';
import { seriesWithSeason } from '../ui/tv-support.js';

/**
 * One rule decides which rating values the service takes (contract/rules.ts): the form, the
 * episode ratings, the batches and the film and series ratings all ask it, so a value it
 * refuses is refused everywhere with its words, before any request.
 */

let episodes: EpisodeRef[];

it.beforeAll(async ({ service }) => {
  const { series, season } = await seriesWithSeason(service.client, 2);
  episodes = [1, 2].map((episode) => ({ seriesId: series.id, season: season.season_number, episode }));
});

const REFUSED = [0, -1, 0.4, 7.2, 7.25, 10.5, 11];
const TAKEN = [0.5, 1, 7.5, 10];

describe('the rating rule', () => {
  it('refuses, in the form and in the store, the values it refuses, with its words, and sends nothing', async ({ stores }) => {
    const recording = stores.make();
    const { store } = recording;
    await store.getState().connection.start();
    for (const value of REFUSED) {
      const problem = ratingProblem(value);
      expect(problem, `${value}`).not.toBeNull();
      expect(parseRating(String(value))).toEqual({ problem });
      expect(await store.getState().ratings.rate(episodes[0]!, value)).toEqual({ message: problem });
      await store.getState().ratings.rateMany(episodes, value);
      expect(store.getState().ratings.batch).toBeUndefined();
      expect(await store.getState().marks.rate({ kind: 'movie', id: 1, title: 'A film' }, value)).toEqual({ message: problem });
    }
    await store.getState().ratings.settled();
    expect(recording.calls).not.toContain('rateEpisode');
    expect(recording.calls).not.toContain('rateMovie');
    expect(recording.calls).not.toContain('createGuestSession');
    expect(store.getState().ratings.pending).toEqual({});
  });

  it('lets the form read the values it takes', () => {
    for (const value of TAKEN) {
      expect(ratingProblem(value)).toBeNull();
      expect(parseRating(String(value))).toEqual({ value });
    }
  });

  it('decides where a half point more goes: on a whole rating the service would take with it', () => {
    expect(withHalfPoint(7)).toBe(7.5);
    expect(withHalfPoint(9)).toBe(9.5);
    expect(withHalfPoint(7.5)).toBeUndefined();
    expect(withHalfPoint(10)).toBeUndefined();
  });
});

import { describe, expect } from 'vitest';
import type { EpisodeRef } from '../../src/state/index.js';
import { myRating } from '../../src/state/index.js';
import { storeTest as it } from '../store-test.js';

/**
 * My episode ratings read again (a season shown again past the bound, a focus-in): the answer is
 * what the service holds now, over what was read before and over what this run wrote before the
 * read was asked; a rating deleted elsewhere goes.
 */

describe("a guest session's season read again", () => {
  it('shows what the service holds, changed and deleted elsewhere, over what this run wrote and read before', async ({ stores, episodes }) => {
    const test = stores.make();
    const state = () => test.store.getState();
    await state().connection.start();
    const [first, second, third] = episodes as [EpisodeRef, EpisodeRef, EpisodeRef];
    expect(await state().ratings.rate(first, 5)).toBeUndefined();
    expect(await state().ratings.rate(second, 6)).toBeUndefined();
    await state().ratings.loadSeasonRatings(first.seriesId, first.season);
    expect(state().ratings.guestSeasons[`${first.seriesId}/${first.season}`]?.status).toBe('ready');
    // Elsewhere (the same guest session): E1 deleted, E2 changed, E3 rated.
    const path = (e: EpisodeRef) => ({ series_id: e.seriesId, season_number: e.season, episode_number: e.episode });
    await test.client().call('deleteEpisodeRating', { path: path(first) });
    await test.client().call('rateEpisode', { path: path(second), body: { value: 2 } });
    await test.client().call('rateEpisode', { path: path(third), body: { value: 9 } });
    await state().ratings.loadSeasonRatings(first.seriesId, first.season, true);
    expect(episodes.map((e) => myRating(state(), e))).toEqual([undefined, 2, 9]);
  });
});

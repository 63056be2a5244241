import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import type { CatalogApi, EpisodeRef } from '../../src/state/index.js';
import { myRating } from '../../src/state/index.js';
import { seriesWithSeason, startEmbeddedCatalog, type EmbeddedCatalog } from '../ui/tv-support.js';
import { makeStore } from './support.js';

/**
 * My episode ratings read again (a season shown again past the bound, a focus-in): the answer is
 * what the service holds now, over what was read before and over what this run wrote before the
 * read was asked; a rating deleted elsewhere goes.
 */

let catalog: EmbeddedCatalog;
let episodes: EpisodeRef[];
beforeAll(async () => {
  catalog = await startEmbeddedCatalog();
  const { series, season } = await seriesWithSeason(catalog.client, 3);
  episodes = [1, 2, 3].map((episode) => ({ seriesId: series.id, season: season.season_number, episode }));
}, 60_000);
afterAll(() => catalog.close());

describe("a guest session's season read again", () => {
  it('shows what the service holds, changed and deleted elsewhere, over what this run wrote and read before', async () => {
    let client: CatalogClient | undefined;
    const test = makeStore(
      { baseUrl: catalog.server.url, token: catalog.server.token, approvalBase: catalog.server.url },
      {
        createClient: (target, session) => {
          const own = new CatalogClient({ baseUrl: target.baseUrl, token: target.token ?? '', session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
          client = own;
          const api: CatalogApi = { call: (key, args) => own.call(key, args), close: () => own.close() };
          return api;
        },
      },
    );
    try {
      const state = () => test.store.getState();
      await state().connection.start();
      const [first, second, third] = episodes as [EpisodeRef, EpisodeRef, EpisodeRef];
      expect(await state().ratings.rate(first, 5)).toBeUndefined();
      expect(await state().ratings.rate(second, 6)).toBeUndefined();
      await state().ratings.loadSeasonRatings(first.seriesId, first.season);
      expect(state().ratings.guestSeasons[`${first.seriesId}/${first.season}`]?.status).toBe('ready');
      // Elsewhere (the same guest session): E1 deleted, E2 changed, E3 rated.
      const path = (e: EpisodeRef) => ({ series_id: e.seriesId, season_number: e.season, episode_number: e.episode });
      await client!.call('deleteEpisodeRating', { path: path(first) });
      await client!.call('rateEpisode', { path: path(second), body: { value: 2 } });
      await client!.call('rateEpisode', { path: path(third), body: { value: 9 } });
      await state().ratings.loadSeasonRatings(first.seriesId, first.season, true);
      expect(episodes.map((e) => myRating(state(), e))).toEqual([undefined, 2, 9]);
    } finally {
      test.cleanup();
    }
  });
});

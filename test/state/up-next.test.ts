import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import { upNextSource } from '../../src/state/index.js';
import { seriesWithSeason, startEmbeddedCatalog, type EmbeddedCatalog } from '../ui/tv-support.js';

/** Up next: the first aired episode after the last one rated, of each series followed. */

let catalog: EmbeddedCatalog;
beforeAll(async () => {
  catalog = await startEmbeddedCatalog();
}, 60_000);
afterAll(() => catalog.close());

describe('up next', () => {
  it('names the episode after the last one rated, with the aired episodes left, and leaves a caught-up series out', async () => {
    const { series, season, details } = await seriesWithSeason(catalog.client, 4);
    const guest = await catalog.client.call('createGuestSession', {});
    const client = new CatalogClient({
      baseUrl: catalog.server.url,
      token: catalog.server.token,
      session: () => ({ guestSessionId: guest.guest_session_id }),
      retry: { maxRetries: 0 },
    });
    try {
      const path = (episode: number) => ({ series_id: series.id, season_number: season.season_number, episode_number: episode });
      // Rated out of order: the last one rated in the run is E3, whatever the order of the writes.
      await client.call('rateEpisode', { path: path(3), body: { value: 7 } });
      await client.call('rateEpisode', { path: path(1), body: { value: 8 } });
      const today = Date.now();
      const source = upNextSource({ kind: 'guest' }, today);
      const upNext = await source.load(client);
      expect(upNext.series).toBe(1);
      const entry = upNext.entries[0]!;
      expect(entry).toMatchObject({ seriesId: series.id, season: season.season_number, episode: 4, lastRated: { season: season.season_number, episode: 3 } });
      expect(entry.name).toBe(details.episodes.find((e) => e.episode_number === 4)!.name);
      // Left: E4 to the last aired episode of the series, counted through the seasons.
      const seriesDetails = await catalog.client.call('tvDetails', { path: { series_id: series.id } });
      const last = seriesDetails.last_episode_to_air!;
      const seasons = seriesDetails.seasons.filter((s) => s.season_number >= 1);
      const ordinal = (s: number, e: number) => seasons.filter((x) => x.season_number < s).reduce((sum, x) => sum + x.episode_count, 0) + e;
      expect(entry.left).toBe(ordinal(last.season_number, last.episode_number) - ordinal(season.season_number, 4) + 1);

      // Every aired episode rated: caught up, off the list.
      await client.call('rateEpisode', { path: { series_id: series.id, season_number: last.season_number, episode_number: last.episode_number }, body: { value: 6 } });
      const caughtUp = await upNextSource({ kind: 'guest' }, today).load(client);
      expect(caughtUp.entries).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

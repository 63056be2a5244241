import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../../src/api/client.js';
import { readStatsData, statsSource, type StatsProgress } from '../../../src/state/index.js';
import { seriesWithSeason, startEmbeddedCatalog, type EmbeddedCatalog } from '../../ui/tv-support.js';

/** Reading the figures' data from a guest session's rated lists on the embedded catalog. */

let catalog: EmbeddedCatalog;
beforeAll(async () => {
  catalog = await startEmbeddedCatalog();
}, 60_000);
afterAll(() => catalog.close());

describe('readStatsData', () => {
  it('reads the three rated lists and each title once, with its credits appended, reporting its progress', async () => {
    const guest = await catalog.client.call('createGuestSession', {});
    const client = new CatalogClient({
      baseUrl: catalog.server.url,
      token: catalog.server.token,
      session: () => ({ guestSessionId: guest.guest_session_id }),
      retry: { maxRetries: 0 },
    });
    try {
      const films = (await catalog.client.call('popularMovies', {})).results.slice(0, 2);
      const { series, season } = await seriesWithSeason(catalog.client, 2);
      await client.call('rateMovie', { path: { movie_id: films[0]!.id }, body: { value: 8 } });
      await client.call('rateMovie', { path: { movie_id: films[1]!.id }, body: { value: 5.5 } });
      await client.call('rateSeries', { path: { series_id: series.id }, body: { value: 9 } });
      for (const episode of [1, 2]) {
        await client.call('rateEpisode', { path: { series_id: series.id, season_number: season.season_number, episode_number: episode }, body: { value: 6 + episode } });
      }

      const calls: string[] = [];
      const counting = {
        call: ((key: string, args: { query?: Record<string, unknown> }) => {
          calls.push(`${key}${args.query?.append_to_response ? `+${String(args.query.append_to_response)}` : ''}`);
          return client.call(key as never, args as never);
        }) as CatalogClient['call'],
      };
      const progress: StatsProgress[] = [];
      const data = await readStatsData(counting, { kind: 'guest' }, { progress: (p) => progress.push(p) });

      expect(data.films.map((f) => [f.id, f.rating])).toEqual([[films[0]!.id, 8], [films[1]!.id, 5.5]]);
      expect(data.series.map((s) => [s.id, s.rating])).toEqual([[series.id, 9]]);
      expect(data.episodes.map((e) => [e.seriesId, e.season, e.episode, e.rating])).toEqual([
        [series.id, season.season_number, 1, 7],
        [series.id, season.season_number, 2, 8],
      ]);
      // One page of each list, then the two films and the one series (rated, and behind the episodes): six requests.
      expect(calls.sort()).toEqual(['guestRatedEpisodes', 'guestRatedMovies', 'guestRatedSeries', 'movieDetails+credits', 'movieDetails+credits', 'tvDetails+credits']);
      const details = await catalog.client.call('movieDetails', { path: { movie_id: films[0]!.id }, query: { append_to_response: 'credits' } });
      const facts = data.facts.get(`movie:${films[0]!.id}`)!;
      expect(facts.genres.map((g) => g.name)).toEqual(details.genres.map((g) => g.name));
      expect(facts.runtime).toBe(details.runtime);
      expect(facts.directors.map((d) => d.id)).toEqual(details.credits!.crew.filter((c) => c.job === 'Director').map((c) => c.id));
      expect(data.titles.get(`movie:${films[0]!.id}`)?.name).toBe(details.title);
      // The progress only grows, and ends with every step done.
      expect(progress.at(-1)).toEqual({ done: 6, total: 6 });
      for (let i = 1; i < progress.length; i++) expect(progress[i]!.done).toBeGreaterThanOrEqual(progress[i - 1]!.done);

      // The Stats view's read gives the same figures.
      const stats = await statsSource({ kind: 'guest' }).load(client);
      // The embedded catalog gives no dates and nothing was rated through the state layer here: none is dated.
      expect(stats.figures.totals).toEqual({ films: 2, series: 1, episodes: 2, dated: 0, undated: 5 });
      expect(stats.figures.ratings.films.find((b) => b.label === '5.5')?.refs).toEqual([{ kind: 'movie', id: films[1]!.id }]);
    } finally {
      await client.close();
    }
  });
});

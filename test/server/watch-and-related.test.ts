import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { videoAddress } from '../../src/contract/index.js';
import { PROVIDERS } from '../../src/server/catalog/watch-providers.js';
import { type TestServer, TEST_CATALOG_SIZE, expectSchema, refusal, startTestServer } from './harness.js';

/** Where to watch, videos, recommendations and similar titles on the embedded catalog. */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.dispose();
});

const filmCount = Math.round(TEST_CATALOG_SIZE * 0.7);
const seriesCount = TEST_CATALOG_SIZE - filmCount;
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('watch providers', () => {
  it('most films have offers in DE; films not out yet have none anywhere', async () => {
    let inGermany = 0;
    let notOut = 0;
    const films = 100;
    for (const movie_id of ids(films)) {
      const [providers, details] = await Promise.all([
        t.client.call('movieWatchProviders', { path: { movie_id } }),
        t.client.call('movieDetails', { path: { movie_id } }),
      ]);
      expectSchema('movieWatchProviders', providers);
      if (details.status !== 'Released') {
        notOut++;
        expect(providers.results, `film ${movie_id}`).toEqual({});
        continue;
      }
      if (providers.results.DE) inGermany++;
    }
    expect(notOut).toBeGreaterThan(0);
    expect(inGermany / (films - notOut)).toBeGreaterThan(0.85);
  });

  it('each region has a link to a page that lists the same providers, and kinds of offer with known providers', async () => {
    const answer = await t.client.call('movieWatchProviders', { path: { movie_id: 1 } });
    const germany = answer.results.DE!;
    expect(germany.link).toBe(`${t.server.url}/movie/1/watch?locale=DE`);
    const known = new Map(PROVIDERS.map((p) => [p.id, p]));
    const offered: string[] = [];
    for (const kind of ['flatrate', 'rent', 'buy', 'free', 'ads'] as const) {
      for (const provider of germany[kind] ?? []) {
        const info = known.get(provider.provider_id)!;
        expect(info.name).toBe(provider.provider_name);
        // A provider offers only what it offers, and only where it operates.
        expect(info.offers.includes(kind), `${info.name} ${kind}`).toBe(true);
        expect(info.regions === undefined || info.regions.includes('DE')).toBe(true);
        offered.push(provider.provider_name);
      }
    }
    expect(offered.length).toBeGreaterThan(0);
    const page = await request(germany.link!);
    const html = await page.body.text();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const name of offered) expect(html).toContain(name);
    expect((await request(`${t.server.url}/movie/1/watch?locale=ZZ`)).statusCode).toBe(404);
    expect((await request(`${t.server.url}/movie/999999/watch?locale=DE`)).statusCode).toBe(404);
  });

  it('the same answer every time (deterministic per seed), and for series too', async () => {
    const first = await t.client.call('seriesWatchProviders', { path: { series_id: 2 } });
    const again = await t.client.call('seriesWatchProviders', { path: { series_id: 2 } });
    expect(again).toEqual(first);
    expectSchema('seriesWatchProviders', first);
  });

  it('regions, and the providers of films and series, optionally of one region', async () => {
    const regions = await t.client.call('watchProviderRegions');
    expect(regions.results.find((r) => r.iso_3166_1 === 'DE')).toEqual({ iso_3166_1: 'DE', english_name: 'Germany', native_name: 'Deutschland' });
    const everywhere = await t.client.call('movieWatchProviderList');
    const germany = await t.client.call('movieWatchProviderList', { query: { watch_region: 'DE' } });
    expect(germany.results.map((p) => p.provider_name)).toContain('WOW');
    expect(germany.results.map((p) => p.provider_name)).not.toContain('Hulu');
    expect(everywhere.results.length).toBeGreaterThan(germany.results.length);
    const priorities = germany.results.map((p) => p.display_priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    const series = await t.client.call('seriesWatchProviderList');
    expect(series.results.map((p) => p.provider_name)).not.toContain('Google Play Movies');
  });

  it('a title that does not exist is 404 status_code 34', async () => {
    expect((await refusal(t.client.call('movieWatchProviders', { path: { movie_id: 999_999 } }))).statusCode).toBe(34);
    expect((await refusal(t.client.call('seriesWatchProviders', { path: { series_id: 999_999 } }))).statusCode).toBe(34);
  });
});

describe('videos', () => {
  it('YouTube trailers and teasers with real-looking keys, for most films', async () => {
    let withTrailer = 0;
    for (const movie_id of ids(60)) {
      const videos = await t.client.call('movieVideos', { path: { movie_id } });
      expectSchema('movieVideos', videos);
      for (const video of videos.results) {
        expect(video.site).toBe('YouTube');
        expect(video.key).toMatch(/^[A-Za-z0-9_-]{11}$/);
        expect(video.id).toMatch(/^[0-9a-f]{24}$/);
        expect(['Trailer', 'Teaser', 'Clip', 'Featurette', 'Behind the Scenes']).toContain(video.type);
        expect(video.iso_639_1).toBe('en');
        expect(videoAddress(video.site, video.key)).toBe(`https://www.youtube.com/watch?v=${video.key}`);
      }
      if (videos.results.some((v) => v.type === 'Trailer')) withTrailer++;
    }
    expect(withTrailer).toBeGreaterThan(45);
  });

  it('only the languages asked for: language, plus include_video_language', async () => {
    // Find a title with a video in its original language.
    for (const series_id of ids(seriesCount)) {
      const all = await t.client.call('seriesVideos', { path: { series_id }, query: { language: 'en-US', include_video_language: 'fr,de,es,it,ja,ko,pt,hi,sv,nl' } });
      const other = all.results.find((v) => v.iso_639_1 !== 'en');
      if (!other) continue;
      const english = await t.client.call('seriesVideos', { path: { series_id } });
      expect(english.results.every((v) => v.iso_639_1 === 'en')).toBe(true);
      const theirs = await t.client.call('seriesVideos', { path: { series_id }, query: { language: other.iso_639_1! } });
      expect(theirs.results.map((v) => v.iso_639_1)).toEqual(theirs.results.map(() => other.iso_639_1));
      return;
    }
    throw new Error('no series with a video in another language');
  });

  it('a title that does not exist is 404 status_code 34', async () => {
    expect((await refusal(t.client.call('movieVideos', { path: { movie_id: 999_999 } }))).statusCode).toBe(34);
  });
});

describe('recommendations and similar titles', () => {
  it('share genres, never include the title itself, and name only titles that exist', async () => {
    for (const movie_id of [1, 7, 50, filmCount]) {
      const details = await t.client.call('movieDetails', { path: { movie_id } });
      const genres = new Set(details.genres.map((g) => g.id));
      for (const key of ['movieRecommendations', 'similarMovies'] as const) {
        const first = await t.client.call(key, { path: { movie_id } });
        const second = await t.client.call(key, { path: { movie_id }, query: { page: 2 } });
        expectSchema(key, first);
        const all = [...first.results, ...second.results];
        expect(all.length, `${key} ${movie_id}`).toBeGreaterThan(0);
        expect(first.total_pages).toBeLessThanOrEqual(2);
        expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
        for (const other of all) {
          expect(other.id).not.toBe(movie_id);
          expect(other.id).toBeLessThanOrEqual(filmCount);
          expect(other.genre_ids!.some((g) => genres.has(g)), `${key} ${movie_id} -> ${other.id}`).toBe(true);
        }
        if (key === 'movieRecommendations') expect(first.results.every((m) => m.media_type === 'movie')).toBe(true);
      }
    }
  });

  it('for series too, and a page past the end is empty', async () => {
    const details = await t.client.call('tvDetails', { path: { series_id: 3 } });
    const genres = new Set(details.genres.map((g) => g.id));
    for (const key of ['seriesRecommendations', 'similarSeries'] as const) {
      const answer = await t.client.call(key, { path: { series_id: 3 } });
      expectSchema(key, answer);
      expect(answer.results.length).toBeGreaterThan(0);
      for (const other of answer.results) {
        expect(other.id).not.toBe(3);
        expect(other.genre_ids.some((g) => genres.has(g))).toBe(true);
      }
      expect((await t.client.call(key, { path: { series_id: 3 }, query: { page: 3 } })).results).toEqual([]);
    }
    expect((await refusal(t.client.call('similarSeries', { path: { series_id: 999_999 } }))).statusCode).toBe(34);
  });
});

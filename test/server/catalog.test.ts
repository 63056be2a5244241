import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dayNumber } from '../../src/server/catalog/calendar.js';
import { MOVIE_CERTIFICATIONS, TV_CERTIFICATIONS } from '../../src/server/catalog/certifications.js';
import { CatalogGenerator } from '../../src/server/catalog/generator.js';
import { filterByLanguage } from '../../src/server/catalog/images.js';
import { TITLE_START_WEIGHT } from '../../src/server/catalog/ranked-search.js';
import { DEFAULT_SEED, catalogShape } from '../../src/server/catalog/shape.js';
import { CatalogIndex, catalogFileName, ftsQuery, titleKey } from '../../src/server/catalog/store.js';
import { FIXTURE_DIR } from '../fixtures.js';
import { FIXED_NOW, TEST_CATALOG_SIZE, type TestServer, expectSchema, startTestServer, tempDir } from './harness.js';

let t: TestServer;
const generator = new CatalogGenerator(DEFAULT_SEED, TEST_CATALOG_SIZE);
const today = dayNumber(new Date(FIXED_NOW));

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.dispose();
});

describe('the generator', () => {
  it('is deterministic: the same seed and size give the same catalog', () => {
    const again = new CatalogGenerator(DEFAULT_SEED, TEST_CATALOG_SIZE);
    const firstTitles = (g: CatalogGenerator) => Array.from({ length: 20 }, (_, i) => g.movies.core(i + 1).title);
    expect(firstTitles(again)).toEqual(firstTitles(generator));
    expect(again.series.details(7, today)).toEqual(generator.series.details(7, today));
    expect(again.people.details(9, today)).toEqual(generator.people.details(9, today));
    const otherSeed = new CatalogGenerator(DEFAULT_SEED + 1, TEST_CATALOG_SIZE);
    expect(firstTitles(otherSeed)).not.toEqual(firstTitles(generator));
  });

  it('refuses sizes it cannot serve', () => {
    for (const size of [99, 500_001, 1.5, Number.NaN]) expect(() => catalogShape(1, size)).toThrow(RangeError);
    expect(() => catalogShape(-1, 1000)).toThrow(RangeError);
  });

  it('lays seasons out around today: series in production are part-way through a season', () => {
    let scheduled = 0;
    let unscheduled = 0;
    let specials = 0;
    const now = new Date(FIXED_NOW).toISOString().slice(0, 10);
    for (let id = 1; id <= generator.shape.seriesCount; id++) {
      const details = generator.series.details(id, today);
      expectSchema('tvDetails', details);
      const current = details.seasons.at(-1)!;
      const episodes = generator.series.seasonDetails(generator.series.core(id), generator.series.season(generator.series.core(id), current.season_number)!, today).episodes;
      const toCome = episodes.filter((e) => e.air_date === null || e.air_date > now);
      if (details.in_production && details.next_episode_to_air) {
        scheduled++;
        expect(details.next_episode_to_air.air_date! > now).toBe(true);
        expect(toCome.every((e) => e.air_date !== null)).toBe(true);
      } else if (details.in_production) {
        // Between announcements: the episodes to come have no dates yet.
        unscheduled++;
        expect(toCome.length).toBeGreaterThan(0);
        expect(toCome.every((e) => e.air_date === null)).toBe(true);
      } else {
        expect(details.next_episode_to_air).toBeNull();
        expect(toCome).toEqual([]);
      }
      expect(details.last_episode_to_air!.air_date! <= now).toBe(true);
      if (details.seasons.some((s) => s.season_number === 0)) specials++;
    }
    expect(scheduled).toBeGreaterThan(5);
    expect(unscheduled).toBeGreaterThan(2);
    expect(specials).toBeGreaterThan(0);
    // The newest series is always mid-season with its next episode dated.
    expect(generator.series.details(generator.shape.seriesCount, today).next_episode_to_air).not.toBeNull();
  });

  it('has the gaps of real records, the same for the same seed', () => {
    const again = new CatalogGenerator(DEFAULT_SEED, TEST_CATALOG_SIZE);
    const movies = Array.from({ length: generator.shape.movieCount }, (_, i) => generator.movies.details(i + 1, today));
    const series = Array.from({ length: generator.shape.seriesCount }, (_, i) => generator.series.details(i + 1, today));
    const people = Array.from({ length: 200 }, (_, i) => generator.people.details(i + 1, today));
    const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;
    expect(count(movies, (m) => m.overview === '')).toBeGreaterThan(2);
    expect(count(movies, (m) => m.tagline === '')).toBeGreaterThan(20);
    expect(count(movies, (m) => m.poster_path === null)).toBeGreaterThan(0);
    expect(count(series, (s) => s.overview === '')).toBeGreaterThan(0);
    expect(count(series, (s) => s.tagline === '')).toBeGreaterThan(20);
    expect(count(series, (s) => s.poster_path === null)).toBeGreaterThan(0);
    expect(count(people, (p) => p.birthday === null && p.place_of_birth === null)).toBeGreaterThan(10);
    // Most records still have what real records mostly have.
    expect(count(movies, (m) => m.overview !== '')).toBeGreaterThan(movies.length * 0.8);
    expect(count(people, (p) => p.birthday !== null)).toBeGreaterThan(people.length * 0.7);
    for (const id of [1, 2, 3, 50, 150]) {
      expect(again.movies.details(id, today)).toEqual(generator.movies.details(id, today));
      expect(again.series.details(Math.min(id, generator.shape.seriesCount), today)).toEqual(
        generator.series.details(Math.min(id, generator.shape.seriesCount), today),
      );
    }
  });

  it('gives every collection 2-4 films in release order', () => {
    for (let id = 1; id <= generator.shape.collectionCount; id++) {
      const collection = generator.collections.details(id, today);
      expectSchema('collectionDetails', collection);
      expect(collection.parts.length).toBeGreaterThanOrEqual(2);
      expect(collection.parts.length).toBeLessThanOrEqual(4);
      const dates = collection.parts.map((p) => p.release_date);
      expect(dates).toEqual([...dates].sort());
      for (const part of collection.parts) expect(generator.movies.details(part.id, today).belongs_to_collection?.id).toBe(id);
    }
  });

  it('keeps images tagged with languages, null included, and filters them as the real service does', () => {
    const all = Array.from({ length: 60 }, (_, i) => generator.movies.images(i + 1)).flatMap((m) => [...m.posters, ...m.backdrops, ...m.logos]);
    expect(all.some((image) => image.iso_639_1 === null)).toBe(true);
    expect(all.some((image) => image.iso_639_1 === 'en')).toBe(true);
    expect(filterByLanguage(all, undefined, 'null').every((i) => i.iso_639_1 === null)).toBe(true);
    expect(filterByLanguage(all, 'en-US', undefined).every((i) => i.iso_639_1 === 'en')).toBe(true);
    const both = filterByLanguage(all, 'en-US', 'null');
    expect(both.every((i) => i.iso_639_1 === 'en' || i.iso_639_1 === null)).toBe(true);
    expect(both.length).toBe(all.filter((i) => i.iso_639_1 === 'en' || i.iso_639_1 === null).length);
    expect(filterByLanguage(all, undefined, 'fr,NULL').every((i) => i.iso_639_1 === 'fr' || i.iso_639_1 === null)).toBe(true);
    expect(filterByLanguage(all, undefined, undefined)).toHaveLength(all.length);
  });
});

describe('certifications', () => {
  it('cover about 40 countries or more each, CA-QC and PR included', () => {
    for (const table of [TV_CERTIFICATIONS, MOVIE_CERTIFICATIONS]) {
      expect(Object.keys(table).length).toBeGreaterThanOrEqual(40);
      expect(table['CA-QC']).toBeDefined();
      expect(table.PR).toBeDefined();
      for (const [country, rows] of Object.entries(table)) {
        for (const [label] of rows) expect(label.length, country).toBeGreaterThan(0);
      }
    }
    // Labels and meanings as the service has them (certification-ladders.test.ts compares them all).
    expect(TV_CERTIFICATIONS.GB!.map(([label]) => label)).toEqual(['U', 'PG', '12A', '12', '15', '18', 'R18']);
  });
});

describe('endpoints over the generated catalog', () => {
  it('E14 filters upcoming films by release region', async () => {
    const all = await t.client.call('upcomingMovies');
    const us = await t.client.call('upcomingMovies', { query: { region: 'US' } });
    expect(us.total_results).toBeGreaterThan(0);
    expect(us.total_results).toBeLessThanOrEqual(all.total_results);
    for (const movie of us.results) expect(generator.movies.core(movie.id).regions).toContain('US');
    const jp = await t.client.call('upcomingMovies', { query: { region: 'JP' } });
    expect(jp.total_results).toBeLessThan(all.total_results);
  });

  it('dates follow the clock: tomorrow the upcoming window starts a day later', async () => {
    const before = await t.raw('GET', '/3/movie/upcoming');
    t.clock.advance(86_400_000);
    try {
      const after = await t.raw('GET', '/3/movie/upcoming');
      expect((after.json as { dates: { minimum: string } }).dates.minimum).toBe('2025-03-15');
      expect((before.json as { dates: { minimum: string } }).dates.minimum).toBe('2025-03-14');
    } finally {
      t.clock.advance(-86_400_000);
    }
  });

  it('E10 and E22 filter images by include_image_language, "null" meaning untagged', async () => {
    const movieId = Array.from({ length: 50 }, (_, i) => i + 1).find((id) => generator.movies.images(id).posters.some((p) => p.iso_639_1 === null))!;
    const untagged = await t.client.call('movieImages', { path: { movie_id: movieId }, query: { include_image_language: 'null' } });
    expect(untagged.posters.length).toBeGreaterThan(0);
    for (const image of [...untagged.posters, ...untagged.backdrops, ...(untagged.logos ?? [])]) expect(image.iso_639_1).toBeNull();
    const english = await t.client.call('movieImages', { path: { movie_id: movieId }, query: { language: 'en-US', include_image_language: 'en,null' } });
    for (const image of english.posters) expect([null, 'en']).toContain(image.iso_639_1);

    const path = { series_id: 1, season_number: 1, episode_number: 1 };
    const stills = await t.client.call('episodeImages', { path });
    const nullStills = await t.client.call('episodeImages', { path, query: { include_image_language: 'null' } });
    expect(nullStills.stills).toEqual(stills.stills.filter((s) => s.iso_639_1 === null));
  });

  it('multi search finds titles by original title and alternative name, ignoring accents', async () => {
    const foreign = Array.from({ length: generator.shape.movieCount }, (_, i) => generator.movies.core(i + 1)).find(
      (m) => m.originalTitle !== m.title && /[À-ÿ]/.test(m.originalTitle),
    )!;
    const byOriginal = await t.client.call('searchMulti', { query: { query: foreign.originalTitle } });
    expect(byOriginal.results.some((r) => r.media_type === 'movie' && r.id === foreign.id)).toBe(true);
    const unaccented = foreign.originalTitle.normalize('NFD').replace(/\p{M}/gu, '');
    const byUnaccented = await t.client.call('searchMulti', { query: { query: unaccented } });
    expect(byUnaccented.results.some((r) => r.id === foreign.id)).toBe(true);

    const renamed = Array.from({ length: generator.shape.movieCount }, (_, i) => generator.movies.core(i + 1)).find((m) => m.alternativeTitles.length > 0)!;
    const total = (await t.client.call('searchMulti', { query: { query: renamed.alternativeTitles[0]! } })).total_pages;
    const ids: number[] = [];
    for (let page = 1; page <= total; page++) {
      ids.push(...(await t.client.call('searchMulti', { query: { query: renamed.alternativeTitles[0]!, page } })).results.map((r) => r.id));
    }
    expect(ids).toContain(renamed.id);
  });

  /** Every result of a multi search for `query`, page by page, with the total it announced. */
  async function allResults(query: string) {
    const first = await t.client.call('searchMulti', { query: { query } });
    const results = [...first.results];
    for (let page = 2; page <= first.total_pages; page++) results.push(...(await t.client.call('searchMulti', { query: { query, page } })).results);
    return { results, total: first.total_results };
  }

  type Found = Awaited<ReturnType<typeof allResults>>['results'][number];
  const shownTitle = (r: Found): string => String(('title' in r ? r.title : r.name) ?? '');
  const originalTitle = (r: Found): string => String(('original_title' in r ? r.original_title : 'original_name' in r ? r.original_name : r.name) ?? '');

  /** How well a result's titles match the query, worked out from the answer alone: 0 is best. */
  function tierOf(result: Found, query: string): number {
    const typed = titleKey(query).split(' ');
    const title = titleKey(shownTitle(result)).split(' ');
    const titles = [...title, ...titleKey(originalTitle(result)).split(' ')];
    if (title.join(' ') === typed.join(' ')) return 0;
    const starts = typed.every((word, i) => (i < typed.length - 1 ? title[i] === word : title[i]?.startsWith(word)));
    if (starts || typed.every((word) => title.includes(word))) return 1;
    if (typed.every((word) => titles.some((w) => w.startsWith(word)))) return 2;
    return 3;
  }

  /**
   * The ranking: the exact title (tier 0); then titles that hold the words, where one that starts
   * with them or holds them whole (tier 1) weighs TITLE_START_WEIGHT times its popularity against
   * one that holds them elsewhere (tier 2); then alternative names only (tier 3).
   */
  function expectRanked(results: Found[], query: string) {
    const ranked = results.map((r) => ({ tier: tierOf(r, query), popularity: Number(r.popularity) }));
    const group = (tier: number) => (tier === 2 ? 1 : tier);
    const score = ({ tier, popularity }: { tier: number; popularity: number }) => (tier === 1 ? popularity * TITLE_START_WEIGHT : popularity);
    for (let i = 1; i < ranked.length; i++) {
      const [before, after] = [ranked[i - 1]!, ranked[i]!];
      expect(group(after.tier) >= group(before.tier), `result ${i} (tier ${after.tier}) after tier ${before.tier} for "${query}"`).toBe(true);
      if (group(after.tier) === group(before.tier)) expect(score(after), `result ${i} for "${query}"`).toBeLessThanOrEqual(score(before));
    }
    return ranked;
  }

  it('multi search ranks by how well the title matches, then by popularity, across pages', async () => {
    // A word that some title has only as an alternative name: a title match must come first
    // even when the alternative name belongs to a more popular film ("harbor" showed one first).
    const movies = Array.from({ length: generator.shape.movieCount }, (_, i) => generator.movies.core(i + 1));
    const hiddenWords = movies.flatMap((m) => {
      const own = new Set(titleKey(`${m.title} ${m.originalTitle}`).split(' '));
      return m.alternativeTitles.flatMap((alt) => titleKey(alt).split(' ').filter((w) => w.length > 3 && !own.has(w)));
    });
    const query = hiddenWords.find((word) => movies.some((m) => titleKey(m.title).split(' ').includes(word)))!;
    expect(query).toBeDefined();
    for (const typed of [query, 'harbor', 'the']) {
      const { results, total } = await allResults(typed);
      expect(results.length).toBe(total);
      expect(new Set(results.map((r) => `${r.media_type}:${r.id}`)).size).toBe(results.length);
      const ranked = expectRanked(results, typed);
      if (typed === query) {
        expect(ranked[0]!.tier).toBeLessThan(3);
        expect(ranked.at(-1)!.tier).toBe(3);
      }
    }
    const kinds = new Set((await allResults('the')).results.map((r) => r.media_type));
    expect(kinds.size).toBeGreaterThan(1);
  });

  it('a title typed in full comes first, however obscure; then titles by how well they match and how popular they are', async () => {
    const movie = Array.from({ length: generator.shape.movieCount }, (_, i) => generator.movies.core(i + 1)).find(
      (m) => m.popularity < 5 && /^\p{L}+ \p{L}+$/u.test(m.title),
    )!;
    const exact = (await t.client.call('searchMulti', { query: { query: movie.title.toUpperCase() } })).results;
    expect(titleKey(shownTitle(exact[0]!))).toBe(titleKey(movie.title));
    expect(exact.some((r) => r.media_type === 'movie' && r.id === movie.id)).toBe(true);
    // Its first word and part of the second: it is found, ranked among the others by the blend.
    const [firstWord, second] = movie.title.split(' ') as [string, string];
    const typed = `${firstWord} ${second.slice(0, 2)}`;
    const { results } = await allResults(typed);
    expect(results.some((r) => r.media_type === 'movie' && r.id === movie.id)).toBe(true);
    expect(results.map((r) => tierOf(r, typed))).toContain(1);
    expectRanked(results, typed);
  });

  it('a one-letter word matches as a whole word, so "Petra\'s" finds Petra\'s titles', async () => {
    expect(ftsQuery("Petra's Archive")).toBe('"petra"* "s" "archive"*');
    const possessive = Array.from({ length: generator.shape.movieCount }, (_, i) => generator.movies.core(i + 1)).find((m) => /^\p{L}+'s \p{L}+$/u.test(m.title))!;
    const found = await t.client.call('searchMulti', { query: { query: possessive.title } });
    expect(found.results.some((r) => r.media_type === 'movie' && r.id === possessive.id)).toBe(true);
  });

  it('search text that has no words finds nothing', async () => {
    expect(ftsQuery('  !!! ... ')).toBeUndefined();
    expect(ftsQuery('Harbor "of" the*')).toBe('"harbor"* "of"* "the"*');
    const empty = await t.client.call('searchMulti', { query: { query: '"*)(' } });
    expect(empty).toEqual({ page: 1, results: [], total_pages: 0, total_results: 0 });
  });
});

describe('the cached catalog file', () => {
  it('is generated once and reused by the next start', () => {
    const dataDir = tempDir();
    try {
      const first = CatalogIndex.open(dataDir, generator);
      expect(first.generated).toBe(true);
      first.close();
      const second = CatalogIndex.open(dataDir, generator);
      expect(second.generated).toBe(false);
      expect(second.popularMovies(undefined, 0, 5).items).toHaveLength(5);
      second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a build removes files of older generator versions and abandoned temporary files', () => {
    const dataDir = tempDir();
    try {
      const outdated = join(dataDir, 'catalog-v0-seed1-size100.sqlite');
      const abandoned = join(dataDir, `${catalogFileName(1, 100)}.123.abcd.tmp`);
      const inProgress = join(dataDir, `${catalogFileName(2, 100)}.456.beef.tmp`);
      for (const file of [outdated, abandoned, inProgress]) writeFileSync(file, '');
      const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
      utimesSync(abandoned, hourAgo, hourAgo);
      CatalogIndex.open(dataDir, generator).close();
      expect([outdated, abandoned, inProgress].map((f) => existsSync(f))).toEqual([false, false, true]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('catalog sizes', () => {
  it('serves the default 2,000-title demo catalog', async () => {
    const demo = await startTestServer({ catalogSize: undefined });
    try {
      expect((await demo.client.call('movieLatest')).id).toBe(1400);
      expect((await demo.client.call('tvLatest')).id).toBe(600);
      expect((await demo.client.call('popularTv')).total_results).toBe(600);
      const upcoming = await demo.client.call('upcomingMovies');
      expect(upcoming.total_pages).toBeGreaterThan(1);
      const collections = catalogShape(DEFAULT_SEED, 2000).collectionCount;
      expect((await demo.client.call('searchCollections', { query: { query: 'collection' } })).total_results).toBe(collections);
    } finally {
      await demo.dispose();
    }
  });

  it('builds and searches a 100,000-title catalog', () => {
    const dataDir = tempDir();
    try {
      const big = new CatalogGenerator(DEFAULT_SEED, 100_000);
      const index = CatalogIndex.open(dataDir, big);
      try {
        expect(index.popularMovies(undefined, 0, 20).total).toBe(70_000);
        expect(index.popularSeries(0, 20).total).toBe(30_000);
        const found = index.search(['movie', 'tv', 'person'], 'harbor', 0, 20);
        expect(found.items).toHaveLength(20);
        expect(found.total).toBeGreaterThan(1000);
        expect(index.upcomingMovies('US', 20, 20).items).toHaveLength(20);
        expectSchema('tvDetails', big.series.details(30_000, today));
      } finally {
        index.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

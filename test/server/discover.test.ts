import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MOVIE_SORTS, STATUS_CODES, TV_SORTS, type MovieListItem, type TvListItem } from '../../src/contract/index.js';
import { CatalogGenerator } from '../../src/server/catalog/generator.js';
import { CatalogIndex } from '../../src/server/catalog/store.js';
import type { IdMatch, Range, TitleFilter, TitleKind } from '../../src/server/catalog/discover-query.js';
import { Random } from '../../src/server/catalog/random.js';
import { Database } from '../../src/server/sqlite.js';
import { discoverBySql } from './discover-sql.js';
import { MOVIE_GENRES, TV_GENRES } from '../../src/server/catalog/genres.js';
import { TEST_CATALOG_SIZE, type TestServer, startTestServer } from './harness.js';

/** Discover, genres, trending and popular people on the embedded catalog. */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

type Query = Record<string, string | number>;

async function discoverAll(kind: 'movie', query?: Query): Promise<MovieListItem[]>;
async function discoverAll(kind: 'tv', query?: Query): Promise<TvListItem[]>;
/** Every page of a discover query. */
async function discoverAll(kind: 'movie' | 'tv', query: Query = {}): Promise<Array<MovieListItem | TvListItem>> {
  const out: Array<MovieListItem | TvListItem> = [];
  for (let page = 1; ; page++) {
    const body =
      kind === 'movie'
        ? await t.client.call('discoverMovies', { query: { ...query, page } })
        : await t.client.call('discoverSeries', { query: { ...query, page } });
    out.push(...body.results);
    if (page >= body.total_pages) {
      expect(out).toHaveLength(body.total_results);
      return out;
    }
  }
}

/** A refusal as the raw body shows it (the client refuses some of these before sending). */
async function refused(path: string) {
  const response = await t.raw('GET', path);
  return { status: response.status, body: response.json as { success: boolean; status_code: number; status_message: string } };
}

const ids = (items: ReadonlyArray<{ id: number }>) => items.map((item) => item.id);

describe('genres', () => {
  it('lists the real service’s film and series genres', async () => {
    const movie = await t.client.call('movieGenres');
    expect(movie.genres).toContainEqual({ id: 28, name: 'Action' });
    expect(movie.genres).toContainEqual({ id: 878, name: 'Science Fiction' });
    expect(movie.genres).toHaveLength(19);
    const tv = await t.client.call('seriesGenres');
    expect(tv.genres).toContainEqual({ id: 10765, name: 'Sci-Fi & Fantasy' });
    expect(tv.genres).toHaveLength(16);
  });
});

describe('discover films', () => {
  let all: MovieListItem[];
  beforeAll(async () => {
    all = await discoverAll('movie');
  });

  it('with no filter lists every film that is not a video, most popular first', async () => {
    const movies = Math.round(TEST_CATALOG_SIZE * 0.7);
    expect(all.length).toBeGreaterThan(movies * 0.9);
    expect(all.length).toBeLessThanOrEqual(movies);
    expect(all.every((m) => m.video === false)).toBe(true);
    const popularity = all.map((m) => m.popularity!);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    const withVideos = await discoverAll('movie', { include_video: 'true' });
    expect(withVideos.length).toBeGreaterThanOrEqual(all.length);
  });

  it('genres: "," needs all of them, "|" any of them, without_genres none', async () => {
    const [a, b] = [18, 35];
    const both = await discoverAll('movie', { with_genres: `${a},${b}` });
    const either = await discoverAll('movie', { with_genres: `${a}|${b}` });
    const notA = await discoverAll('movie', { without_genres: String(a) });
    const has = (m: MovieListItem, g: number) => m.genre_ids!.includes(g);
    expect(ids(both)).toEqual(ids(all.filter((m) => has(m, a) && has(m, b))));
    expect(ids(either)).toEqual(ids(all.filter((m) => has(m, a) || has(m, b))));
    expect(ids(notA)).toEqual(ids(all.filter((m) => !has(m, a))));
    expect(either.length).toBeGreaterThan(both.length);
    // A series genre is no film's: all of it matches nothing, any of it adds nothing.
    expect(await discoverAll('movie', { with_genres: '10765,18' })).toEqual([]);
    expect(ids(await discoverAll('movie', { with_genres: '10765|18' }))).toEqual(ids(all.filter((m) => has(m, 18))));
  });

  it('three filters and a sort: genre, release dates and a vote floor, by vote average', async () => {
    const query = { with_genres: '18|28', 'primary_release_date.gte': '1995-01-01', 'primary_release_date.lte': '2020-12-31', 'vote_average.gte': 6, sort_by: 'vote_average.desc' };
    const found = await discoverAll('movie', query);
    const expected = all
      .filter((m) => (m.genre_ids!.includes(18) || m.genre_ids!.includes(28)) && m.release_date! >= '1995-01-01' && m.release_date! <= '2020-12-31' && m.vote_average! >= 6)
      .sort((x, y) => y.vote_average! - x.vote_average! || y.vote_count! - x.vote_count! || x.id - y.id);
    expect(found.length).toBeGreaterThan(3);
    expect(ids(found)).toEqual(ids(expected));
  });

  it('every documented sort orders the answer', async () => {
    const key: Record<string, (m: MovieListItem) => number | string> = {
      popularity: (m) => m.popularity!,
      vote_average: (m) => m.vote_average!,
      vote_count: (m) => m.vote_count!,
      primary_release_date: (m) => m.release_date!,
      title: (m) => m.title!.toLowerCase(),
      original_title: (m) => m.original_title!.toLowerCase(),
    };
    for (const sort of MOVIE_SORTS) {
      const [field, direction] = sort.split('.') as [string, 'asc' | 'desc'];
      const page = await t.client.call('discoverMovies', { query: { sort_by: sort } });
      expect(page.results.length, sort).toBe(20);
      if (field === 'revenue') {
        const revenues = await Promise.all(page.results.map(async (m) => (await t.client.call('movieDetails', { path: { movie_id: m.id } })).revenue));
        expect(revenues, sort).toEqual([...revenues].sort((x, y) => (direction === 'asc' ? x - y : y - x)));
        continue;
      }
      const values = page.results.map(key[field]!);
      const sorted = [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
      expect(values, sort).toEqual(direction === 'asc' ? sorted : sorted.reverse());
    }
  });

  it('original language, runtime, year and companies', async () => {
    const language = all.find((m) => m.original_language !== 'en')!.original_language!;
    const inLanguage = await discoverAll('movie', { with_original_language: language });
    expect(ids(inLanguage)).toEqual(ids(all.filter((m) => m.original_language === language)));

    const short = await discoverAll('movie', { 'with_runtime.lte': 100 });
    expect(short.length).toBeGreaterThan(0);
    for (const m of short.slice(0, 5)) expect((await t.client.call('movieDetails', { path: { movie_id: m.id } })).runtime).toBeLessThanOrEqual(100);

    const year = Number(all[0]!.release_date!.slice(0, 4));
    expect(ids(await discoverAll('movie', { primary_release_year: year }))).toEqual(ids(all.filter((m) => m.release_date!.startsWith(`${year}-`))));

    const company = (await t.client.call('movieDetails', { path: { movie_id: all[0]!.id } })).production_companies[0]!.id;
    const made = await discoverAll('movie', { with_companies: String(company) });
    expect(ids(made)).toContain(all[0]!.id);
    for (const m of made.slice(0, 5)) {
      const details = await t.client.call('movieDetails', { path: { movie_id: m.id } });
      expect(details.production_companies.map((c) => c.id)).toContain(company);
    }
    expect(ids(await discoverAll('movie', { without_companies: String(company) }))).not.toContain(all[0]!.id);
  });

  it('where to watch: a provider in a region, and the kinds of offer', async () => {
    const netflix = await discoverAll('movie', { watch_region: 'US', with_watch_providers: '8' });
    expect(netflix.length).toBeGreaterThan(0);
    for (const m of netflix.slice(0, 5)) {
      const offers = (await t.client.call('movieWatchProviders', { path: { movie_id: m.id } })).results.US!;
      const providers = [...(offers.flatrate ?? []), ...(offers.buy ?? []), ...(offers.rent ?? []), ...(offers.free ?? []), ...(offers.ads ?? [])];
      expect(providers.map((p) => p.provider_id)).toContain(8);
    }
    const free = await discoverAll('movie', { watch_region: 'US', with_watch_monetization_types: 'free|ads' });
    for (const m of free.slice(0, 5)) {
      const offers = (await t.client.call('movieWatchProviders', { path: { movie_id: m.id } })).results.US!;
      expect((offers.free?.length ?? 0) + (offers.ads?.length ?? 0)).toBeGreaterThan(0);
    }
    const notNetflix = await discoverAll('movie', { watch_region: 'US', without_watch_providers: '8' });
    expect(ids(notNetflix).some((id) => ids(netflix).includes(id))).toBe(false);
  });

  it('certification: each label of a country counts towards the span of labels', async () => {
    const labels = ['G', 'PG', 'PG-13', 'R', 'NC-17'];
    let sum = 0;
    for (const certification of labels) {
      sum += (await t.client.call('discoverMovies', { query: { certification_country: 'US', certification } })).total_results;
    }
    const span = await t.client.call('discoverMovies', { query: { certification_country: 'US', 'certification.gte': 'G', 'certification.lte': 'NC-17' } });
    expect(sum).toBeGreaterThan(0);
    expect(span.total_results).toBe(sum);
    const upTo = await t.client.call('discoverMovies', { query: { certification_country: 'US', 'certification.lte': 'PG' } });
    expect(upTo.total_results).toBeLessThan(sum);
  });
});

describe('discover series', () => {
  it('networks, keywords, first air dates and vote counts', async () => {
    const all = await discoverAll('tv');
    expect(all.length).toBe(TEST_CATALOG_SIZE - Math.round(TEST_CATALOG_SIZE * 0.7));
    const first = await t.client.call('tvDetails', { path: { series_id: all[0]!.id } });
    const network = first.networks[0]!.id;
    const onNetwork = await discoverAll('tv', { with_networks: String(network) });
    expect(ids(onNetwork)).toContain(first.id);
    for (const s of onNetwork.slice(0, 5)) {
      expect((await t.client.call('tvDetails', { path: { series_id: s.id } })).networks.map((n) => n.id)).toContain(network);
    }
    const keyword = (await t.client.call('tvKeywords', { path: { series_id: first.id } })).results[0]!.id;
    const tagged = await discoverAll('tv', { with_keywords: String(keyword) });
    expect(ids(tagged)).toContain(first.id);
    for (const s of tagged.slice(0, 5)) {
      expect((await t.client.call('tvKeywords', { path: { series_id: s.id } })).results.map((k) => k.id)).toContain(keyword);
    }
    expect(ids(await discoverAll('tv', { without_keywords: String(keyword) }))).not.toContain(first.id);

    const query = { 'first_air_date.gte': '2010-01-01', 'vote_count.gte': 50, with_genres: '18|35', sort_by: 'first_air_date.asc' };
    const found = await discoverAll('tv', query);
    const expected = all
      .filter((s) => s.first_air_date! >= '2010-01-01' && s.vote_count! >= 50 && (s.genre_ids!.includes(18) || s.genre_ids!.includes(35)))
      .sort((x, y) => (x.first_air_date! < y.first_air_date! ? -1 : x.first_air_date! > y.first_air_date! ? 1 : x.id - y.id));
    expect(ids(found)).toEqual(ids(expected));
    expect(found.length).toBeGreaterThan(0);
  });

  it('every documented sort orders the answer', async () => {
    const key: Record<string, (s: TvListItem) => number | string> = {
      popularity: (s) => s.popularity!,
      vote_average: (s) => s.vote_average!,
      vote_count: (s) => s.vote_count!,
      first_air_date: (s) => s.first_air_date!,
      name: (s) => s.name!.toLowerCase(),
      original_name: (s) => s.original_name!.toLowerCase(),
    };
    for (const sort of TV_SORTS) {
      const [field, direction] = sort.split('.') as [string, 'asc' | 'desc'];
      const values = (await t.client.call('discoverSeries', { query: { sort_by: sort } })).results.map(key[field]!);
      const sorted = [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
      expect(values, sort).toEqual(direction === 'asc' ? sorted : sorted.reverse());
    }
  });
});

describe('discover refuses what it cannot read, with the service’s envelope', () => {
  const invalidParameters = { status: 422, status_code: 5 };
  it.each([
    ['/3/discover/movie?sort_by=loudness.desc', invalidParameters, /Invalid parameters/],
    ['/3/discover/tv?sort_by=title.asc', invalidParameters, /Invalid parameters/],
    ['/3/discover/movie?vote_average.gte=8&vote_average.lte=5', invalidParameters, /vote_average\.gte \(8\) is above vote_average\.lte \(5\)/],
    ['/3/discover/movie?primary_release_date.gte=2020-01-01&primary_release_date.lte=2019-01-01', invalidParameters, /primary_release_date\.gte \(2020-01-01\) is after primary_release_date\.lte \(2019-01-01\)/],
    ['/3/discover/tv?with_runtime.gte=60&with_runtime.lte=30', invalidParameters, /with_runtime/],
    ['/3/discover/movie?certification_country=US&certification.gte=R&certification.lte=G', invalidParameters, /certification/],
    ['/3/discover/movie?certification_country=US&certification=U', invalidParameters, /"U" is not a movie certification of US; its labels are NR, G, PG, PG-13, R, NC-17/],
    ['/3/discover/movie?certification=R', invalidParameters, /certification_country/],
    ['/3/discover/movie?with_watch_providers=8', invalidParameters, /watch_region/],
    ['/3/discover/movie?watch_region=US&with_watch_monetization_types=stream', invalidParameters, /with_watch_monetization_types/],
    ['/3/discover/movie?with_genres=18,|35', invalidParameters, /with_genres/],
    ['/3/discover/movie?with_cast=287', invalidParameters, /with_cast is not a filter of this catalog/],
    ['/3/discover/movie?vote_count.gte=many', invalidParameters, /Invalid parameters/],
    ['/3/discover/movie?page=501', { status: 400, status_code: 22 }, /Invalid page/],
    ['/3/discover/tv?page=0', { status: 400, status_code: 22 }, /Invalid page/],
    ['/3/discover/movie?primary_release_date.gte=2020-13-01', { status: 400, status_code: 23 }, /Invalid date/],
    ['/3/discover/tv?first_air_date.lte=14.03.2025', { status: 400, status_code: 23 }, /Invalid date/],
  ])('%s', async (path, expected, message) => {
    const { status, body } = await refused(path);
    expect({ status, status_code: body.status_code, success: body.success }).toEqual({ ...expected, success: false });
    expect(STATUS_CODES[body.status_code as keyof typeof STATUS_CODES].http).toBe(status);
    expect(body.status_message).toMatch(message);
  });
});

describe('trending', () => {
  const ranking = async (path: string) => ((await t.raw('GET', path)).json as { results: Array<{ id: number; media_type: string }> }).results.map((r) => `${r.media_type}:${r.id}`);

  it('is the same all day, differs between day and week, and moves the next day', async () => {
    const today = await ranking('/3/trending/movie/day');
    expect(await ranking('/3/trending/movie/day')).toEqual(today);
    const week = await ranking('/3/trending/movie/week');
    expect(week).not.toEqual(today);
    t.clock.advance(3 * 3_600_000);
    expect(await ranking('/3/trending/movie/day'), 'later the same day').toEqual(today);
    t.clock.advance(24 * 3_600_000);
    const tomorrow = await ranking('/3/trending/movie/day');
    expect(tomorrow).not.toEqual(today);
    // The week moves less than the day: more of its top 20 stay.
    const weekAfter = await ranking('/3/trending/movie/week');
    const kept = (a: string[], b: string[]) => a.filter((x) => b.includes(x)).length;
    expect(kept(week, weekAfter)).toBeGreaterThanOrEqual(kept(today, tomorrow));
    t.clock.advance(-27 * 3_600_000);
  });

  it('follows popularity: the trending films are popular ones', async () => {
    const popular = new Set(ids((await discoverAll('movie')).slice(0, 80)));
    const trending = (await t.client.call('trendingMovies', { path: { time_window: 'week' } })).results;
    expect(trending.filter((m) => popular.has(m.id)).length).toBeGreaterThanOrEqual(12);
  });

  it('all mixes films, series and people, each tagged; a kind lists only its own', async () => {
    const all = await t.client.call('trendingAll', { path: { time_window: 'day' }, query: { page: 1 } });
    expect(new Set(all.results.map((r) => r.media_type))).toEqual(new Set(['movie', 'tv', 'person']));
    for (const [key, kind] of [['trendingMovies', 'movie'], ['trendingSeries', 'tv'], ['trendingPeople', 'person']] as const) {
      const page = await t.client.call(key, { path: { time_window: 'week' } });
      expect(page.results.length, kind).toBe(20);
      expect(page.results.every((r) => r.media_type === kind), kind).toBe(true);
    }
    const second = await t.client.call('trendingAll', { path: { time_window: 'day' }, query: { page: 2 } });
    const tagged = (results: ReadonlyArray<{ id: number; media_type: string }>) => results.map((r) => `${r.media_type}:${r.id}`);
    expect(tagged(second.results).filter((entry) => tagged(all.results).includes(entry))).toEqual([]);
  });

  it('a window other than day or week names nothing', async () => {
    const { status, body } = await refused('/3/trending/movie/month');
    expect({ status, status_code: body.status_code }).toEqual({ status: 404, status_code: 34 });
  });
});

describe('popular people', () => {
  it('lists people most popular first, with what they are known for', async () => {
    const page = await t.client.call('popularPeople');
    expect(page.results).toHaveLength(20);
    const popularity = page.results.map((p) => p.popularity!);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    expect(page.total_results).toBe(TEST_CATALOG_SIZE / 2);
    expect(page.results.some((p) => (p.known_for?.length ?? 0) > 0)).toBe(true);
    expect('media_type' in page.results[0]!).toBe(false);
  });
});

describe('discover from columns in memory answers as the SQL query over the index does', () => {
  let dir: string;
  let index: CatalogIndex;
  let db: Database;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'marquee-discover-'));
    index = CatalogIndex.open(dir, new CatalogGenerator(7, 2000));
    db = new Database(index.file, { readonly: true });
  });
  afterAll(() => {
    db.close();
    index.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the catalog holds, so that the random filters find something (and ids it does not hold). */
  function values() {
    const column = (sql: string) => db.prepare(sql).pluck().all() as Array<string | number>;
    const listIds = (table: string, name: string) => [
      ...new Set(column(`SELECT ${name} FROM ${table}`).flatMap((list) => String(list).split(',').filter(Boolean).map(Number))),
    ];
    const span = (table: string, name: string) => db.prepare(`SELECT min(${name}) AS low, max(${name}) AS high FROM ${table}`).get() as { low: number; high: number };
    return {
      movie: {
        languages: column('SELECT DISTINCT original_language FROM movies') as string[],
        countries: column('SELECT DISTINCT origin_country FROM movies') as string[],
        regions: [...new Set(column('SELECT regions FROM movies').flatMap((list) => String(list).split(',').filter(Boolean)))],
        companies: listIds('movies', 'companies'),
        keywords: listIds('movies', 'keywords'),
        released: span('movies', 'release_offset'),
        runtime: span('movies', 'runtime'),
        voteCount: span('movies', 'vote_count'),
        certifications: db.prepare('SELECT country, min(rank) AS low, max(rank) AS high, min(label) AS label FROM movie_certifications GROUP BY country').all() as Array<{ country: string; low: number; high: number; label: string }>,
        networks: [] as number[],
      },
      tv: {
        languages: column('SELECT DISTINCT original_language FROM series') as string[],
        countries: column('SELECT DISTINCT origin_country FROM series') as string[],
        regions: [] as string[],
        companies: listIds('series', 'companies'),
        keywords: listIds('series', 'keywords'),
        released: span('series', 'first_air_offset'),
        runtime: span('series', 'runtime'),
        voteCount: span('series', 'vote_count'),
        certifications: db.prepare('SELECT country, min(rank) AS low, max(rank) AS high, min(label) AS label FROM series_certifications GROUP BY country').all() as Array<{ country: string; low: number; high: number; label: string }>,
        networks: column('SELECT DISTINCT network_id FROM series') as number[],
      },
    };
  }

  /** A filter setting each field of TitleFilter now and then, as the handlers could build it (and a few they would not). */
  function randomFilter(random: Random, kind: TitleKind, sort: string, held: ReturnType<typeof values>['movie']): TitleFilter {
    // Some filters name a field or two, others many (and then mostly match nothing).
    const often = random.pick([0.05, 0.1, 0.2, 0.35]);
    const maybe = <T>(make: () => T): T | undefined => (random.chance(often) ? make() : undefined);
    const some = <T>(items: readonly T[], most: number): T[] => Array.from({ length: random.int(1, most) }, () => random.pick(items));
    const genreCount = kind === 'movie' ? MOVIE_GENRES.length : TV_GENRES.length;
    const bits = (most: number) => some([...Array(genreCount).keys()], most).reduce((sum, bit) => sum | (2 ** bit), 0);
    const range = ({ low, high }: { low: number; high: number }, digits = 0): Range => {
      const a = random.decimal(low, high, digits);
      const b = random.decimal(low, high, digits);
      return { gte: random.chance(0.7) ? Math.min(a, b) : undefined, lte: random.chance(0.7) ? Math.max(a, b) : undefined };
    };
    // Ids of the catalog, now and then one it does not hold; "and" lists may name an id twice.
    const ids = (held: readonly number[], most: number) => some([...held, 999_999], most);
    const idMatch = (held: readonly number[]): IdMatch => ({ mode: random.chance(0.5) ? 'and' : 'or', ids: ids(held, 3) });
    const certification = held.certifications.length > 0 ? random.pick(held.certifications) : undefined;
    return {
      kind,
      sort,
      genres: { all: maybe(() => bits(2)) ?? 0, any: maybe(() => bits(3)) ?? 0, none: maybe(() => bits(2)) ?? 0 },
      released: maybe(() => range(held.released)) ?? {},
      voteAverage: maybe(() => range({ low: 0, high: 10 }, 1)) ?? {},
      voteCount: maybe(() => range({ low: held.voteCount.low, high: Math.min(held.voteCount.high, 2000) })) ?? {},
      runtime: maybe(() => range(held.runtime)) ?? {},
      originalLanguages: maybe(() => some([...held.languages, 'xx'], 2)),
      originCountries: maybe(() => some([...held.countries, 'ZZ'], 2)),
      region: kind === 'movie' ? maybe(() => random.pick([...held.regions, 'ZZ'])) : undefined,
      companies: maybe(() => idMatch(held.companies)),
      withoutCompanies: maybe(() => ids(held.companies, 2)),
      keywords: maybe(() => idMatch(held.keywords)),
      withoutKeywords: maybe(() => ids(held.keywords, 2)),
      networks: kind === 'tv' ? maybe(() => some([...held.networks, 999_999], 2)) : undefined,
      certification: certification && random.chance(0.2)
        ? { country: certification.country, ...(() => {
          const a = random.int(certification.low, certification.high);
          const b = random.int(certification.low, certification.high);
          // Now and then one label (the order range then matters only with it).
          return { from: Math.min(a, b), to: Math.max(a, b), label: random.chance(0.3) ? certification.label : undefined };
        })() }
        : undefined,
      includeVideo: kind === 'tv' || random.chance(0.3),
      matchesNothing: random.chance(0.03),
    };
  }

  it('the same ids in the same order, and the same totals, for random filters of every sort of both kinds', () => {
    const held = values();
    const random = new Random(20240601);
    const limit = 20;
    let compared = 0;
    let severalPages = 0;
    for (const [kind, sorts] of [['movie', MOVIE_SORTS], ['tv', TV_SORTS]] as const) {
      for (let i = 0; i < 150; i++) {
        const sort = sorts[i % sorts.length]!;
        const filter = randomFilter(random, kind, sort, held[kind]);
        const first = discoverBySql(db, filter, 0, limit);
        if (first.total > 2 * limit) severalPages++;
        for (const offset of [0, limit, 2 * limit, Math.max(0, first.total - 5), 5000]) {
          const expected = discoverBySql(db, filter, offset, limit);
          expect(index.discover(filter, offset, limit), `${JSON.stringify(filter)} at ${offset}`).toEqual(expected);
          compared++;
        }
      }
    }
    expect(compared).toBe(2 * 150 * 5);
    // The filters are not all empty: many have several pages.
    expect(severalPages).toBeGreaterThan(100);
  });

  it('a further test of each match (where to watch) keeps the order, and counts only what it kept', () => {
    const keep = (id: number) => id % 3 !== 0;
    const held = values();
    const random = new Random(7);
    for (const [kind, sorts] of [['movie', MOVIE_SORTS], ['tv', TV_SORTS]] as const) {
      for (const sort of sorts) {
        const filter = randomFilter(random, kind, sort, held[kind]);
        const all = discoverBySql(db, filter, 0, 1_000_000).items.filter(keep);
        for (const offset of [0, 20]) {
          expect(index.discover(filter, offset, 20, keep)).toEqual({ items: all.slice(offset, offset + 20), total: all.length });
        }
      }
    }
  });

  it('refuses a sort the kind does not have', () => {
    const filter = randomFilter(new Random(1), 'tv', 'title.asc', values().tv);
    expect(() => index.discover(filter, 0, 20)).toThrow(RangeError);
  });
});

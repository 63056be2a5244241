import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import type { FoundIds, SearchItem } from '../../src/transfers/lookup.js';
import type { ImportRow } from '../../src/transfers/index.js';
import { type TitleLookup, clientLookup } from '../../src/transfers/lookup.js';
import { TitleMatcher, normaliseTitle } from '../../src/transfers/matcher.js';
import { type TestServer, startTestServer } from '../server/harness.js';

/** A catalog in memory: films and series by id, episodes by series, IMDb ids; every call counted. */
interface FakeTitle {
  kind: 'movie' | 'tv';
  id: number;
  title: string;
  original?: string;
  date: string;
  imdb?: string;
}

function fakeLookup(titles: FakeTitle[], episodes: Record<string, { name: string; imdb?: string }> = {}) {
  const calls: string[] = [];
  const lookup: TitleLookup = {
    async title(kind, id) {
      calls.push(`title ${kind} ${id}`);
      const found = titles.find((t) => t.kind === kind && t.id === id);
      return found ? { title: found.title, year: Number(found.date.slice(0, 4)) } : undefined;
    },
    async episode(seriesId, season, episode) {
      calls.push(`episode ${seriesId} ${season} ${episode}`);
      return episodes[`${seriesId}/${season}/${episode}`];
    },
    async findImdbId(imdb) {
      calls.push(`find ${imdb}`);
      const results: { [K in keyof FoundIds]-?: NonNullable<FoundIds[K]> } = { movie_results: [], tv_results: [], tv_episode_results: [], person_results: [], tv_season_results: [] };
      for (const t of titles.filter((x) => x.imdb === imdb)) {
        if (t.kind === 'movie') results.movie_results.push({ id: t.id, title: t.title, release_date: t.date, media_type: 'movie' });
        else results.tv_results.push({ ...tvItem(t), media_type: 'tv' });
      }
      for (const [key, e] of Object.entries(episodes)) {
        if (e.imdb !== imdb) continue;
        const [show, season, number] = key.split('/').map(Number) as [number, number, number];
        results.tv_episode_results.push({
          id: 1, show_id: show, season_number: season, episode_number: number, name: e.name, air_date: null, overview: '', vote_average: 0, vote_count: 0,
        });
      }
      return results;
    },
    async search(query, page) {
      calls.push(`search ${query} ${page}`);
      const words = normaliseTitle(query).split(' ');
      const hits = titles.filter((t) => words.every((w) => normaliseTitle(`${t.title} ${t.original ?? ''}`).split(' ').some((x) => x.startsWith(w))));
      const results: SearchItem[] = hits.slice((page - 1) * 20, page * 20).map((t) =>
        t.kind === 'movie'
          ? { media_type: 'movie', id: t.id, title: t.title, original_title: t.original ?? t.title, release_date: t.date }
          : { ...tvItem(t), media_type: 'tv' },
      );
      return { results, totalPages: Math.max(1, Math.ceil(hits.length / 20)) };
    },
  };
  return { lookup, calls };
}

const tvItem = (t: FakeTitle) => ({
  id: t.id, name: t.title, original_name: t.original ?? t.title, first_air_date: t.date, adult: false, backdrop_path: null,
  genre_ids: [], origin_country: [], original_language: 'en', overview: '', popularity: 1, poster_path: null, vote_average: 0, vote_count: 0,
});

const row = (fields: Partial<ImportRow>): ImportRow => ({
  kind: 'rating', source: 'imdb', mediaType: 'movie', ids: {}, title: '', rating: 8,
  origin: { file: 'ratings.csv', line: 2, original: {} },
  ...fields,
});

const CATALOG: FakeTitle[] = [
  { kind: 'movie', id: 238, title: 'The Godfather', date: '1972-03-14', imdb: 'tt0068646' },
  { kind: 'movie', id: 240, title: 'The Godfather Part II', date: '1974-12-20', imdb: 'tt0071562' },
  { kind: 'movie', id: 146, title: 'Crouching Tiger, Hidden Dragon', original: '臥虎藏龍', date: '2000-07-06' },
  { kind: 'movie', id: 500, title: 'Hamlet', date: '1948-05-04' },
  { kind: 'movie', id: 501, title: 'Hamlet', date: '1990-12-19' },
  { kind: 'movie', id: 502, title: 'Hamlet', date: '1996-12-25' },
  { kind: 'movie', id: 600, title: 'Twin Film', date: '2010-01-01' },
  { kind: 'movie', id: 601, title: 'Twin Film', date: '2010-06-01' },
  { kind: 'movie', id: 700, title: 'Amélie & Me', date: '2001-04-25' },
  { kind: 'movie', id: 800, title: 'A Late Release', date: '2016-01-08' },
  { kind: 'tv', id: 1396, title: 'Breaking Bad', date: '2008-01-20', imdb: 'tt0903747' },
  { kind: 'tv', id: 1400, title: 'Miniseries Known as a Film', date: '2004-05-01', imdb: 'tt0400000' },
];
const EPISODES = { '1396/1/1': { name: 'Pilot', imdb: 'tt0959621' }, '1396/2/3': { name: 'Bit by a Dead Bee' } };

describe('title normalisation', () => {
  it('folds case, accents, punctuation and "&"', () => {
    expect(normaliseTitle('Crouching Tiger, Hidden Dragon')).toBe('crouching tiger hidden dragon');
    expect(normaliseTitle('  Amélie  &  Me! ')).toBe('amelie and me');
    expect(normaliseTitle('Léon: The Professional')).toBe(normaliseTitle('Leon - the professional'));
    expect(normaliseTitle('Se7en')).not.toBe(normaliseTitle('Seven'));
  });
});

describe('matching, best evidence first', () => {
  it('a TMDB id that exists is taken without searching', async () => {
    const { lookup, calls } = fakeLookup(CATALOG);
    const result = await new TitleMatcher(lookup).match(row({ ids: { tmdb: 238, imdb: 'tt0068646' }, title: 'Something Else' }));
    expect(result).toEqual({ status: 'matched-by-id', evidence: 'tmdb-id', target: { mediaType: 'movie', id: 238, title: 'The Godfather', year: 1972 } });
    expect(calls).toEqual(['title movie 238']);
  });

  it('a TMDB id that names nothing falls back to the IMDb id, then the title, and says so when all fail', async () => {
    const { lookup, calls } = fakeLookup(CATALOG);
    const matcher = new TitleMatcher(lookup);
    expect(await matcher.match(row({ ids: { tmdb: 9999, imdb: 'tt0068646' }, title: 'x' }))).toMatchObject({ status: 'matched-by-id', evidence: 'imdb-id', target: { id: 238 } });
    expect(calls).toEqual(['title movie 9999', 'find tt0068646']);
    const lost = await matcher.match(row({ ids: { tmdb: 9999, imdb: 'tt0000001' }, title: 'Nothing Like It', year: 2000 }));
    expect(lost).toMatchObject({ status: 'not-found' });
    expect(lost.status === 'not-found' && lost.reason).toBe(
      'TMDB id 9999 names no film; IMDb id tt0000001 is not on the service; no film is titled "Nothing Like It"',
    );
  });

  it('an IMDb id goes through find; the id decides film or series when the two services disagree', async () => {
    const { lookup } = fakeLookup(CATALOG);
    const matcher = new TitleMatcher(lookup);
    expect(await matcher.match(row({ ids: { imdb: 'tt0903747' }, mediaType: 'tv', title: 'Breaking Bad' }))).toMatchObject({
      status: 'matched-by-id', evidence: 'imdb-id', target: { mediaType: 'tv', id: 1396 },
    });
    expect(await matcher.match(row({ ids: { imdb: 'tt0400000' }, mediaType: 'movie', title: 'Miniseries Known as a Film' }))).toMatchObject({
      status: 'matched-by-id', target: { mediaType: 'tv', id: 1400 },
    });
  });

  it('title and year: the exact normalised title of that year, even among titles of other years', async () => {
    const { lookup } = fakeLookup(CATALOG);
    const matcher = new TitleMatcher(lookup);
    expect(await matcher.match(row({ title: 'crouching tiger hidden dragon', year: 2000 }))).toEqual({
      status: 'matched-by-title', target: { mediaType: 'movie', id: 146, title: 'Crouching Tiger, Hidden Dragon', year: 2000 },
    });
    expect(await matcher.match(row({ title: 'Hamlet', year: 1990 }))).toMatchObject({ status: 'matched-by-title', target: { id: 501 } });
    expect(await matcher.match(row({ title: 'Amelie and Me', year: 2001 }))).toMatchObject({ status: 'matched-by-title', target: { id: 700 } });
    // The original title counts as a name of the film.
    expect(await matcher.match(row({ title: '臥虎藏龍', year: 2000 }))).toMatchObject({ status: 'matched-by-title', target: { id: 146 } });
  });

  it('a year off by one is accepted only for a unique title', async () => {
    const { lookup } = fakeLookup(CATALOG);
    const matcher = new TitleMatcher(lookup);
    // Released in January: the file's year is the year before.
    expect(await matcher.match(row({ title: 'A Late Release', year: 2015 }))).toMatchObject({ status: 'matched-by-title', target: { id: 800 } });
    const hamlet = await matcher.match(row({ title: 'Hamlet', year: 1997 }));
    expect(hamlet).toMatchObject({ status: 'ambiguous', reason: 'no "Hamlet" of 1997, and the title is not unique' });
    expect(hamlet.status === 'ambiguous' && hamlet.candidates.map((c) => c.mediaType === 'movie' && c.id)).toEqual([500, 501, 502]);
    expect(await matcher.match(row({ title: 'A Late Release', year: 2013 }))).toMatchObject({
      status: 'not-found', reason: '"A Late Release" is on the service, but not of 2013 or a year either side',
    });
  });

  it('two titles of the same name and year, or no year in the file, are ambiguous, never a guess', async () => {
    const { lookup } = fakeLookup(CATALOG);
    const matcher = new TitleMatcher(lookup);
    const twins = await matcher.match(row({ title: 'Twin Film', year: 2010 }));
    expect(twins).toMatchObject({ status: 'ambiguous', reason: '2 titles are "Twin Film" (2010)' });
    expect(twins.status === 'ambiguous' && twins.candidates).toHaveLength(2);
    expect(await matcher.match(row({ title: 'A Late Release' }))).toMatchObject({ status: 'ambiguous', reason: 'the file gives no year to tell the title by' });
  });

  it('a prefix of a longer title is not the title; nothing alike is not found, with what the search gave', async () => {
    const { lookup } = fakeLookup(CATALOG);
    const matcher = new TitleMatcher(lookup);
    const partial = await matcher.match(row({ title: 'The Godfather Part', year: 1974 }));
    expect(partial).toMatchObject({ status: 'not-found', reason: 'no film is titled "The Godfather Part"' });
    expect(partial.status === 'not-found' && partial.candidates.map((c) => c.title)).toEqual(['The Godfather Part II']);
    // A series is not a film of the same name.
    expect(await matcher.match(row({ title: 'Breaking Bad', year: 2008 }))).toMatchObject({ status: 'not-found' });
  });

  it('reads search pages up to the limit, stopping at the last page', async () => {
    const many: FakeTitle[] = Array.from({ length: 50 }, (_, i) => ({ kind: 'movie' as const, id: 1000 + i, title: `Echo ${i}`, date: '2000-01-01' }));
    many.push({ kind: 'movie', id: 2000, title: 'Echo', date: '1999-01-01' });
    const { lookup, calls } = fakeLookup(many);
    expect(await new TitleMatcher(lookup).match(row({ title: 'Echo', year: 1999 }))).toMatchObject({ status: 'matched-by-title', target: { id: 2000 } });
    expect(calls).toEqual(['search Echo 1', 'search Echo 2', 'search Echo 3']);
    const limited = fakeLookup(many);
    expect(await new TitleMatcher(limited.lookup, { searchPages: 2 }).match(row({ title: 'Echo', year: 1999 }))).toMatchObject({ status: 'not-found' });
  });

  it('a type the service does not have is not found, without a call', async () => {
    const { lookup, calls } = fakeLookup(CATALOG);
    expect(await new TitleMatcher(lookup).match(row({ mediaType: undefined, otherType: 'Video Game', title: 'Fortnite' }))).toEqual({
      status: 'not-found', reason: 'Video Game is not something the service rates or lists', candidates: [],
    });
    expect(calls).toEqual([]);
  });
});

describe('episodes', () => {
  const episodeRow = (fields: Partial<ImportRow>) => row({ mediaType: 'episode', source: 'trakt', title: 'Pilot', ...fields });

  it('by the series TMDB id and the numbers', async () => {
    const { lookup, calls } = fakeLookup(CATALOG, EPISODES);
    const result = await new TitleMatcher(lookup).match(episodeRow({ episode: { series: { ids: { tmdb: 1396 } }, season: 2, episode: 3 } }));
    expect(result).toEqual({
      status: 'matched-by-id', evidence: 'tmdb-id', target: { mediaType: 'episode', seriesId: 1396, season: 2, episode: 3, title: 'Bit by a Dead Bee' },
    });
    expect(calls).toEqual(['title tv 1396', 'episode 1396 2 3']);
  });

  it("by the episode's own IMDb id (IMDb's files give no numbers)", async () => {
    const { lookup } = fakeLookup(CATALOG, EPISODES);
    expect(await new TitleMatcher(lookup).match(episodeRow({ source: 'imdb', ids: { imdb: 'tt0959621' } }))).toMatchObject({
      status: 'matched-by-id', evidence: 'imdb-id', target: { seriesId: 1396, season: 1, episode: 1 },
    });
    expect(await new TitleMatcher(lookup).match(episodeRow({ source: 'imdb', ids: { imdb: 'tt0000002' } }))).toMatchObject({
      status: 'not-found', reason: 'IMDb id tt0000002 is not an episode on the service, and the file does not say which series and season it is in',
    });
  });

  it('by the series found by its IMDb id or its title, then the numbers', async () => {
    const { lookup } = fakeLookup(CATALOG, EPISODES);
    const matcher = new TitleMatcher(lookup);
    expect(await matcher.match(episodeRow({ episode: { series: { ids: { imdb: 'tt0903747' } }, season: 1, episode: 1 } }))).toMatchObject({
      status: 'matched-by-id', evidence: 'imdb-id', target: { seriesId: 1396, season: 1, episode: 1 },
    });
    expect(await matcher.match(episodeRow({ episode: { series: { title: 'Breaking Bad', year: 2008, ids: {} }, season: 1, episode: 1 } }))).toMatchObject({
      status: 'matched-by-title', target: { seriesId: 1396, season: 1, episode: 1, title: 'Pilot' },
    });
  });

  it('a season or episode the series does not have, or a series not found, is not found with why', async () => {
    const { lookup } = fakeLookup(CATALOG, EPISODES);
    const matcher = new TitleMatcher(lookup);
    expect(await matcher.match(episodeRow({ episode: { series: { ids: { tmdb: 1396 } }, season: 9, episode: 1 } }))).toMatchObject({
      status: 'not-found', reason: 'series 1396 has no season 9 episode 1',
    });
    expect(await matcher.match(episodeRow({ episode: { series: { title: 'Unknown Show', year: 2001, ids: {} }, season: 1, episode: 1 } }))).toMatchObject({
      status: 'not-found', reason: 'the series: no series is titled "Unknown Show"',
    });
  });
});

describe('against the embedded server', () => {
  let t: TestServer;
  // The matcher reads as the app does: with our client's tolerant readers.
  let client: CatalogClient;
  const plainClient = () => client;
  beforeAll(async () => {
    t = await startTestServer();
    client = new CatalogClient({ baseUrl: t.server.url, token: t.server.token, retry: { maxRetries: 0 } });
  });
  afterAll(async () => {
    await client.close();
    await t.dispose();
  });

  it("matches the catalog's films by IMDb id, by title and year, and not an id it lacks", async () => {
    const matcher = new TitleMatcher(clientLookup(plainClient()));
    let id = 1;
    let details = await t.client.call('movieDetails', { path: { movie_id: id } });
    while (!details.imdb_id) details = await t.client.call('movieDetails', { path: { movie_id: ++id } });
    const year = Number(details.release_date.slice(0, 4));
    expect(await matcher.match(row({ ids: { imdb: details.imdb_id }, title: 'whatever' }))).toEqual({
      status: 'matched-by-id', evidence: 'imdb-id', target: { mediaType: 'movie', id, title: details.title, year },
    });
    // The seeded catalog has one film of this title and year.
    expect(await matcher.match(row({ title: details.title.toUpperCase(), year }))).toEqual({
      status: 'matched-by-title', target: { mediaType: 'movie', id, title: details.title, year },
    });
    expect(await matcher.match(row({ ids: { imdb: 'tt0000001', tmdb: 99_999 }, title: 'Qwxz Nonexistent', year: 1900 }))).toMatchObject({ status: 'not-found' });
    // An IMDb id longer than the server takes in a path names nothing: not found, not a failure.
    expect(await matcher.match(row({ ids: { imdb: `tt${'1'.repeat(150)}` }, title: 'Qwxz Nonexistent', year: 1900 }))).toMatchObject({
      status: 'not-found', reason: expect.stringMatching(/^IMDb id tt1+ is not on the service; /),
    });
  });

  it("places an episode by its IMDb id, and by its series' id and numbers", async () => {
    const matcher = new TitleMatcher(clientLookup(plainClient()));
    let number = 1;
    let ids = await t.client.call('episodeExternalIds', { path: { series_id: 3, season_number: 1, episode_number: number } });
    while (!ids.imdb_id) ids = await t.client.call('episodeExternalIds', { path: { series_id: 3, season_number: 1, episode_number: ++number } });
    const episode = await t.client.call('episodeDetails', { path: { series_id: 3, season_number: 1, episode_number: number } });
    const target = { mediaType: 'episode', seriesId: 3, season: 1, episode: number, title: episode.name };
    expect(await matcher.match(row({ mediaType: 'episode', ids: { imdb: ids.imdb_id } }))).toEqual({ status: 'matched-by-id', evidence: 'imdb-id', target });
    expect(await matcher.match(row({ mediaType: 'episode', episode: { series: { ids: { tmdb: 3 } }, season: 1, episode: number } }))).toEqual({
      status: 'matched-by-id', evidence: 'tmdb-id', target,
    });
    expect(await matcher.match(row({ mediaType: 'episode', episode: { series: { ids: { tmdb: 3 } }, season: 1, episode: 99 } }))).toMatchObject({ status: 'not-found' });
  });
});

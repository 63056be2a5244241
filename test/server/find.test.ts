import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleOf, imdbIdOf, parseHandle, parseImdbId, parseTvdbId, parseWikidataId, tvdbIdOf, wikidataIdOf,
} from '../../src/server/catalog/external-ids.js';
import { EXTERNAL_SOURCES } from '../../src/contract/vocabulary.js';
import { type TestServer, expectSchema, startTestServer } from './harness.js';

/** GET /3/find/{external_id}: the generated catalog's ids elsewhere read back to what they name. */

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.dispose();
});

const EMPTY = { movie_results: [], person_results: [], tv_results: [], tv_episode_results: [], tv_season_results: [] };

async function find(externalId: string, source = 'imdb_id') {
  const answer = await t.raw('GET', `/3/find/${encodeURIComponent(externalId)}?external_source=${encodeURIComponent(source)}`);
  if (answer.status === 200) expectSchema('findByExternalId', answer.json);
  return answer;
}

describe('IMDb ids of the catalog', () => {
  it('are read back to what they name, and nothing else is', () => {
    const targets = [
      { kind: 'movie', id: 1 }, { kind: 'movie', id: 210 }, { kind: 'tv', id: 90 },
      { kind: 'episode', seriesId: 12, season: 3, episode: 45 }, { kind: 'person', id: 150 },
    ] as const;
    for (const target of targets) expect(parseImdbId(imdbIdOf(target))).toEqual(target);
    expect(imdbIdOf({ kind: 'movie', id: 42 })).toBe('tt10000042');
    expect(new Set(targets.map(imdbIdOf)).size).toBe(targets.length);
    for (const other of ['tt0068646', 'tt1', 'nm0000093', 'TT10000042', 'tt10000042 ', 'abc']) expect(parseImdbId(other), other).toBeUndefined();
  });

  it('are carried by most films, episodes and people, each a different one', async () => {
    const ids = new Set<string>();
    let films = 0;
    for (let id = 1; id <= 40; id++) {
      const details = await t.client.call('movieDetails', { path: { movie_id: id } });
      if (details.imdb_id) ids.add(details.imdb_id), films++;
    }
    expect(films).toBeGreaterThan(25);
    expect(ids.size).toBe(films);
  });
});

describe('find', () => {
  it('finds a film by the IMDb id its details carry, with its list fields', async () => {
    let id = 1;
    let imdb: string | null = null;
    for (; !imdb; id++) imdb = (await t.client.call('movieDetails', { path: { movie_id: id } })).imdb_id ?? null;
    const movie = await t.client.call('movieDetails', { path: { movie_id: id - 1 } });
    const { status, json } = await find(imdb);
    expect(status).toBe(200);
    expect(json).toMatchObject({ ...EMPTY, movie_results: [{ id: movie.id, title: movie.title, release_date: movie.release_date, media_type: 'movie' }] });
  });

  it('finds a series, an episode (with its series, season and number) and a person', async () => {
    const series = await find(imdbIdOf({ kind: 'tv', id: 5 }));
    expect(series.json).toMatchObject({ ...EMPTY, tv_results: [{ id: 5, media_type: 'tv' }] });

    // The first episode of series 2 whose external ids carry an IMDb id.
    let episodeImdb: string | null = null;
    let number = 0;
    while (!episodeImdb) {
      number++;
      const ids = await t.client.call('episodeExternalIds', { path: { series_id: 2, season_number: 1, episode_number: number } });
      episodeImdb = ids.imdb_id ?? null;
    }
    const episode = await find(episodeImdb);
    expect(episode.json).toMatchObject({
      ...EMPTY, tv_episode_results: [{ show_id: 2, season_number: 1, episode_number: number, media_type: 'tv_episode' }],
    });

    let personId = 0;
    let personImdb: string | null = null;
    while (!personImdb) personImdb = (await t.client.call('personDetails', { path: { person_id: ++personId } })).imdb_id ?? null;
    const person = await find(personImdb);
    expect(person.json).toMatchObject({ ...EMPTY, person_results: [{ id: personId, media_type: 'person' }] });
  });

  it('answers every array empty for an id that names nothing', async () => {
    for (const id of ['tt0068646', imdbIdOf({ kind: 'movie', id: 99_999 }), imdbIdOf({ kind: 'episode', seriesId: 2, season: 1, episode: 99 })]) {
      const { status, json } = await find(id);
      expect(status, id).toBe(200);
      expect(json, id).toEqual(EMPTY);
    }
  });

  it('answers a film that carries no IMDb id empty for the id its form would have', async () => {
    let id = 1;
    while ((await t.client.call('movieDetails', { path: { movie_id: id } })).imdb_id) id++;
    expect((await find(imdbIdOf({ kind: 'movie', id }))).json).toEqual(EMPTY);
  });

  it('answers a malformed id empty, as an id that names nothing', async () => {
    for (const id of ['abc', 'tt', '../movie/1', 'tt10000001x', '%00']) {
      const { status, json } = await find(id);
      expect(status, id).toBe(200);
      expect(json, id).toEqual(EMPTY);
    }
  });

  it('answers an id longer than a path segment may be with 404 status_code 34', async () => {
    const { status, json } = await t.raw('GET', `/3/find/tt${'1'.repeat(150)}?external_source=imdb_id`);
    expect(status).toBe(404);
    expect(json).toMatchObject({ success: false, status_code: 34 });
  });

  it('finds nothing under a source that does not carry the id, even when another source does', async () => {
    const imdb = imdbIdOf({ kind: 'tv', id: 5 });
    for (const source of ['tvdb_id', 'wikidata_id', 'facebook_id']) expect((await find(imdb, source)).json, source).toEqual(EMPTY);
    const { tvdb_id: tvdb } = await t.client.call('tvExternalIds', { path: { series_id: 5 } });
    expect(tvdb).toEqual(expect.any(Number));
    expect((await find(String(tvdb), 'imdb_id')).json).toEqual(EMPTY);
    expect((await find(String(tvdbIdOf({ kind: 'tv', id: 99_999 })), 'tvdb_id')).json).toEqual(EMPTY);
    expect((await find('Q1', 'wikidata_id')).json).toEqual(EMPTY);
    expect((await find('Film7', 'facebook_id')).json).toEqual(EMPTY);
  });

  it('refuses an unknown or missing external_source with 422 status_code 5', async () => {
    for (const path of ['/3/find/tt20000005?external_source=imdb', '/3/find/tt20000005?external_source=IMDB_ID', '/3/find/tt20000005']) {
      const { status, json } = await t.raw('GET', path);
      expect(status, path).toBe(422);
      expect(json, path).toMatchObject({ success: false, status_code: 5 });
    }
  });

  it('is refused before the source is checked when the access token is wrong', async () => {
    const { status, json } = await t.raw('GET', '/3/find/tt20000005?external_source=imdb_id', { auth: false });
    expect(status).toBe(401);
    expect(json).toMatchObject({ status_code: 7 });
  });
});

describe('ids of the other sites', () => {
  it('are read back from their form to what they name', () => {
    const seasons = [{ kind: 'tv', id: 90 }, { kind: 'season', seriesId: 12, season: 3 }, { kind: 'episode', seriesId: 12, season: 3, episode: 45 }] as const;
    for (const target of seasons) expect(parseTvdbId(String(tvdbIdOf(target)))).toEqual(target);
    const all = [...seasons, { kind: 'movie', id: 210 }, { kind: 'person', id: 150 }] as const;
    for (const target of all) expect(parseWikidataId(wikidataIdOf(target))).toEqual(target);
    expect(new Set(all.map(wikidataIdOf)).size).toBe(all.length);
    expect(parseHandle(handleOf({ kind: 'movie', id: 42 }, 'Apollo 13'))).toContainEqual({ kind: 'movie', id: 42 });
    expect(parseHandle(handleOf({ kind: 'tv', id: 7 }, 'the long road').toLowerCase())).toContainEqual({ kind: 'tv', id: 7 });
    expect(parseHandle(handleOf({ kind: 'person', id: 833 }, 'Maren Kellby'))).toContainEqual({ kind: 'person', id: 833 });
    for (const other of ['366094', 'Q42', 'q10000001', 'Q1000000x']) {
      expect(parseTvdbId(other), other).toBeUndefined();
      expect(parseWikidataId(other), other).toBeUndefined();
    }
  });
});

/**
 * For a sample of every kind of record, each id its external_ids answer carries under a source
 * find accepts is found back, and finds that record and nothing else.
 */
describe('find agrees with every external_ids answer', () => {
  type Found = { kind: keyof typeof EMPTY; match: Record<string, number> };

  async function expectFoundBack(ids: Record<string, unknown>, expected: Found) {
    let checked = 0;
    for (const source of EXTERNAL_SOURCES) {
      const value = ids[source];
      if (value === null || value === undefined) continue;
      const { status, json } = await find(String(value), source);
      expect(status, `${source} ${value}`).toBe(200);
      const answer = json as Record<string, Array<Record<string, unknown>>>;
      for (const kind of Object.keys(EMPTY)) {
        expect(answer[kind], `${source} ${value} ${kind}`).toHaveLength(kind === expected.kind ? 1 : 0);
      }
      expect(answer[expected.kind]![0], `${source} ${value}`).toMatchObject(expected.match);
      checked++;
    }
    return checked;
  }

  it('for films, series, seasons, episodes and people', async () => {
    const sources = new Set<string>();
    let checked = 0;
    const note = (ids: Record<string, unknown>) => {
      for (const source of EXTERNAL_SOURCES) if (ids[source] !== null && ids[source] !== undefined) sources.add(source);
    };
    for (let id = 1; id <= 12; id++) {
      const film = await t.client.call('movieExternalIds', { path: { movie_id: id } });
      note(film);
      checked += await expectFoundBack(film, { kind: 'movie_results', match: { id } });
      const person = await t.client.call('personExternalIds', { path: { person_id: id } });
      note(person);
      checked += await expectFoundBack(person, { kind: 'person_results', match: { id } });
    }
    for (let seriesId = 1; seriesId <= 6; seriesId++) {
      const series = await t.client.call('tvExternalIds', { path: { series_id: seriesId } });
      note(series);
      checked += await expectFoundBack(series, { kind: 'tv_results', match: { id: seriesId } });
      const details = await t.client.call('tvDetails', { path: { series_id: seriesId } });
      for (const season of details.seasons.slice(0, 2)) {
        const seasonIds = await t.client.call('seasonExternalIds', { path: { series_id: seriesId, season_number: season.season_number } });
        note(seasonIds);
        checked += await expectFoundBack(seasonIds, { kind: 'tv_season_results', match: { id: season.id, season_number: season.season_number, show_id: seriesId } });
        for (let episode = 1; episode <= Math.min(3, season.episode_count); episode++) {
          const path = { series_id: seriesId, season_number: season.season_number, episode_number: episode };
          const episodeIds = await t.client.call('episodeExternalIds', { path });
          note(episodeIds);
          checked += await expectFoundBack(episodeIds, {
            kind: 'tv_episode_results', match: { show_id: seriesId, season_number: season.season_number, episode_number: episode },
          });
        }
      }
    }
    // Every source find accepts was met in the sample, so none goes untested.
    expect([...sources].sort()).toEqual([...EXTERNAL_SOURCES].sort());
    expect(checked).toBeGreaterThan(100);
  });
});

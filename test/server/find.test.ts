import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imdbIdOf, parseImdbId } from '../../src/server/catalog/external-ids.js';
import { type TestServer, expectSchema, startTestServer } from './harness.js';

/** GET /3/find/{external_id}: the generated catalog's IMDb ids read back to what they name. */

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

  it('looks up IMDb ids only: another known source finds nothing', async () => {
    const { status, json } = await find(imdbIdOf({ kind: 'tv', id: 5 }), 'tvdb_id');
    expect(status).toBe(200);
    expect(json).toEqual(EMPTY);
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OperationKey, type OperationSpec, type ParamSpec, SESSION_PARAM, fillTemplate, operationKeys, operations, sessionParamsOf,
} from '../../src/contract/index.js';
import { expectModern } from './modern-client.js';
import { type TestServer, signIn, startTestServer } from './harness.js';

/**
 * Every operation of the contract's table, called on the embedded server with ids the catalog's
 * own answers name (a film from popular, its cast member, that credit, a series, its season and
 * episode, ...), each answer held to the operation's modern shape. The operations come from the
 * table itself: a new row is walked without editing this file, unless it takes a parameter of
 * a kind no finder below knows; then its test fails naming the operation and the parameter.
 */

let t: TestServer;
let sessionId: string;
beforeAll(async () => {
  t = await startTestServer();
  sessionId = await signIn(t);
});
afterAll(() => t.dispose());

type Json = Record<string, unknown>;
type Value = string | number | boolean;

/** A GET that must succeed; its JSON body. */
async function get(path: string): Promise<Json> {
  const response = await t.raw('GET', path);
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.text}`);
  return response.json as Json;
}

async function send(method: 'POST' | 'DELETE', path: string, body: unknown): Promise<Json> {
  const response = await t.raw(method, path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${response.text}`);
  return response.json as Json;
}

const results = (body: Json): Json[] => body.results as Json[];
const first = <T>(items: readonly T[] | undefined, what: string): T => {
  const item = items?.[0];
  if (item === undefined) throw new Error(`the catalog named no ${what}`);
  return item;
};

/** Answers found once and shared: the walk asks the catalog, never guesses an id. */
const memo = new Map<string, Promise<unknown>>();
function once<T>(name: string, find: () => Promise<T>): Promise<T> {
  let found = memo.get(name) as Promise<T> | undefined;
  if (!found) memo.set(name, (found = find()));
  return found;
}

const film = () => once('film', async () => first(results(await get('/3/movie/popular')), 'popular film').id as number);
/** A second film, for adding to a list that holds the first. */
const otherFilm = () => once('other film', async () => (results(await get('/3/movie/popular'))[1] ?? first([], 'second popular film')).id as number);
const series = () => once('series', async () => first(results(await get('/3/tv/popular')), 'popular series').id as number);
const season = () =>
  once('season', async () => {
    const seasons = (await get(`/3/tv/${await series()}`)).seasons as Json[];
    return first(seasons.filter((s) => (s.season_number as number) >= 1 && (s.episode_count as number) > 0), 'season with episodes');
  });
const seasonAnswer = () => once('season answer', async () => get(`/3/tv/${await series()}/season/${(await season()).season_number as number}`));
const episode = () => once('episode', async () => first((await seasonAnswer()).episodes as Json[], 'episode of the season'));
const filmCredits = () => once('film credits', async () => get(`/3/movie/${await film()}/credits`));
const castMember = async () => first((await filmCredits()).cast as Json[], 'cast member of the film');
const collection = () =>
  once('collection', async () => {
    // A film of the popular lists that belongs to a collection, page by page.
    for (let page = 1; page <= 5; page++) {
      for (const item of results(await get(`/3/movie/popular?page=${page}`))) {
        const details = await get(`/3/movie/${item.id as number}`);
        const owner = details.belongs_to_collection as Json | null;
        if (owner) return owner.id as number;
      }
    }
    throw new Error('no film of the first popular pages belongs to a collection');
  });
const account = () => once('account', async () => (await get(`/3/account?session_id=${sessionId}`)).id as number);
const guestSession = () => once('guest session', async () => (await get('/3/authentication/guest_session/new')).guest_session_id as string);

/** A list of the signed-in account holding the walked film: a new one each time, since some calls delete or clear it. */
async function freshList(): Promise<number> {
  const created = await send('POST', `/3/list?session_id=${sessionId}`, { name: 'Walk', description: '', language: 'en' });
  const listId = created.list_id as number;
  await send('POST', `/3/list/${listId}/add_item?session_id=${sessionId}`, { media_id: await film() });
  return listId;
}

/**
 * How to find a value for each path parameter, by its name in the table. An operation that
 * needs a new kind of id (a company, a review, a network, ...) gets its finder here.
 */
const PATH_FINDERS: Readonly<Record<string, () => Promise<Value>>> = {
  movie_id: film,
  series_id: series,
  season_number: async () => (await season()).season_number as number,
  episode_number: async () => (await episode()).episode_number as number,
  season_id: async () => (await seasonAnswer()).id as number,
  episode_id: async () => (await episode()).id as number,
  person_id: async () => (await castMember()).id as number,
  credit_id: async () => (await castMember()).credit_id as string,
  collection_id: collection,
  list_id: freshList,
  account_id: account,
  guest_session_id: guestSession,
  external_id: async () => (await get(`/3/movie/${await film()}/external_ids`)).imdb_id as string,
  // --- tv-world: the network a series airs on, and the first episode group of the catalog's series ---
  network_id: async () => first((await get(`/3/tv/${await series()}`)).networks as Array<{ id: number }>, 'network of a series').id,
  tv_episode_group_id: async () => {
    for (let id = 1; id <= 100; id++) {
      const groups = (await get(`/3/tv/${id}/episode_groups`)).results as Array<{ id: string }>;
      if (groups[0]) return groups[0].id;
    }
    throw new Error('the catalog named no episode group');
  },
  // movie-world: a company and a keyword the film names, and a review of the most popular film.
  company_id: async () => first((await get(`/3/movie/${await film()}`)).production_companies as Array<{ id: number }>, 'company of a film').id,
  keyword_id: async () => first((await get(`/3/movie/${await film()}/keywords`)).keywords as Array<{ id: number }>, 'keyword of a film').id,
  review_id: async () => {
    const popular = first((await get('/3/movie/popular')).results as Array<{ id: number }>, 'popular film').id;
    return first((await get(`/3/movie/${popular}/reviews`)).results as Array<{ id: string }>, 'review of a popular film').id;
  },
};

/** Required query parameters, by name, where the parameter has no enum to choose from. */
const QUERY_FINDERS: Readonly<Record<string, () => Promise<Value>>> = {
  // A word of a film's title: every search finds something for it.
  query: async () => {
    const title = (await get(`/3/movie/${await film()}`)).title as string;
    return first(title.split(/\s+/).filter((word) => word.length >= 3), `word of the title “${title}”`);
  },
  movie_id: film,
  confirm: async () => true,
  // The kind of external id the external_id finder above gives.
  external_source: async () => 'imdb_id',
};

/** Bodies of the operations that take one, by operation key. */
const BODIES: Partial<Record<OperationKey, () => Promise<unknown>>> = {
  createSession: async () => {
    const token = (await get('/3/authentication/token/new')).request_token as string;
    const { username, password } = t.server.demoAccount;
    await send('POST', '/3/authentication/token/validate_with_login', { username, password, request_token: token });
    return { request_token: token };
  },
  validateWithLogin: async () => {
    const token = (await get('/3/authentication/token/new')).request_token as string;
    const { username, password } = t.server.demoAccount;
    return { username, password, request_token: token };
  },
  // A session of its own, so that ending it leaves the walk's session alone.
  deleteSession: async () => ({ session_id: await signIn(t) }),
  createList: async () => ({ name: 'Walked', description: 'made by the walk', language: 'en' }),
  addListItem: async () => ({ media_id: await otherFilm() }),
  removeListItem: async () => ({ media_id: await film() }),
  rateMovie: async () => ({ value: 8 }),
  rateSeries: async () => ({ value: 7.5 }),
  rateEpisode: async () => ({ value: 9 }),
  setWatchlist: async () => ({ media_type: 'movie', media_id: await film(), watchlist: true }),
  setFavorite: async () => ({ media_type: 'tv', media_id: await series(), favorite: true }),
};

/** What must hold before a call can succeed: a rating to delete is made first. */
const BEFORE: Partial<Record<OperationKey, (session: string) => Promise<unknown>>> = {
  deleteMovieRating: async (s) => send('POST', `/3/movie/${await film()}/rating?session_id=${s}`, { value: 6 }),
  deleteSeriesRating: async (s) => send('POST', `/3/tv/${await series()}/rating?session_id=${s}`, { value: 6 }),
  deleteEpisodeRating: async (s) => {
    const path = `/3/tv/${await series()}/season/${(await season()).season_number as number}/episode/${(await episode()).episode_number as number}`;
    return send('POST', `${path}/rating?session_id=${s}`, { value: 6 });
  },
};

/** A value for a parameter: the first of its enum, or what its finder finds; an unknown kind fails naming both. */
async function valueFor(key: OperationKey, name: string, spec: ParamSpec, finders: Readonly<Record<string, () => Promise<Value>>>, where: string) {
  const finder = finders[name];
  if (finder) return finder();
  if (spec.enum?.length) return spec.enum[0]!;
  throw new Error(`${key} (${operations[key].method} ${operations[key].path}): the walk cannot find a ${where} parameter “${name}”: teach it in interface-walk.test.ts`);
}

async function requestFor(key: OperationKey): Promise<{ path: string; body?: unknown }> {
  const spec: OperationSpec = operations[key];
  const path: Record<string, Value> = {};
  for (const [name, param] of Object.entries(spec.pathParams)) path[name] = await valueFor(key, name, param, PATH_FINDERS, 'path');
  const query = new URLSearchParams();
  for (const [name, param] of Object.entries(spec.query)) {
    if (param.required) query.set(name, String(await valueFor(key, name, param, QUERY_FINDERS, 'query')));
  }
  // A user session where the operation takes one (a guest-path operation has its session in the path).
  if (sessionParamsOf(spec.session).length > 0) query.set(SESSION_PARAM.user, sessionId);
  await BEFORE[key]?.(sessionId);
  let body: unknown;
  if (spec.body) {
    const make = BODIES[key];
    if (!make) throw new Error(`${key} (${spec.method} ${spec.path}): the walk has no body for it: teach it in interface-walk.test.ts`);
    body = await make();
  }
  const address = fillTemplate(spec.path, (name) => encodeURIComponent(String(path[name])));
  const search = query.toString();
  return { path: search ? `${address}?${search}` : address, body };
}

describe('every operation of the table answers ids the catalog names with its modern shape', () => {
  it.each(operationKeys.map((key) => [key]))('%s', async (key) => {
    const spec: OperationSpec = operations[key];
    const { path, body } = await requestFor(key);
    const response = await t.raw(spec.method, path, body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // A POST that changed nothing new (status_code 13) answers 200 rather than its row's 201.
    const statuses = spec.method === 'POST' ? [spec.successStatus, 200] : [spec.successStatus];
    expect(statuses, `${spec.method} ${path}: ${response.status} ${response.text.slice(0, 300)}`).toContain(response.status);
    expectModern(key, response.json);
  });
});

describe('the walk itself', () => {
  it('fails, naming the operation and the parameter, where it cannot find an id', async () => {
    await expect(valueFor('movieDetails', 'planet_id', { type: 'integer', required: true }, PATH_FINDERS, 'path')).rejects.toThrow(
      /movieDetails \(GET \/3\/movie\/\{movie_id\}\): the walk cannot find a path parameter “planet_id”/,
    );
  });
});

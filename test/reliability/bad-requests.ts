import type { OperationKey } from '../../src/contract/index.js';
import type { RawAnswer, Seeded } from './server-fixture.js';

/**
 * Malformed requests for the reference server, one row each, with the answer the service's
 * contract gives them. Paths and bodies are templates: {A} and {B} are the two users' sessions,
 * {G} a guest session, {LA}/{LB} their lists, {M1}/{M2} films on list A, {FREE} a film on no
 * list, {S}/{E} an episode A rated; the rest are sessions that no longer work or never did.
 * Rows that are not malformed enough to be refused (a language the catalog doesn't have, a
 * search text full of operators) expect a 200 whose body matches the contract.
 */

export type Expectation =
  | { kind: 'envelope'; status: number; code: number }
  | { kind: 'errors'; status: 422 }
  | { kind: 'ok'; status: 200; operation: OperationKey };

export interface BadRequest {
  name: string;
  method: string;
  path: string;
  /** Sent as is (a template). */
  body?: string;
  /** 'none': no credentials at all; a string: the Authorization header to send. Default: the right token. */
  auth?: 'none' | string;
  contentType?: string;
  expect: Expectation;
}

const envelope = (status: number, code: number): Expectation => ({ kind: 'envelope', status, code });
const ok = (operation: OperationKey): Expectation => ({ kind: 'ok', status: 200, operation });
const ERRORS: Expectation = { kind: 'errors', status: 422 };

/** The service's answers by status_code (HTTP status from its table). */
const INVALID_KEY = envelope(401, 7);
const NO_SESSION = envelope(401, 3);
const NOT_FOUND = envelope(404, 34);
const INVALID_PAGE = envelope(400, 22);
const INVALID_PARAMS = envelope(422, 5);
const BAD_INPUT = envelope(400, 47);
/** A body over the server's limit: the same envelope with 413. */
const TOO_LARGE = envelope(413, 47);
const RATING_REFUSED = envelope(400, 18);
const NOT_OWNER = envelope(401, 38);
const WRONG_METHOD = envelope(405, 42);

const FORGED = '3f9d2c41a7b8e6d5c4b3a2918f7e6d5c4b3a2910';
const MEGABYTE = 'x'.repeat(1024 * 1024);
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const get = (name: string, path: string, expect: Expectation, extra: Partial<BadRequest> = {}): BadRequest => ({
  name, method: 'GET', path, expect, ...extra,
});
const post = (name: string, path: string, body: string | undefined, expect: Expectation, extra: Partial<BadRequest> = {}): BadRequest => ({
  name, method: 'POST', path, body, expect, ...extra,
});
const del = (name: string, path: string, expect: Expectation, extra: Partial<BadRequest> = {}): BadRequest => ({
  name, method: 'DELETE', path, expect, ...extra,
});

const RATE = '/3/tv/{S}/season/1/episode/{E}/rating?session_id={A}';
const rate = (name: string, body: string, expect: Expectation) => post(name, RATE, body, expect);
const ADD_A = '/3/list/{LA}/add_item?session_id={A}';

export const BAD_REQUESTS: BadRequest[] = [
  // --- the access token ---
  get('no token', '/3/configuration', INVALID_KEY, { auth: 'none' }),
  get('wrong bearer token', '/3/configuration', INVALID_KEY, { auth: 'Bearer not-the-token' }),
  get('bearer with nothing after it', '/3/configuration', INVALID_KEY, { auth: 'Bearer ' }),
  get('basic scheme', '/3/configuration', INVALID_KEY, { auth: 'Basic dXNlcjpwYXNz' }),
  get('token with a suffix', '/3/movie/popular', INVALID_KEY, { auth: 'Bearer {TOKEN}x' }),
  get('token in another header', '/3/movie/popular', INVALID_KEY, { auth: 'Token {TOKEN}' }),
  get('wrong api_key', '/3/movie/popular?api_key=nope', INVALID_KEY, { auth: 'none' }),
  get('empty api_key', '/3/movie/popular?api_key=', INVALID_KEY, { auth: 'none' }),
  post('a list write without a token', '/3/list?session_id={A}', '{"name":"x"}', INVALID_KEY, { auth: 'none' }),
  post('an add without a token', `${ADD_A}`, '{"media_id":{FREE}}', INVALID_KEY, { auth: 'none' }),
  del('a delete with a wrong token', '/3/list/{LA}?session_id={A}', INVALID_KEY, { auth: 'Bearer wrong-token-123' }),
  post('a rating with a wrong token', RATE, '{"value":8}', INVALID_KEY, { auth: 'Bearer wrong-token-123' }),

  // --- path parameters ---
  get('negative movie id', '/3/movie/-1', NOT_FOUND),
  get('non-numeric movie id', '/3/movie/abc', NOT_FOUND),
  get('fractional movie id', '/3/movie/1.5', NOT_FOUND),
  get('huge movie id', '/3/movie/99999999999999999999', NOT_FOUND),
  get('movie id past int32', '/3/movie/2147483648', NOT_FOUND),
  get('unicode movie id', '/3/movie/%E2%9C%93', NOT_FOUND),
  get('emoji movie id', '/3/movie/%F0%9F%8E%AC', NOT_FOUND),
  get('exponent movie id', '/3/movie/1e3', NOT_FOUND),
  get('hex movie id', '/3/movie/0x10', NOT_FOUND),
  get('movie id with a space', '/3/movie/%201', NOT_FOUND),
  get('movie id 0', '/3/movie/0', NOT_FOUND),
  get('movie that does not exist', '/3/movie/987654', NOT_FOUND),
  get('negative series id', '/3/tv/-5', NOT_FOUND),
  get('negative season', '/3/tv/{S}/season/-1', NOT_FOUND),
  get('season that does not exist', '/3/tv/{S}/season/999', NOT_FOUND),
  get('non-numeric episode', '/3/tv/{S}/season/1/episode/abc', NOT_FOUND),
  get('episode that does not exist', '/3/tv/{S}/season/1/episode/9999', NOT_FOUND),
  get('unicode person id', '/3/person/%D9%A3', NOT_FOUND),
  get('negative collection id', '/3/collection/-2', NOT_FOUND),
  get('negative list id', '/3/list/-1', NOT_FOUND),
  get('non-numeric list id', '/3/list/abc', NOT_FOUND),
  get('list that does not exist', '/3/list/99999', NOT_FOUND),
  // The account id segment is any text, as the real service takes it (src/server/README.md): a wrong tail is what fails.
  get('unknown account operation', '/3/account/abc/nonsense?session_id={A}', NOT_FOUND),
  post('add to a list that does not exist', '/3/list/99999/add_item?session_id={A}', '{"media_id":{FREE}}', NOT_FOUND),
  post('add to a negative list id', '/3/list/-4/add_item?session_id={A}', '{"media_id":{FREE}}', NOT_FOUND),
  post('rate an episode that does not exist', '/3/tv/{S}/season/1/episode/9999/rating?session_id={A}', '{"value":8}', NOT_FOUND),
  post('rate a series that does not exist', '/3/tv/987654/season/1/episode/1/rating?session_id={A}', '{"value":8}', NOT_FOUND),
  del('delete a list that does not exist', '/3/list/99999?session_id={A}', NOT_FOUND),
  get('unknown operation', '/3/movie/1/nonsense', NOT_FOUND),
  get('unknown version', '/4/movie/1', NOT_FOUND),
  get('dot segments', '/3/movie/../../etc/passwd', NOT_FOUND),

  // --- paging ---
  get('page 0', '/3/movie/popular?page=0', INVALID_PAGE),
  get('page 501', '/3/movie/popular?page=501', INVALID_PAGE),
  get('page abc', '/3/movie/popular?page=abc', INVALID_PAGE),
  get('page 1.5', '/3/movie/popular?page=1.5', INVALID_PAGE),
  get('page -1', '/3/tv/popular?page=-1', INVALID_PAGE),
  get('page empty', '/3/tv/popular?page=', INVALID_PAGE),
  get('page twice', '/3/movie/top_rated?page=1&page=2', INVALID_PAGE),
  get('page 1e2', '/3/movie/upcoming?page=1e2', INVALID_PAGE),
  get('page huge', '/3/movie/now_playing?page=99999999999999999999', INVALID_PAGE),
  get('page unicode digit', '/3/movie/popular?page=%D9%A3', INVALID_PAGE),
  get('search page 0', '/3/search/multi?query=a&page=0', INVALID_PAGE),
  get('movie lists page 501', '/3/movie/{M1}/lists?page=501', INVALID_PAGE),
  get('account lists page abc', '/3/account/{A_ID}/lists?session_id={A}&page=abc', INVALID_PAGE),
  get('tagged images page 0', '/3/person/1/tagged_images?page=0', INVALID_PAGE),

  // --- language and other text parameters: ignored or matched, never a failure ---
  get('language garbage', '/3/movie/{M1}?language=%%%', ok('movieDetails')),
  get('language too long', `/3/movie/{M1}?language=${'en-'.repeat(300)}`, ok('movieDetails')),
  get('language unicode', '/3/tv/popular?language=%E6%97%A5%E6%9C%AC%E8%AA%9E', ok('popularTv')),
  get('language twice', '/3/movie/popular?language=en-US&language=zz', ok('popularMovies')),
  get('image language garbage', '/3/movie/{M1}/images?include_image_language=%2C%2C%2Cnull%2C%F0%9F%8E%AC', ok('movieImages')),
  get('region garbage', '/3/movie/upcoming?region=%3Cscript%3E', ok('upcomingMovies')),
  get('search with a lone quote', '/3/search/multi?query=%22', ok('searchMulti')),
  get('search with FTS operators', '/3/search/multi?query=a%20AND%20OR%20NOT', ok('searchMulti')),
  get('search with NEAR(', '/3/search/collection?query=NEAR(a', ok('searchCollections')),
  get('search with a star', '/3/search/multi?query=*', ok('searchMulti')),
  get('search with SQL', '/3/search/multi?query=%27%3B%20DROP%20TABLE%20lists%3B--', ok('searchMulti')),
  get('search with a column filter', '/3/search/collection?query=title%3Ax%20%5E', ok('searchCollections')),
  get('search 4000 characters', `/3/search/multi?query=${'ab%20'.repeat(1000)}`, ok('searchMulti')),
  get('unknown query parameter', '/3/movie/{M1}?append_to_response=%00%00', ok('movieDetails')),

  // --- other query parameters ---
  get('search without query', '/3/search/multi', ERRORS),
  get('search with a blank query', '/3/search/multi?query=%20%20', ERRORS),
  get('collection search without query', '/3/search/collection?page=2', ERRORS),
  get('include_adult maybe', '/3/search/multi?query=a&include_adult=maybe', INVALID_PARAMS),
  get('item status without movie_id', '/3/list/{LA}/item_status', INVALID_PARAMS),
  get('item status movie_id abc', '/3/list/{LA}/item_status?movie_id=abc', INVALID_PARAMS),
  get('item status movie_id 1.5', '/3/list/{LA}/item_status?movie_id=1.5', INVALID_PARAMS),
  get('item status movie_id huge', '/3/list/{LA}/item_status?movie_id=99999999999', INVALID_PARAMS),
  get('rated episodes sorted by garbage', '/3/account/{A_ID}/rated/tv/episodes?session_id={A}&sort_by=rating', INVALID_PARAMS),
  post('clear without confirm', '/3/list/{LA}/clear?session_id={A}', undefined, envelope(400, 29)),
  post('clear with confirm=false', '/3/list/{LA}/clear?session_id={A}&confirm=false', undefined, envelope(400, 29)),
  post('clear with confirm=yes', '/3/list/{LA}/clear?session_id={A}&confirm=yes', undefined, envelope(400, 29)),

  // --- sessions: missing, forged, expired, signed out, guest where a user is needed ---
  post('create a list without a session', '/3/list', '{"name":"x"}', NO_SESSION),
  post('create a list with a forged session', `/3/list?session_id=${FORGED}`, '{"name":"x"}', NO_SESSION),
  post('create a list with an empty session', '/3/list?session_id=', '{"name":"x"}', NO_SESSION),
  post('create a list with a signed-out session', '/3/list?session_id={OUT}', '{"name":"x"}', NO_SESSION),
  post('create a list with a guest id as session_id', '/3/list?session_id={G}', '{"name":"x"}', NO_SESSION),
  post('create a list as a guest', '/3/list?guest_session_id={G}', '{"name":"x"}', NO_SESSION),
  post('add an item as a guest', '/3/list/{LA}/add_item?guest_session_id={G}', '{"media_id":{FREE}}', NO_SESSION),
  post('remove an item as a guest', '/3/list/{LA}/remove_item?guest_session_id={G}', '{"media_id":{M1}}', NO_SESSION),
  post('clear a list as a guest', '/3/list/{LA}/clear?guest_session_id={G}&confirm=true', undefined, NO_SESSION),
  del('delete a list as a guest', '/3/list/{LA}?guest_session_id={G}', NO_SESSION),
  del('delete a list with a forged session', `/3/list/{LA}?session_id=${FORGED}`, NO_SESSION),
  post('add an item with a very long session id', `/3/list/{LA}/add_item?session_id=${'f'.repeat(4000)}`, '{"media_id":{FREE}}', NO_SESSION),
  post('rate with an expired guest session', '/3/tv/{S}/season/1/episode/{E2}/rating?guest_session_id={OLDG}', '{"value":8}', NO_SESSION),
  post('rate with a forged guest session', `/3/tv/{S}/season/1/episode/{E2}/rating?guest_session_id=${FORGED}`, '{"value":8}', NO_SESSION),
  post('rate without any session', '/3/tv/{S}/season/1/episode/{E2}/rating', '{"value":8}', NO_SESSION),
  del('delete a rating with a signed-out session', '/3/tv/{S}/season/1/episode/{E}/rating?session_id={OUT}', NO_SESSION),
  get('account lists with a forged session', `/3/account/{A_ID}/lists?session_id=${FORGED}`, NO_SESSION),
  get('rated episodes without a session', '/3/account/{A_ID}/rated/tv/episodes', NO_SESSION),
  get('account details as a guest', '/3/account/{A_ID}?guest_session_id={G}', NO_SESSION),
  post('a session from a forged request token', '/3/authentication/session/new', `{"request_token":"${FORGED}"}`, envelope(401, 33)),
  post('a session from an expired request token', '/3/authentication/session/new', '{"request_token":"{OLDRT}"}', envelope(401, 33)),
  post('a session without a request token', '/3/authentication/session/new', '{}', INVALID_PARAMS),
  post('a login without a password', '/3/authentication/token/validate_with_login', `{"username":"marquee-demo","request_token":"${FORGED}"}`, envelope(400, 26)),
  post('a login with an empty user name', '/3/authentication/token/validate_with_login', `{"username":"","password":"x","request_token":"${FORGED}"}`, envelope(400, 26)),
  post('a login with a forged request token', '/3/authentication/token/validate_with_login', `{"username":"marquee-demo","password":"x","request_token":"${FORGED}"}`, envelope(401, 33)),
  { name: 'sign out a session that does not exist', method: 'DELETE', path: '/3/authentication/session', body: `{"session_id":"${FORGED}"}`, expect: envelope(404, 37) },

  // --- one user's session against another user's list ---
  post("add to another user's list", '/3/list/{LA}/add_item?session_id={B}', '{"media_id":{FREE}}', NOT_OWNER),
  post("remove from another user's list", '/3/list/{LA}/remove_item?session_id={B}', '{"media_id":{M1}}', NOT_OWNER),
  post("clear another user's list", '/3/list/{LA}/clear?session_id={B}&confirm=true', undefined, NOT_OWNER),
  del("delete another user's list", '/3/list/{LA}?session_id={B}', NOT_OWNER),
  post("add to another user's list, a session_id smuggled in the body", '/3/list/{LB}/add_item?session_id={A}', '{"media_id":{FREE},"session_id":"{B}"}', NOT_OWNER),

  // --- bodies: not JSON, wrong types, missing and extra fields, too large, too deep ---
  post('invalid JSON', '/3/list?session_id={A}', '{"name": "x",', BAD_INPUT),
  post('JSON with a trailing comma', '/3/list?session_id={A}', '{"name": "x",}', BAD_INPUT),
  post('single quotes', '/3/list?session_id={A}', "{'name': 'x'}", BAD_INPUT),
  post('a body of text/plain', '/3/list?session_id={A}', '{"name":"x"}', BAD_INPUT, { contentType: 'text/plain' }),
  post('a body of form data', '/3/list?session_id={A}', 'name=x', BAD_INPUT, { contentType: 'application/x-www-form-urlencoded' }),
  post('a body that is an array', '/3/list?session_id={A}', '["name"]', INVALID_PARAMS),
  post('a body that is a string', '/3/list?session_id={A}', '"name"', INVALID_PARAMS),
  post('a body that is null', '/3/list?session_id={A}', 'null', INVALID_PARAMS),
  post('an empty object', '/3/list?session_id={A}', '{}', INVALID_PARAMS),
  post('no body at all', '/3/list?session_id={A}', undefined, INVALID_PARAMS),
  post('a name that is a number', '/3/list?session_id={A}', '{"name":123}', INVALID_PARAMS),
  post('an empty name', '/3/list?session_id={A}', '{"name":""}', INVALID_PARAMS),
  post('a blank name', '/3/list?session_id={A}', '{"name":"   "}', INVALID_PARAMS),
  post('a name of 101 characters', '/3/list?session_id={A}', `{"name":"${'n'.repeat(101)}"}`, INVALID_PARAMS),
  post('a description of 1001 characters', '/3/list?session_id={A}', `{"name":"x","description":"${'d'.repeat(1001)}"}`, INVALID_PARAMS),
  post('a language that is not ISO 639-1', '/3/list?session_id={A}', '{"name":"x","language":"english"}', INVALID_PARAMS),
  post('a name with extra fields of the wrong type', '/3/list?session_id={A}', '{"name":null,"account_id":"{B_ID}","id":1}', INVALID_PARAMS),
  post('a megabyte name', '/3/list?session_id={A}', `{"name":"${MEGABYTE}"}`, TOO_LARGE),
  post('a megabyte add_item body', ADD_A, `{"media_id":{FREE},"padding":"${MEGABYTE}"}`, TOO_LARGE),
  post('an array nested 20000 deep', '/3/list?session_id={A}', `{"name":${deepArray(20_000)}}`, INVALID_PARAMS),
  post('an object nested 10000 deep', ADD_A, `{"media_id":${deepObject(10_000)}}`, INVALID_PARAMS),
  post('a __proto__ key', ADD_A, '{"__proto__":{"media_id":{FREE}}}', INVALID_PARAMS),
  post('media_id as a string', ADD_A, '{"media_id":"{FREE}"}', INVALID_PARAMS),
  post('media_id negative', ADD_A, '{"media_id":-1}', INVALID_PARAMS),
  post('media_id fractional', ADD_A, '{"media_id":1.5}', INVALID_PARAMS),
  post('media_id null', ADD_A, '{"media_id":null}', INVALID_PARAMS),
  post('media_id true', ADD_A, '{"media_id":true}', INVALID_PARAMS),
  post('media_id 1e400 (Infinity)', ADD_A, '{"media_id":1e400}', INVALID_PARAMS),
  post('media_id missing, another id given', ADD_A, '{"movie_id":{FREE}}', INVALID_PARAMS),
  post('media_id of a film that does not exist', ADD_A, '{"media_id":987654}', NOT_FOUND),
  post('a film already on the list', ADD_A, '{"media_id":{M1}}', envelope(403, 8)),
  post('remove a film that is not on the list', '/3/list/{LA}/remove_item?session_id={A}', '{"media_id":{FREE}}', NOT_FOUND),

  // --- rating values ---
  rate('rating -1', '{"value":-1}', RATING_REFUSED),
  rate('rating 0', '{"value":0}', RATING_REFUSED),
  rate('rating 0.25', '{"value":0.25}', RATING_REFUSED),
  rate('rating 10.5', '{"value":10.5}', RATING_REFUSED),
  rate('rating 10.25', '{"value":10.25}', RATING_REFUSED),
  rate('rating 0.4', '{"value":0.4}', RATING_REFUSED),
  rate('rating 8.000001', '{"value":8.000001}', RATING_REFUSED),
  rate('rating 1e308', '{"value":1e308}', RATING_REFUSED),
  rate('rating "NaN" as a string', '{"value":"NaN"}', INVALID_PARAMS),
  rate('rating NaN as a raw token', '{"value":NaN}', BAD_INPUT),
  rate('rating Infinity as a raw token', '{"value":Infinity}', BAD_INPUT),
  rate('rating 1e400 (Infinity after parsing)', '{"value":1e400}', INVALID_PARAMS),
  rate('rating "8" as a string', '{"value":"8"}', INVALID_PARAMS),
  rate('rating null', '{"value":null}', INVALID_PARAMS),
  rate('rating missing', '{}', INVALID_PARAMS),
  rate('rating in an array', '{"value":[8]}', INVALID_PARAMS),
  rate('rating as an object', '{"value":{"value":8}}', INVALID_PARAMS),
  rate('rating with an extra field and a bad value', '{"value":0.3,"series_id":1}', RATING_REFUSED),

  // --- methods the address does not take ---
  { name: 'PUT a movie', method: 'PUT', path: '/3/movie/{M1}', body: '{}', expect: WRONG_METHOD },
  { name: 'PATCH a list', method: 'PATCH', path: '/3/list/{LA}?session_id={A}', body: '{"name":"y"}', expect: WRONG_METHOD },
  del('DELETE a movie', '/3/movie/{M1}', WRONG_METHOD),
  get('GET the list-creation address', '/3/list', WRONG_METHOD),
  get('GET an add_item address', '/3/list/{LA}/add_item?session_id={A}', WRONG_METHOD),
];

/** Replaces {A}, {LA}, ... in a template with the seeded values. */
export function fill(template: string, s: Seeded): string {
  const values: Record<string, string | number> = {
    A: s.sessionA, B: s.sessionB, G: s.guest, OUT: s.signedOut, OLDG: s.expiredGuest, OLDRT: s.expiredRequestToken,
    TOKEN: s.token, A_ID: s.accountA, B_ID: s.accountB, LA: s.listA, LB: s.listB,
    M1: s.moviesOnA[0], M2: s.moviesOnA[1], FREE: s.freeMovie, S: s.episode.series, E: s.episode.episode,
    E2: s.otherEpisode.episode,
  };
  return template.replace(/\{([A-Z0-9_]+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

export async function send(row: BadRequest, s: Seeded): Promise<RawAnswer> {
  const headers: Record<string, string> = {};
  if (row.auth === undefined) headers.authorization = `Bearer ${s.token}`;
  else if (row.auth !== 'none') headers.authorization = fill(row.auth, s);
  if (row.body !== undefined) headers['content-type'] = row.contentType ?? 'application/json;charset=utf-8';
  return s.raw({ method: row.method, path: fill(row.path, s), headers, body: row.body === undefined ? undefined : fill(row.body, s) });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedCatalog, openEmbeddedCatalog } from '../../src/server/embedded.js';
import type { ThreadAnswer, ThreadRequest } from '../../src/server/in-thread.js';
import { type RawResponse, type TestServer, TEST_CATALOG_SIZE, signIn, startTestServer } from './harness.js';

/**
 * The embedded catalog answers the TUI in its thread, without HTTP (in-thread.ts): every answer
 * must be the one the HTTP route gives, status, body and the headers a client reads, successes,
 * refusals and writes alike. Both run on one data directory (one token, one user database).
 */

let t: TestServer;
let catalog: EmbeddedCatalog;
let sessionId: string;

beforeAll(async () => {
  t = await startTestServer();
  catalog = await openEmbeddedCatalog({ dataDir: t.dataDir, catalogSize: TEST_CATALOG_SIZE, now: t.clock.now });
  sessionId = await signIn(t);
}, 60_000);

afterAll(async () => {
  await catalog?.close();
  await t?.dispose();
});

const JSON_HEADERS = { 'content-type': 'application/json;charset=utf-8' };

interface Compared {
  status: number;
  body: unknown;
  headers: Record<string, string | undefined>;
}

/** The headers a client reads, and the body as JSON. */
function comparable(status: number, headers: Record<string, string | string[] | undefined>, text: string): Compared {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    status,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
    headers: Object.fromEntries(['cache-control', 'content-type', 'etag', 'vary'].map((name) => [name, header(name)])),
  };
}

const fromHttp = (response: RawResponse) => comparable(response.status, response.headers, response.text);
const fromThread = (answer: ThreadAnswer) => comparable(answer.status, answer.headers, Buffer.from(answer.body).toString('utf8'));

/** One request both ways: over HTTP to the server, and handed to the catalog's thread answerer. */
async function both(method: ThreadRequest['method'], path: string, init: { headers?: Record<string, string>; body?: string; auth?: boolean } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.auth !== false) headers.authorization = `Bearer ${t.server.token}`;
  const http = fromHttp(await t.raw(method, path, { headers, body: init.body, auth: init.auth }));
  const thread = fromThread(await catalog.answer({ method, path, headers, body: init.body }));
  return { http, thread };
}

describe('answers in the catalog thread, as over HTTP', () => {
  it.each([
    ['a catalog read', '/3/movie/popular?page=2&language=en-US'],
    ['a record with appended parts', '/3/movie/2?append_to_response=credits,videos'],
    ['a series in another language', '/3/tv/3?language=fr-FR'],
    ['a search', '/3/search/multi?query=the'],
    ['repeated slashes and a trailing slash', '/3//certification/movie/list/'],
  ])('%s', async (_name, path) => {
    const { http, thread } = await both('GET', path);
    expect(http.status).toBe(200);
    expect(thread).toEqual(http);
  });

  it('an account read with the session', async () => {
    const { http, thread } = await both('GET', `/3/account?session_id=${sessionId}`);
    expect(http.headers['cache-control']).toBe('private, no-cache');
    expect(thread).toEqual(http);
  });

  it('304 for a body the client already has', async () => {
    const first = await both('GET', '/3/genre/movie/list');
    const etag = first.http.headers.etag!;
    const { http, thread } = await both('GET', '/3/genre/movie/list', { headers: { 'if-none-match': etag } });
    expect(http.status).toBe(304);
    expect(thread).toEqual(http);
  });

  it.each([
    ['no token: 401 status_code 7', 'GET', '/3/movie/popular', { auth: false }],
    ['a wrong token: 401 status_code 7', 'GET', '/3/movie/popular', { auth: false, headers: { authorization: 'Bearer nope' } }],
    ['no session: 401 status_code 3', 'GET', '/3/account', {}],
    ['an unknown record: 404 status_code 34', 'GET', '/3/movie/987654321', {}],
    ['an id that is no id: 404 status_code 34', 'GET', '/3/movie/abc', {}],
    ['an unknown address: 404 status_code 34', 'GET', '/3/no/such/thing', {}],
    ['another method: 405 status_code 42', 'DELETE', '/3/movie/popular', {}],
    ['a search without query: 422', 'GET', '/3/search/movie', {}],
    ['a page out of range: 400 status_code 22', 'GET', '/3/movie/popular?page=0', {}],
    ['a body that is not JSON: 400 status_code 47', 'POST', '/3/movie/2/rating', { body: 'eight', headers: JSON_HEADERS }],
  ] as const)('%s', async (_name, method, path, init) => {
    const { http, thread } = await both(method, path, init);
    expect(http.status).toBeGreaterThanOrEqual(400);
    expect(thread).toEqual(http);
  });

  it('writes: a rating, a refused rating, the watchlist and a deleted rating', async () => {
    const rate = (id: number, value: unknown) => ({ body: JSON.stringify({ value }), headers: JSON_HEADERS });
    // Each side writes its own title, so both writes are a first write.
    const http = fromHttp(await t.raw('POST', `/3/movie/2/rating?session_id=${sessionId}`, rate(2, 8)));
    const thread = fromThread(
      await catalog.answer({ method: 'POST', path: `/3/movie/4/rating?session_id=${sessionId}`, headers: { ...JSON_HEADERS, authorization: `Bearer ${t.server.token}` }, body: rate(4, 8).body }),
    );
    expect(http.status).toBe(201);
    expect(thread).toEqual(http);

    const refused = await both('POST', `/3/movie/6/rating?session_id=${sessionId}`, rate(6, 11));
    expect(refused.http.status).toBe(400);
    expect(refused.thread).toEqual(refused.http);

    const watch = (id: number) => ({ body: JSON.stringify({ media_type: 'movie', media_id: id, watchlist: true }), headers: JSON_HEADERS });
    const httpWatch = fromHttp(await t.raw('POST', `/3/account/0/watchlist?session_id=${sessionId}`, watch(8)));
    const threadWatch = fromThread(
      await catalog.answer({ method: 'POST', path: `/3/account/0/watchlist?session_id=${sessionId}`, headers: { ...JSON_HEADERS, authorization: `Bearer ${t.server.token}` }, body: watch(10).body }),
    );
    expect(httpWatch.status).toBe(201);
    expect(threadWatch).toEqual(httpWatch);

    // The thread's write is the service's: HTTP sees it, and deletes it as it deletes its own.
    const deleted = await both('DELETE', `/3/movie/4/rating?session_id=${sessionId}`);
    expect(deleted.http.status).toBe(200);
    expect(deleted.thread.status).not.toBe(200);
  });

  it('an image, as the image route sends it', async () => {
    const configuration = await catalog.answer({ method: 'GET', path: '/3/configuration', headers: { authorization: `Bearer ${t.server.token}` } });
    const images = (JSON.parse(Buffer.from(configuration.body).toString('utf8')) as { images: { base_url: string } }).images;
    // Image addresses name the catalog's own HTTP address, as they do over HTTP.
    expect(images.base_url.startsWith(catalog.url)).toBe(true);
    const path = `/t/p/w92/t${'a'.repeat(26)}.jpg`;
    const http = await t.raw('GET', path, { auth: false });
    const thread = await catalog.answer({ method: 'GET', path, headers: {} });
    expect(http.status).toBe(200);
    expect(thread.body.byteLength).toBeGreaterThan(100);
    expect({ status: thread.status, type: thread.headers['content-type'], cache: thread.headers['cache-control'] }).toEqual({
      status: http.status,
      type: http.headers['content-type'],
      cache: http.headers['cache-control'],
    });
  });
});

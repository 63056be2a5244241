import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { rmSync } from 'node:fs';
import { STATUS_CODES, serviceErrorBody } from '../../src/contract/index.js';
import { buildApp } from '../../src/server/app.js';
import { CatalogGenerator } from '../../src/server/catalog/generator.js';
import { CatalogIndex } from '../../src/server/catalog/store.js';
import type { HandlerMap, ServerContext } from '../../src/server/handlers/context.js';
import { handlers } from '../../src/server/handlers/index.js';
import { MissingHandlerError } from '../../src/server/routes/operations.js';
import { UserStore } from '../../src/server/userdata/store.js';
import { type RawResponse, type TestServer, TestClock, expectSchema, signedInTestServer, tempDir, startTestServer } from './harness.js';

/**
 * What a third-party client sends that ours never would: raw HTTP for auth variants, malformed
 * input, the spec's doubled slash, compression and conditional requests.
 */

let t: TestServer;
let sessionId: string;

beforeAll(async () => ({ t, sessionId } = await signedInTestServer()));
afterAll(() => t.dispose());

/** The error envelope with the HTTP status the service's table gives the code. */
function expectEnvelope(response: RawResponse, code: keyof typeof STATUS_CODES, httpStatus: number = STATUS_CODES[code].http): void {
  expect(response.status, response.text).toBe(httpStatus);
  expect(response.json).toEqual({ success: false, status_code: code, status_message: STATUS_CODES[code].message });
  expect(serviceErrorBody.safeParse(response.json).success).toBe(true);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
}

describe('access token', () => {
  it('is required on every operation: 401 status_code 7 with the real message', async () => {
    expectEnvelope(await t.raw('GET', '/3/movie/1', { auth: false }), 7);
    expectEnvelope(await t.raw('GET', '/3/authentication', { headers: { authorization: 'Bearer not-the-token' } }), 7);
    expectEnvelope(await t.raw('GET', '/3/authentication', { headers: { authorization: t.server.token } }), 7);
    expectEnvelope(await t.raw('POST', '/3/list', { auth: false, body: '{}', headers: { 'content-type': 'application/json' } }), 7);
  });

  it('is accepted as a Bearer header (any case) or as api_key', async () => {
    expect((await t.raw('GET', '/3/authentication', { headers: { authorization: `bearer ${t.server.token}` } })).status).toBe(200);
    const viaQuery = await t.raw('GET', `/3/authentication?api_key=${encodeURIComponent(t.server.token)}`, { auth: false });
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.json).toEqual({ success: true, status_code: 1, status_message: 'Success.' });
  });
});

describe('addresses and parameters', () => {
  it('answers the doubled slash of the spec like the single one', async () => {
    const doubled = await t.raw('GET', '/3/certification//tv/list');
    const single = await t.raw('GET', '/3/certification/tv/list');
    expect(doubled.status).toBe(200);
    expect(doubled.json).toEqual(single.json);
    expectSchema('tvCertifications', doubled.json);
  });

  it('unknown addresses are 404 status_code 34; a known address with another method is 405 status_code 42', async () => {
    expectEnvelope(await t.raw('GET', '/3/no/such/thing'), 34);
    expectEnvelope(await t.raw('GET', '/nothing', { auth: false }), 34);
    expectEnvelope(await t.raw('PUT', '/3/movie/1'), 42);
  });

  it('path ids that are not int32 numbers, or name nothing, are 404 status_code 34', async () => {
    for (const id of ['abc', '-1', '1.5', '99999999999', '2147483648', '0', '999999', 'x'.repeat(300), '%E0%A4%A']) {
      expectEnvelope(await t.raw('GET', `/3/movie/${id}`), 34);
    }
    expectEnvelope(await t.raw('GET', '/3/tv/1/season/99/episode/1/images'), 34);
    expectEnvelope(await t.raw('GET', '/3/tv/1/season/1/episode/999/external_ids'), 34);
  });

  it('pages outside 1..500 or not integers are 400 status_code 22', async () => {
    for (const page of ['0', '501', 'abc', '1.5', '-1', '', '1e2']) {
      expectEnvelope(await t.raw('GET', `/3/movie/popular?page=${page}`), 22);
    }
    expectEnvelope(await t.raw('GET', '/3/tv/popular?page=1&page=2'), 22);
    const last = await t.raw('GET', '/3/movie/popular?page=500');
    expect(last.status).toBe(200);
    expect(last.json).toMatchObject({ page: 500, results: [], total_results: 210 });
  });

  it('a search without query is 422 {"errors":["query must be provided"]}', async () => {
    for (const path of ['/3/search/multi', '/3/search/collection?page=1', '/3/search/multi?query=%20%20']) {
      const response = await t.raw('GET', path);
      expect(response.status).toBe(422);
      expect(response.json).toEqual({ errors: ['query must be provided'] });
    }
  });

  it('ignores unknown query parameters', async () => {
    const response = await t.raw('GET', '/3/movie/1?language=fr-FR&append_to_response=credits&whatever=1');
    expect(response.status).toBe(200);
    expectSchema('movieDetails', response.json);
  });

  it('malformed typed parameters are 422 status_code 5', async () => {
    expectEnvelope(await t.raw('GET', '/3/search/multi?query=a&include_adult=maybe'), 5);
    expectEnvelope(await t.raw('GET', '/3/list/1/item_status?movie_id=abc'), 5);
    expectEnvelope(await t.raw('GET', `/3/account/1/rated/tv/episodes?sort_by=name&session_id=${sessionId}`), 5);
  });

  it('an unknown or lower-case region gives an empty page, as the real service does', async () => {
    for (const region of ['us', 'ZZ']) {
      const response = await t.raw('GET', `/3/movie/upcoming?region=${region}`);
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({ page: 1, results: [], total_pages: 0, total_results: 0 });
    }
  });
});

describe('request bodies', () => {
  const json = { 'content-type': 'application/json;charset=utf-8' };
  const create = (body: string, headers: Record<string, string> = json) =>
    t.raw('POST', `/3/list?session_id=${sessionId}`, { body, headers });

  it('accepts application/json;charset=utf-8, and that content type with no body', async () => {
    const created = await create(JSON.stringify({ name: 'Charset', description: '', language: 'en' }));
    expect(created.status).toBe(201);
    const listId = (created.json as { list_id: number }).list_id;
    const cleared = await t.raw('POST', `/3/list/${listId}/clear?confirm=true&session_id=${sessionId}`, { headers: json });
    expect(cleared.status).toBe(201);
    expect(cleared.json).toEqual({ success: true, status_code: 12, status_message: 'The item/record was updated successfully.' });
  });

  it('ignores unknown body fields, as the real service does', async () => {
    const created = await create(JSON.stringify({ name: 'Extra', future_field: true }));
    expect(created.status).toBe(201);
  });

  it('malformed JSON and other content types are 400 status_code 47; bodies over 64 KiB are 413 status_code 47', async () => {
    expectEnvelope(await create('{"name": "unterminated'), 47);
    expectEnvelope(await create('name=x', { 'content-type': 'text/plain' }), 47);
    expectEnvelope(await create(JSON.stringify({ name: 'x', description: 'y'.repeat(70 * 1024) })), 47, 413);
  });

  it('wrong types, missing fields and non-object bodies are 422 status_code 5', async () => {
    expectEnvelope(await create(JSON.stringify({ name: 42 })), 5);
    expectEnvelope(await create(JSON.stringify({ description: 'no name' })), 5);
    expectEnvelope(await create(JSON.stringify({ name: '   ' })), 5);
    expectEnvelope(await create('[1,2,3]'), 5);
    expectEnvelope(await create('"just a string"'), 5);
    expectEnvelope(await create(''), 5);
    expectEnvelope(await create('{"__proto__": {"polluted": true}, "name": 1}'), 5);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expectEnvelope(await t.raw('POST', '/3/tv/1/season/1/episode/1/rating', { body: '{"value":"8"}', headers: { ...json } }), 3);
    expectEnvelope(
      await t.raw('POST', `/3/tv/1/season/1/episode/1/rating?session_id=${sessionId}`, { body: '{"value":"8"}', headers: json }),
      5,
    );
  });
});

describe('compression and caching', () => {
  it('on loopback never compresses: there bytes cost nothing, and compressing costs both ends CPU', async () => {
    const response = await request(`${t.server.url}/3/movie/popular`, {
      headers: { authorization: `Bearer ${t.server.token}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expectSchema('popularMovies', await response.body.json());
  });

  it('listening on a network address, gzips when the client asks, and only then', async () => {
    const networked = await startTestServer({ host: '0.0.0.0' });
    try {
      const url = `http://127.0.0.1:${new URL(networked.server.url).port}/3/movie/popular`;
      const response = await request(url, { headers: { authorization: `Bearer ${networked.server.token}`, 'accept-encoding': 'gzip' } });
      expect(response.headers['content-encoding']).toBe('gzip');
      const body = JSON.parse(gunzipSync(Buffer.from(await response.body.arrayBuffer())).toString('utf8'));
      expectSchema('popularMovies', body);
      const plain = await request(url, { headers: { authorization: `Bearer ${networked.server.token}` } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(await plain.body.json()).toEqual(body);
    } finally {
      await networked.dispose();
    }
  });

  it('catalog reads carry ETag and a short public max-age; If-None-Match gets 304', async () => {
    const first = await t.raw('GET', '/3/movie/1');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.raw('GET', '/3/movie/1', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await t.raw('GET', '/3/movie/2', { headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
  });

  it("user data is kept only to be revalidated (the caller's own privately), unchanged gets 304, and a list ETag changes when the list does", async () => {
    const account = await t.raw('GET', `/3/account/1?session_id=${sessionId}`);
    expect(account.headers['cache-control']).toBe('private, no-cache');
    for (const path of [`/3/account/1?session_id=${sessionId}`, `/3/account/1/rated/tv/episodes?session_id=${sessionId}`, `/3/account/1/watchlist/movies?session_id=${sessionId}`]) {
      const first = await t.raw('GET', path);
      const again = await t.raw('GET', path, { headers: { 'if-none-match': first.headers.etag as string } });
      expect([first.status, again.status, again.text], path).toEqual([200, 304, '']);
    }
    const created = await t.raw('POST', `/3/list?session_id=${sessionId}`, {
      body: JSON.stringify({ name: 'Tagged' }),
      headers: { 'content-type': 'application/json' },
    });
    const listId = (created.json as { list_id: number }).list_id;
    const before = await t.raw('GET', `/3/list/${listId}`);
    expect(before.headers['cache-control']).toBe('private, no-cache');
    await t.raw('POST', `/3/list/${listId}/add_item?session_id=${sessionId}`, {
      body: JSON.stringify({ media_id: 7 }),
      headers: { 'content-type': 'application/json' },
    });
    const after = await t.raw('GET', `/3/list/${listId}`, { headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('errors are never cached', async () => {
    const missing = await t.raw('GET', '/3/movie/999999');
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();
  });

  it('answers HEAD like GET without a body', async () => {
    const head = await t.raw('HEAD', '/3/configuration');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });
});

describe('failures inside the server', () => {
  async function appWith(handlerMap: HandlerMap) {
    const dataDir = tempDir();
    const catalog = new CatalogGenerator(7, 100);
    const index = CatalogIndex.open(dataDir, catalog);
    const users = UserStore.open(dataDir);
    const clock = new TestClock();
    const context: ServerContext = { catalog, index, users, now: clock.now, demoUsername: 'nobody', origin: () => 'http://127.0.0.1' };
    const cleanup = () => {
      users.close();
      index.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    try {
      return { app: await buildApp(context, { accessToken: 'test-token-1234', handlers: handlerMap, logger: false, compressResponses: false }), cleanup };
    } catch (error) {
      cleanup();
      throw error;
    }
  }

  it('a bug is 500 status_code 11 with no stack or detail', async () => {
    const broken: HandlerMap = {
      ...handlers,
      movieDetails: () => {
        throw new Error('secret internal detail at /some/file.ts:12');
      },
    };
    const { app, cleanup } = await appWith(broken);
    try {
      const response = await app.inject({ method: 'GET', url: '/3/movie/1', headers: { authorization: 'Bearer test-token-1234' } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, status_code: 11, status_message: STATUS_CODES[11].message });
      expect(response.body).not.toContain('secret');
    } finally {
      await app.close();
      cleanup();
    }
  });

  it('a table row without a handler stops the server from starting', async () => {
    const { movieDetails: _dropped, ...incomplete } = handlers;
    await expect(appWith(incomplete as HandlerMap)).rejects.toBeInstanceOf(MissingHandlerError);
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogClient, NetworkError, ServiceError, type Reachability } from '../../src/api/index.js';
import { CONFIGURATION_FRESH_MS } from '../../src/api/cache.js';
import { openResponseStore, type ResponseStore } from '../../src/storage/index.js';
import { sampleAnswer } from './samples.js';
import { TestServer, type Handler } from './test-server.js';

/**
 * The client with its disk cache: answers kept across client instances (each run of the
 * program is a new client over the same file), freshness, what is never written down, and the
 * answers served when the service cannot be reached.
 */

const TOKEN = 'disk-cache-token-5f1e9a';
const SESSION_ID = 'sess-8c2d4b7e91aa40f3';

let dir: string;
let server: TestServer;
let now: number;
const opened: Array<{ client: CatalogClient; store: ResponseStore | undefined }> = [];

beforeEach(async () => {
  dir = join(mkdtempSync(join(tmpdir(), 'marquee-disk-cache-')), 'cache', 'marquee');
  server = await TestServer.start();
  now = 1_700_000_000_000;
});
afterEach(async () => {
  for (const { client, store } of opened.splice(0)) {
    await client.close();
    store?.close();
  }
  await server.close();
  rmSync(join(dir, '..', '..'), { recursive: true, force: true });
});

/** A new run of the program: a new client over the cache file, for one service. */
function run(options: { baseUrl?: string; reachability?: Reachability[]; timeoutMs?: number } = {}): CatalogClient {
  const baseUrl = options.baseUrl ?? server.url;
  const store = openResponseStore({ dir, service: baseUrl });
  const client = new CatalogClient({
    baseUrl,
    token: TOKEN,
    retry: { maxRetries: 0 },
    now: () => now,
    timeoutMs: options.timeoutMs,
    persistentCache: store,
    onReachability: (r) => options.reachability?.push(r),
  });
  opened.push({ client, store });
  return client;
}

/** Ends a run: the client and its store closed, as the program does on exit. */
async function end(client: CatalogClient): Promise<void> {
  const index = opened.findIndex((o) => o.client === client);
  const [ended] = opened.splice(index, 1);
  await client.close();
  ended?.store?.close();
}

function withEtag(key: Parameters<typeof sampleAnswer>[0], etag: string, cacheControl?: string): Handler {
  return (request) => {
    const headers: Record<string, string> = { etag, ...(cacheControl ? { 'cache-control': cacheControl } : {}) };
    if (request.headers['if-none-match'] === etag) return { status: 304, headers };
    return { headers, body: sampleAnswer(key) };
  };
}

const movie = (client: CatalogClient, language?: string) =>
  client.call('movieDetails', { path: { movie_id: 550 }, query: language ? { language } : undefined });

/** Every byte the cache directory holds (the database and SQLite's side files). */
function cacheBytes(): Buffer {
  return Buffer.concat(readdirSync(dir).map((name) => readFileSync(join(dir, name))));
}

describe('answers kept across runs', () => {
  it('a new client reads what an earlier one stored: fresh answers without a request, stale ones revalidated with the stored ETag', async () => {
    server.handle(withEtag('movieDetails', '"m1"', 'public, max-age=60'));
    const first = run();
    const answer = await movie(first);
    await end(first);
    expect(server.requests).toHaveLength(1);

    const second = run();
    expect(await movie(second)).toEqual(answer);
    expect(server.requests).toHaveLength(1);
    expect(second.stats.cacheHits).toBe(1);
    await end(second);

    now += 61_000;
    const third = run();
    expect(await movie(third)).toEqual(answer);
    expect(server.requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, '"m1"']);
    expect(third.stats.revalidations).toBe(1);
    await end(third);

    // The 304 made the stored entry fresh again for the next run.
    now += 30_000;
    const fourth = run();
    await movie(fourth);
    expect(server.requests).toHaveLength(2);
  });

  it('each language and each service has its own entries', async () => {
    server.handle((request) => ({
      headers: { 'cache-control': 'public, max-age=60', etag: `"${request.query.language ?? 'none'}"` },
      body: { ...(sampleAnswer('movieDetails') as object), title: `title in ${request.query.language}` },
    }));
    const client = run();
    expect((await movie(client, 'de-DE')).title).toBe('title in de-DE');
    expect((await movie(client, 'fr-FR')).title).toBe('title in fr-FR');
    await end(client);

    const again = run();
    expect((await movie(again, 'de-DE')).title).toBe('title in de-DE');
    expect((await movie(again, 'fr-FR')).title).toBe('title in fr-FR');
    expect(server.requests).toHaveLength(2);

    // Another service (same path, same language) finds nothing of this one's.
    const other = await TestServer.start();
    try {
      other.handle(() => ({ headers: { 'cache-control': 'public, max-age=60' }, body: { ...(sampleAnswer('movieDetails') as object), title: 'other service' } }));
      expect((await movie(run({ baseUrl: other.url }), 'de-DE')).title).toBe('other service');
      expect(other.requests).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('the configuration is kept for days even when the answer names no max-age; other answers follow max-age', async () => {
    server.handle(withEtag('configuration', '"c1"'));
    await run().call('configuration');
    now += 2 * 24 * 60 * 60 * 1000;
    await run().call('configuration');
    expect(server.requests).toHaveLength(1);
    now += CONFIGURATION_FRESH_MS;
    await run().call('configuration');
    expect(server.requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, '"c1"']);

    // Not the configuration, no max-age: asked again (with its ETag) by the next run.
    server.reset();
    server.handle(withEtag('movieDetails', '"m2"'));
    await movie(run());
    await movie(run());
    expect(server.requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, '"m2"']);
  });

  it('a write drops the stored answers it makes stale', async () => {
    server.handle((request) =>
      request.method === 'GET'
        ? { headers: { 'cache-control': 'public, max-age=600' }, body: sampleAnswer('movieLists') }
        : { status: 201, body: sampleAnswer('addListItem') },
    );
    const client = run();
    await client.call('movieLists', { path: { movie_id: 550 } });
    await client.call('addListItem', { path: { list_id: 42 }, body: { media_id: 550 }, session: { sessionId: SESSION_ID } });
    await end(client);
    await run().call('movieLists', { path: { movie_id: 550 } });
    expect(server.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
  });
});

describe('never written down', () => {
  it('answers to calls with a session, and private or no-store answers, stay in memory; no byte on disk holds the token or a session id', async () => {
    server.handle((request) => {
      if (request.path.endsWith('/account_states')) return { headers: { 'cache-control': 'public, max-age=600' }, body: sampleAnswer('movieAccountStates') };
      if (request.path === '/3/configuration') return { headers: { 'cache-control': 'private, max-age=600' }, body: sampleAnswer('configuration') };
      if (request.path === '/3/authentication') return { headers: { 'cache-control': 'no-store' }, body: sampleAnswer('validateKey') };
      // A catalog answer that happens to quote the session id (as a "session/new" answer would).
      if (request.path === '/3/movie/551') return { headers: { 'cache-control': 'public, max-age=600' }, body: { ...(sampleAnswer('movieDetails') as object), id: 551, tagline: SESSION_ID } };
      return { headers: { 'cache-control': 'public, max-age=600' }, body: sampleAnswer('movieDetails') };
    });
    const client = new CatalogClient({
      baseUrl: server.url, token: TOKEN, session: { sessionId: SESSION_ID }, retry: { maxRetries: 0 }, now: () => now,
      persistentCache: openResponseStore({ dir, service: server.url }),
    });
    opened.push({ client, store: undefined });
    await client.call('movieAccountStates', { path: { movie_id: 550 } });
    await client.call('configuration');
    await client.call('validateKey');
    await client.call('movieDetails', { path: { movie_id: 551 } });
    await movie(client);
    // Served from memory within the run.
    await client.call('movieAccountStates', { path: { movie_id: 550 } });
    expect(server.requests).toHaveLength(5);
    await client.close();

    const bytes = cacheBytes();
    // The one catalog answer that may be kept is there (so the search below can find things).
    expect(bytes.includes(Buffer.from((sampleAnswer('movieDetails') as { title: string }).title))).toBe(true);
    expect(bytes.includes(Buffer.from(SESSION_ID))).toBe(false);
    expect(bytes.includes(Buffer.from(TOKEN))).toBe(false);
    expect(bytes.includes(Buffer.from('session_id'))).toBe(false);

    // A new run asks for everything again but the one catalog answer.
    const again = run();
    await again.call('configuration');
    await again.call('movieDetails', { path: { movie_id: 551 } });
    await movie(again);
    expect(server.requests.map((r) => r.path).slice(5)).toEqual(['/3/configuration', '/3/movie/551']);
  });

  it('the directory is 0700 and every file in it 0600', async () => {
    server.handle(() => ({ headers: { 'cache-control': 'public, max-age=60' }, body: sampleAnswer('movieDetails') }));
    await movie(run());
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir);
    expect(files).toContain('responses.sqlite');
    for (const name of files) expect({ name, mode: (statSync(join(dir, name)).mode & 0o777).toString(8) }).toEqual({ name, mode: '600' });
  });
});

describe('when the service cannot be reached', () => {
  it('a stored answer, fresh or stale, is served marked offline with the time it was stored; the service answering again clears the mark', async () => {
    server.handle(withEtag('movieDetails', '"m3"', 'public, max-age=60'));
    const storedAt = now;
    const answer = await movie(run());
    const { url } = server;
    await server.close();

    now += 3_600_000;
    const reachability: Reachability[] = [];
    const offline = run({ baseUrl: url, reachability });
    expect(await movie(offline)).toEqual(answer);
    expect(offline.stats.offlineAnswers).toBe(1);
    expect(reachability).toEqual([{ reachable: false, storedAt }]);
    const loose = await offline.callLooseAnswer('movieDetails', { pathParams: { movie_id: 550 } });
    expect(loose.offline).toEqual({ storedAt });

    // Nothing stored for this one: the network error, as before.
    await expect(offline.call('movieDetails', { path: { movie_id: 999 } })).rejects.toMatchObject({ kind: 'refused' });
    await expect(offline.call('movieDetails', { path: { movie_id: 999 } })).rejects.toBeInstanceOf(NetworkError);

    // The service is back (on the same address): the next request reaches it and says so.
    server = await TestServer.startOn(url);
    server.handle(withEtag('movieDetails', '"m3"', 'public, max-age=60'));
    await movie(offline);
    expect(reachability.at(-1)).toEqual({ reachable: true });
  });

  it('a fresh answer kept in memory needs no network: served as it is, not marked', async () => {
    server.handle(() => ({ headers: { 'cache-control': 'public, max-age=600' }, body: sampleAnswer('movieDetails') }));
    const reachability: Reachability[] = [];
    const client = run({ reachability });
    await movie(client);
    await server.close();
    await movie(client);
    expect(client.stats.offlineAnswers).toBe(0);
    expect(reachability).toEqual([{ reachable: true }]);
    server = await TestServer.start();
  });

  it('a service that does not answer in time counts as out of reach', async () => {
    server.handle(withEtag('movieDetails', '"m4"', 'public, max-age=60'));
    await movie(run());
    now += 61_000;
    server.handle(() => ({ hang: true }));
    const reachability: Reachability[] = [];
    const slow = run({ timeoutMs: 300, reachability });
    await movie(slow);
    expect(slow.stats.offlineAnswers).toBe(1);
    expect(reachability).toEqual([{ reachable: false, storedAt: now - 61_000 }]);
  });

  it.each([401, 404, 429, 500])('an HTTP %i is an answer, not an outage: the error, never the stored body', async (status) => {
    server.handle(withEtag('movieDetails', '"m5"', 'public, max-age=60'));
    await movie(run());
    now += 61_000;
    server.handle(() => ({ status, body: { success: false, status_code: status === 401 ? 7 : 34, status_message: 'refused here' } }));
    const client = run();
    await expect(movie(client)).rejects.toBeInstanceOf(ServiceError);
    expect(client.stats.offlineAnswers).toBe(0);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import { operationSource, queryState, type AppStore } from '../../src/state/index.js';
import { openResponseStore, type ResponseStore } from '../../src/storage/index.js';
import { sampleAnswer } from '../api/samples.js';
import { TestServer, type Handler, type ScriptedResponse } from '../api/test-server.js';
import { makeStore, type TestStore } from './support.js';

/**
 * The store over a client with a disk cache: a run after the service went away starts offline
 * on what was kept, marks it with the time it was stored, and drops the mark when the service
 * answers again.
 */

const MOVIE = operationSource('movieDetails', { path: { movie_id: 550 } });

let cacheHome: string;
let server: TestServer;
let now: number;
const runs: Array<{ test: TestStore; cache: ResponseStore | undefined }> = [];

const service: Handler = (request): ScriptedResponse => {
  if (request.path === '/3/authentication') return { headers: { 'cache-control': 'no-store' }, body: sampleAnswer('validateKey') };
  if (request.path === '/3/configuration') return { headers: { etag: '"c"' }, body: sampleAnswer('configuration') };
  if (request.path === '/3/movie/550') return { headers: { 'cache-control': 'public, max-age=60', etag: '"m"' }, body: sampleAnswer('movieDetails') };
  return { status: 404, body: { success: false, status_code: 34, status_message: 'not found' } };
};

beforeEach(async () => {
  cacheHome = mkdtempSync(join(tmpdir(), 'marquee-offline-'));
  server = await TestServer.start();
  server.handle(service);
  now = 1_700_000_000_000;
});
afterEach(async () => {
  for (const { test, cache } of runs.splice(0)) {
    test.cleanup();
    cache?.close();
  }
  await server.close();
  rmSync(cacheHome, { recursive: true, force: true });
});

/** One run of the TUI's store against `baseUrl`, with the disk cache in the test's home. */
function run(baseUrl: string): AppStore {
  const cache = openResponseStore({ dir: join(cacheHome, 'marquee'), service: baseUrl });
  const test = makeStore(
    { baseUrl, token: 'offline-token', approvalBase: baseUrl },
    {
      createClient: (target, session, onReachability) =>
        new CatalogClient({
          baseUrl: target.baseUrl, token: target.token ?? '', session, retry: { maxRetries: 0 }, now: () => now,
          persistentCache: cache, onReachability,
        }),
    },
  );
  runs.push({ test, cache });
  return test.store;
}

describe('offline, as of', () => {
  it('a run with the service gone starts on the kept answers, marked with when they were stored; the mark goes when the service is back', async () => {
    const first = run(server.url);
    await first.getState().connection.start();
    expect(first.getState().connection.status).toBe('ready');
    const storedAt = now;
    await first.getState().queries.load(MOVIE);
    expect(queryState(first.getState().queries, MOVIE).status).toBe('ready');
    expect(first.getState().connection.offlineAsOf).toBeUndefined();

    const { url } = server;
    await server.close();
    now += 60 * 60 * 1000;

    const second = run(url);
    await second.getState().connection.start();
    expect(second.getState().connection).toMatchObject({ status: 'ready', problem: undefined });
    expect(second.getState().connection.configuration).toEqual(sampleAnswer('configuration'));
    await second.getState().queries.load(MOVIE);
    expect(queryState(second.getState().queries, MOVIE)).toMatchObject({ status: 'ready', data: sampleAnswer('movieDetails') });
    expect(second.getState().connection.offlineAsOf).toBe(storedAt);

    server = await TestServer.startOn(url);
    server.handle(service);
    await second.getState().queries.load(MOVIE, { force: true });
    expect(server.requests.map((r) => r.headers['if-none-match'])).toEqual(['"m"']);
    expect(second.getState().connection.offlineAsOf).toBeUndefined();
  });

  it('with nothing kept, an unreachable service is still the connection problem it was', async () => {
    const { url } = server;
    await server.close();
    const store = run(url);
    await store.getState().connection.start();
    expect(store.getState().connection.problem?.kind).toBe('unreachable');
    expect(store.getState().connection.offlineAsOf).toBeUndefined();
    server = await TestServer.start();
  });

  it('an HTTP error is not an outage: a rejected token stays a rejected token', async () => {
    await run(server.url).getState().connection.start();
    server.handle(() => ({ status: 401, body: { success: false, status_code: 7, status_message: 'Invalid API key' } }));
    now += 60 * 60 * 1000;
    const store = run(server.url);
    await store.getState().connection.start();
    expect(store.getState().connection.problem?.kind).toBe('token-rejected');
    expect(store.getState().connection.offlineAsOf).toBeUndefined();
  });
});

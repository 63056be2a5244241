import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { pagedOperationSource, pagedState } from '../../src/state/index.js';

const POPULAR_MOVIES = pagedOperationSource('popularMovies', {});
const POPULAR_TV = pagedOperationSource('popularTv', {});
import { fakeServiceStores, type TestStore } from './support.js';

const fake = fakeServiceStores();
let current: TestStore | undefined;

function storeFor(token: string | undefined, baseUrl = fake.service.url) {
  current = fake.makeStore({ baseUrl, token, approvalBase: baseUrl });
  return current.store;
}

/** A loopback port with nobody listening (taken, then released). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('connection', () => {
  it('checks the token (E3), loads the configuration (E17) and becomes ready', async () => {
    const store = storeFor(fake.service.token);
    expect(store.getState().connection.status).toBe('starting');
    await store.getState().connection.start();
    const { connection } = store.getState();
    expect(connection.status).toBe('ready');
    expect(connection.problem).toBeUndefined();
    expect(connection.configuration?.images?.secure_base_url).toBe('https://image.tmdb.org/t/p/');
    expect(fake.service.requests).toContain('GET /3/authentication');
  });

  it('names MARQUEE_TOKEN and the config file when the token is rejected', async () => {
    const store = storeFor('not-the-token');
    await store.getState().connection.start();
    const { status, problem } = store.getState().connection;
    expect(status).toBe('failed');
    expect(problem?.kind).toBe('token-rejected');
    expect(problem?.message).toContain('Invalid API key');
    expect(problem && 'configFile' in problem ? problem.configFile : '').toMatch(/config\.json$/);
  });

  it('says a token is missing before sending anything', async () => {
    const before = fake.service.requests.length;
    const store = storeFor(undefined);
    await store.getState().connection.start();
    expect(store.getState().connection.problem?.kind).toBe('token-missing');
    expect(fake.service.requests.length).toBe(before);
  });

  it('reports an unreachable service, and a retry connects once it is back', async () => {
    const port = await deadPort();
    let attempts = 0;
    current = fake.makeStore(async () => {
      attempts++;
      const baseUrl = attempts === 1 ? `http://127.0.0.1:${port}` : fake.service.url;
      return { baseUrl, token: fake.service.token, approvalBase: baseUrl };
    });
    const { store } = current;
    await store.getState().connection.start();
    expect(store.getState().connection.status).toBe('failed');
    expect(store.getState().connection.problem?.kind).toBe('unreachable');
    expect(store.getState().connection.problem?.message).toMatch(/refused/i);

    await store.getState().connection.start();
    expect(store.getState().connection.status).toBe('ready');
  });

  it('reports a service that cannot start', async () => {
    current = fake.makeStore(async () => {
      throw new Error('database is locked');
    });
    await current.store.getState().connection.start();
    expect(current.store.getState().connection.problem).toEqual({
      kind: 'failed',
      message: 'Could not connect: database is locked',
    });
  });
});

describe('data loading', () => {
  it('loads a paged list and its next pages, then stops at the end', async () => {
    const store = storeFor(fake.service.token);
    await store.getState().connection.start();
    await store.getState().queries.loadPages(POPULAR_MOVIES);
    let page = pagedState(store.getState().queries, POPULAR_MOVIES);
    expect(page.status).toBe('ready');
    expect(page.items).toHaveLength(20);
    expect(page.totalResults).toBe(60);
    expect(page.hasMore).toBe(true);

    await store.getState().queries.loadMore(POPULAR_MOVIES.key);
    await store.getState().queries.loadMore(POPULAR_MOVIES.key);
    page = pagedState(store.getState().queries, POPULAR_MOVIES);
    expect(page.items).toHaveLength(60);
    expect(page.hasMore).toBe(false);
    expect(fake.service.requests.filter((r) => r.startsWith('GET /3/movie/popular'))).toEqual([
      'GET /3/movie/popular?page=1&language=en-US',
      'GET /3/movie/popular?page=2&language=en-US',
      'GET /3/movie/popular?page=3&language=en-US',
    ]);
  });

  it('puts a failed first page in the panel and a transient one in a toast as well', async () => {
    const { store } = (current = fake.makeStore({ baseUrl: fake.service.url, token: fake.service.token, approvalBase: fake.service.url }));
    await store.getState().connection.start();
    fake.service.failNext('GET /3/tv/popular', { status: 429, body: { success: false, status_code: 25, status_message: 'Your request count (41) is over the allowed limit of 40.' } });
    await store.getState().queries.loadPages(POPULAR_TV);
    const failed = pagedState(store.getState().queries, POPULAR_TV);
    expect(failed.status).toBe('error');
    expect(failed.error?.transient).toBe(true);
    expect(failed.error?.message).toContain('over the allowed limit');
    expect(store.getState().notifications.toasts.map((t) => t.level)).toEqual(['warning']);

    await store.getState().queries.reload(POPULAR_TV.key);
    expect(pagedState(store.getState().queries, POPULAR_TV).status).toBe('ready');
  });

  it('keeps the rows when a later page fails, and retries it only on request', async () => {
    const { store } = (current = fake.makeStore({ baseUrl: fake.service.url, token: fake.service.token, approvalBase: fake.service.url }));
    await store.getState().connection.start();
    await store.getState().queries.loadPages(POPULAR_MOVIES, { force: true });
    fake.service.failNext('GET /3/movie/popular', { status: 500, body: { success: false, status_code: 11, status_message: 'Internal error: Something went wrong, contact TMDB.' } });
    await store.getState().queries.loadMore(POPULAR_MOVIES.key);
    let page = pagedState(store.getState().queries, POPULAR_MOVIES);
    expect(page.items).toHaveLength(20);
    expect(page.moreError?.message).toContain('Internal error');
    expect(store.getState().notifications.toasts.at(-1)?.text).toMatch(/^Could not load more/);

    const sent = fake.service.requests.length;
    await store.getState().queries.loadMore(POPULAR_MOVIES.key); // scrolling does not hammer a failing service
    expect(fake.service.requests.length).toBe(sent);
    await store.getState().queries.loadMore(POPULAR_MOVIES.key, true);
    page = pagedState(store.getState().queries, POPULAR_MOVIES);
    expect(page.items).toHaveLength(40);
    expect(page.moreError).toBeUndefined();
  });

  it('drops the answer of a load that a newer one replaced', async () => {
    const { store } = (current = fake.makeStore({ baseUrl: fake.service.url, token: fake.service.token, approvalBase: fake.service.url }));
    await store.getState().connection.start();
    let release!: (v: string) => void;
    const slow = new Promise<string>((r) => (release = r));
    const first = store.getState().queries.load({ key: 'demo', load: () => slow });
    const second = store.getState().queries.load({ key: 'demo', load: async () => 'new' }, { force: true });
    await second;
    release('old');
    await first;
    expect(store.getState().queries.entries.demo).toEqual({ status: 'ready', data: 'new' });
  });
});

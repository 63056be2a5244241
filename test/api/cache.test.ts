import { describe, expect, it } from 'vitest';
import { CatalogClient, NetworkError } from '../../src/api/index.js';
import { ANSWER_CACHE_CHARS, freshnessOf, ResponseCache } from '../../src/api/cache.js';
import { invalidationPatterns } from '../../src/api/invalidation.js';
import { sampleAnswer } from './samples.js';
import { serverTest } from './server-fixture.js';
import type { Handler, TestServer } from './test-server.js';

/** The client's clock: moved by the tests, never read from the wall. */
let now = 1_000_000;

const test = serverTest.extend('client', ({ server }, { onCleanup }) => {
  now = 1_000_000;
  const client = new CatalogClient({
    baseUrl: server.url, token: 't', session: { sessionId: 's1' }, retry: { maxRetries: 0 }, now: () => now,
  });
  onCleanup(() => client.close());
  return client;
});

/** Answers with an ETag and 304 when the client already has it. */
function withEtag(key: Parameters<typeof sampleAnswer>[0], etag: string, cacheControl?: string): Handler {
  return (request) => {
    const headers: Record<string, string> = { etag, ...(cacheControl ? { 'cache-control': cacheControl } : {}) };
    if (request.headers['if-none-match'] === etag) return { status: 304, headers };
    return { headers, body: sampleAnswer(key) };
  };
}

function deferred() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, released };
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!condition()) throw new Error('condition not reached');
}

const listDetails = (client: CatalogClient) => client.call('listDetails', { path: { list_id: 42 } });

describe('answers kept in memory', () => {
  it('are bounded at 4 Mi characters of text, the least recently used going first', () => {
    const cache = new ResponseCache();
    const text = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 20; i++) cache.set(`https://service/3/movie/${i}`, { path: `/3/movie/${i}`, text, etag: 'e', freshUntil: 0, storedAt: 0 });
    expect(ANSWER_CACHE_CHARS).toBe(4 * 1024 * 1024);
    expect(cache.size).toBe(4);
    expect(cache.get('https://service/3/movie/15')).toBeUndefined();
    expect(cache.get('https://service/3/movie/16')?.text).toBe(text);
  });
});

describe('revalidation and freshness', () => {
  test('revalidates with If-None-Match and serves a 304 from the cache', async ({ server, client }) => {
    server.handle(withEtag('tvCertifications', '"v1"'));
    const first = await client.call('tvCertifications');
    const second = await client.call('tvCertifications');
    expect(second).toEqual(first);
    expect(server.requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, '"v1"']);
    expect(client.stats).toMatchObject({ requests: 2, revalidations: 1 });
  });

  test('a fresh answer (max-age) is served without a request until it expires', async ({ server, client }) => {
    server.handle(() => ({ headers: { 'cache-control': 'public, max-age=60' }, body: sampleAnswer('tvCertifications') }));
    await client.call('tvCertifications');
    now += 59_000;
    await client.call('tvCertifications');
    expect(server.requests).toHaveLength(1);
    expect(client.stats.cacheHits).toBe(1);
    now += 2_000;
    await client.call('tvCertifications');
    expect(server.requests).toHaveLength(2);
  });

  test('a 304 renews freshness; Age counts against max-age', async ({ server, client }) => {
    server.handle(withEtag('movieLatest', '"v2"', 'max-age=10'));
    await client.call('movieLatest');
    now += 11_000;
    await client.call('movieLatest'); // stale: revalidated, fresh again for 10 s
    now += 5_000;
    await client.call('movieLatest');
    expect(server.requests).toHaveLength(2);

    server.reset();
    server.handle(() => ({ headers: { 'cache-control': 'max-age=60', age: '58' }, body: sampleAnswer('tvCertifications') }));
    await client.call('tvCertifications');
    now += 3_000;
    await client.call('tvCertifications');
    expect(server.requests).toHaveLength(2);
  });

  test('keeps nothing marked no-store, nor answers with neither ETag nor max-age', async ({ server, client }) => {
    server.handle(() => ({ headers: { 'cache-control': 'no-store', etag: '"x"' }, body: sampleAnswer('configuration') }));
    await client.call('configuration');
    await client.call('configuration');
    server.handle(() => ({ body: sampleAnswer('tvCertifications') }));
    await client.call('tvCertifications');
    await client.call('tvCertifications');
    expect(server.requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined, undefined, undefined]);
  });

  test('keys include the query: other pages and other sessions are other entries', async ({ server, client }) => {
    server.handle(() => ({ headers: { 'cache-control': 'max-age=60' }, body: sampleAnswer('accountLists') }));
    await client.call('accountLists', { path: { account_id: 1 }, query: { page: 1 } });
    await client.call('accountLists', { path: { account_id: 1 }, query: { page: 2 } });
    await client.call('accountLists', { path: { account_id: 1 }, query: { page: 1 }, session: { sessionId: 's2' } });
    await client.call('accountLists', { path: { account_id: 1 }, query: { page: 1 } });
    expect(server.requests).toHaveLength(3);
  });

  test('every caller gets its own copy of a cached answer', async ({ server, client }) => {
    server.handle(() => ({ headers: { 'cache-control': 'max-age=60' }, body: sampleAnswer('configuration') }));
    const first = await client.call('configuration');
    first.images!.poster_sizes!.length = 0;
    const second = await client.call('configuration');
    expect(second.images?.poster_sizes).toContain('w500');
  });

  test('an answer that breaks the contract is not cached', async ({ server, client }) => {
    server.queue({ headers: { 'cache-control': 'max-age=60' }, body: { images: 1 } });
    server.handle(() => ({ headers: { 'cache-control': 'max-age=60' }, body: sampleAnswer('configuration') }));
    await expect(client.call('configuration')).rejects.toThrow(/does not match the contract/);
    await client.call('configuration');
    expect(server.requests).toHaveLength(2);
  });

  test('cache: false sends every GET', async ({ server }) => {
    const uncached = new CatalogClient({ baseUrl: server.url, token: 't', cache: false });
    server.handle(withEtag('configuration', '"v1"', 'max-age=60'));
    await uncached.call('configuration');
    await uncached.call('configuration');
    await uncached.close();
    expect(server.requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined]);
  });
});

describe('identical GETs in flight share one request', () => {
  test('concurrent identical GETs make one request and get equal, separate answers', async ({ server, client }) => {
    const gate = deferred();
    server.handle(async () => {
      await gate.released;
      return { body: sampleAnswer('configuration') };
    });
    const calls = [client.call('configuration'), client.call('configuration'), client.call('configuration')];
    await waitFor(() => server.requests.length === 1);
    gate.release();
    const answers = await Promise.all(calls);
    expect(server.requests).toHaveLength(1);
    expect(client.stats).toMatchObject({ requests: 1, cacheHits: 2 });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]).not.toBe(answers[0]);
  });

  test('one caller giving up does not cancel the request for the others', async ({ server, client }) => {
    const gate = deferred();
    server.handle(async () => {
      await gate.released;
      return { body: sampleAnswer('configuration') };
    });
    const controller = new AbortController();
    const leaving = client.call('configuration', { signal: controller.signal });
    const staying = client.call('configuration');
    await waitFor(() => server.requests.length === 1);
    controller.abort();
    const left = await leaving.catch((error: unknown) => error);
    expect(left).toBeInstanceOf(NetworkError);
    expect((left as NetworkError).kind).toBe('aborted');
    gate.release();
    expect((await staying).images?.secure_base_url).toMatch(/^https:/);
    expect(server.requests).toHaveLength(1);
  });

  test('configuration() is loaded once, and loaded again only after a failure', async ({ server, client }) => {
    server.queue({ status: 503, body: { success: false, status_code: 9, status_message: 'Service offline.' } });
    server.handle(() => ({ body: sampleAnswer('configuration') }));
    await expect(client.configuration()).rejects.toThrow(/Service offline/);
    const [a, b] = await Promise.all([client.configuration(), client.configuration()]);
    const c = await client.configuration();
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(server.requests).toHaveLength(2);
  });
});

describe('writes drop the cached answers they may change', () => {
  const cacheable: Handler = (request) => {
    const keyByPath: Array<[RegExp, Parameters<typeof sampleAnswer>[0]]> = [
      [/^\/3\/list\/\d+$/, 'listDetails'],
      [/^\/3\/list\/\d+\/item_status$/, 'listItemStatus'],
      [/^\/3\/account\/\d+\/lists$/, 'accountLists'],
      [/^\/3\/account\/\d+\/rated\/tv\/episodes$/, 'accountRatedEpisodes'],
      [/^\/3\/configuration$/, 'configuration'],
      [/^\/3\/movie\/\d+\/lists$/, 'movieLists'],
    ];
    if (request.method !== 'GET') return { status: 201, body: sampleAnswer('addListItem') };
    const key = keyByPath.find(([pattern]) => pattern.test(request.path))?.[1];
    return key ? { headers: { 'cache-control': 'max-age=600' }, body: sampleAnswer(key) } : { status: 404, body: {} };
  };

  async function warm(client: CatalogClient) {
    await listDetails(client);
    await client.call('listDetails', { path: { list_id: 420 } });
    await client.call('listItemStatus', { path: { list_id: 42 }, query: { movie_id: 550 } });
    await client.call('accountLists', { path: { account_id: 7 } });
    await client.call('accountRatedEpisodes', { path: { account_id: 7 } });
    await client.call('movieLists', { path: { movie_id: 550 } });
    await client.call('movieLists', { path: { movie_id: 551 } });
    await client.call('configuration');
  }

  function refetched(server: TestServer): string[] {
    return server.requests.filter((r) => r.method === 'GET').map((r) => r.path);
  }

  test('adding to a list drops that list, its item status, account lists and the movie lists of that movie', async ({ server, client }) => {
    server.handle(cacheable);
    await warm(client);
    server.requests.length = 0;
    await client.call('addListItem', { path: { list_id: 42 }, body: { media_id: 550 } });
    await warm(client);
    expect(refetched(server).sort()).toEqual(['/3/account/7/lists', '/3/list/42', '/3/list/42/item_status', '/3/movie/550/lists']);
  });

  test('rating an episode drops the rated episodes of the account', async ({ server, client }) => {
    server.handle(cacheable);
    await warm(client);
    server.requests.length = 0;
    await client.call('rateEpisode', { path: { series_id: 1, season_number: 1, episode_number: 1 }, body: { value: 7 } });
    await warm(client);
    expect(refetched(server)).toEqual(['/3/account/7/rated/tv/episodes']);
  });

  test('a GET in flight when the write lands is not joined by later callers', async ({ server, client }) => {
    const gate = deferred();
    server.queue(async () => {
      await gate.released;
      return { headers: { 'cache-control': 'max-age=600' }, body: sampleAnswer('listDetails') };
    });
    server.handle(cacheable);
    const before = listDetails(client);
    await waitFor(() => server.requests.length === 1);
    await client.call('addListItem', { path: { list_id: 42 }, body: { media_id: 550 } });
    const after = listDetails(client);
    await waitFor(() => server.requests.length === 3);
    gate.release();
    await Promise.all([before, after]);
    await listDetails(client);
    // before, the write, after; the last call is served by what `after` cached.
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /3/list/42', 'POST /3/list/42/add_item', 'GET /3/list/42',
    ]);
  });

  describe('ratings, watchlist and favourites of films and series', () => {
    const reads: Array<[RegExp, Parameters<typeof sampleAnswer>[0]]> = [
      [/^\/3\/movie\/\d+\/account_states$/, 'movieAccountStates'],
      [/^\/3\/tv\/\d+\/account_states$/, 'seriesAccountStates'],
      [/^\/3\/account\/\d+\/rated\/movies$/, 'accountRatedMovies'],
      [/^\/3\/account\/\d+\/rated\/tv$/, 'accountRatedSeries'],
      [/^\/3\/guest_session\/[^/]+\/rated\/movies$/, 'guestRatedMovies'],
      [/^\/3\/account\/\d+\/watchlist\/movies$/, 'watchlistMovies'],
      [/^\/3\/account\/\d+\/favorite\/movies$/, 'favoriteMovies'],
    ];
    const titles: Handler = (request) => {
      if (request.method !== 'GET') return { status: 201, body: sampleAnswer('rateMovie') };
      const key = reads.find(([pattern]) => pattern.test(request.path))?.[1];
      return key ? { headers: { 'cache-control': 'max-age=600' }, body: sampleAnswer(key) } : { status: 404, body: {} };
    };

    async function warmTitles(client: CatalogClient) {
      for (const movie_id of [550, 551]) await client.call('movieAccountStates', { path: { movie_id } });
      await client.call('seriesAccountStates', { path: { series_id: 550 } });
      await client.call('accountRatedMovies', { path: { account_id: 7 } });
      await client.call('accountRatedSeries', { path: { account_id: 7 } });
      await client.call('guestRatedMovies', { session: { guestSessionId: 'g1' } });
      await client.call('watchlistMovies', { path: { account_id: 7 } });
      await client.call('favoriteMovies', { path: { account_id: 7 } });
    }

    const refetchedAfter = async ({ server, client }: { server: TestServer; client: CatalogClient }, write: () => Promise<unknown>) => {
      server.handle(titles);
      await warmTitles(client);
      server.requests.length = 0;
      await warmTitles(client);
      expect(server.requests, 'all cached before the write').toEqual([]);
      await write();
      server.requests.length = 0;
      await warmTitles(client);
      return refetched(server).sort();
    };

    test("rating a film drops that film's account states and the rated films, the account's and a guest's", async ({ server, client }) => {
      expect(await refetchedAfter({ server, client }, () => client.call('rateMovie', { path: { movie_id: 550 }, body: { value: 7 } }))).toEqual([
        '/3/account/7/rated/movies', '/3/guest_session/g1/rated/movies', '/3/movie/550/account_states',
      ]);
    });

    test('deleting the rating of a series drops its account states and the rated series', async ({ server, client }) => {
      expect(await refetchedAfter({ server, client }, () => client.call('deleteSeriesRating', { path: { series_id: 550 } }))).toEqual([
        '/3/account/7/rated/tv', '/3/tv/550/account_states',
      ]);
    });

    test("a watchlist change drops the watchlists and that title's account states, not the favourites", async ({ server, client }) => {
      const body = { media_type: 'movie', media_id: 551, watchlist: true } as const;
      expect(await refetchedAfter({ server, client }, () => client.call('setWatchlist', { path: { account_id: 7 }, body }))).toEqual([
        '/3/account/7/watchlist/movies', '/3/movie/551/account_states',
      ]);
    });
  });

  test('patterns fill known parameters and leave the rest to match any segment', () => {
    expect(invalidationPatterns('addListItem', { list_id: 42 }, { media_id: 550 })).toEqual([
      '/3/list/42', '/3/list/42/item_status', '/3/account/*/lists', '/3/movie/550/lists',
    ]);
    expect(invalidationPatterns('clearList', { list_id: 42 }, undefined)).toContain('/3/movie/*/lists');
    expect(invalidationPatterns('deleteSession', {}, { session_id: 'gone' })).toContain('/3/account/*/lists');
    expect(invalidationPatterns('createSession', {}, { request_token: 't' })).toContain('/3/list/*');
  });

  test('Cache-Control parsing', () => {
    expect(freshnessOf('public, max-age=30', undefined, 0)).toEqual({ store: true, private: false, freshUntil: 30_000 });
    expect(freshnessOf('max-age=30', '40', 0)).toEqual({ store: true, private: false, freshUntil: 0 });
    expect(freshnessOf('no-cache, max-age=30', undefined, 0)).toEqual({ store: true, private: false, freshUntil: 0 });
    expect(freshnessOf('private, no-store', undefined, 0)).toEqual({ store: false, private: true, freshUntil: 0 });
    expect(freshnessOf('private, max-age=30', undefined, 0)).toEqual({ store: true, private: true, freshUntil: 30_000 });
    expect(freshnessOf(undefined, undefined, 0)).toEqual({ store: true, private: false, freshUntil: 0 });
  });
});

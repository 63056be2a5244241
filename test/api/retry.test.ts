import { describe, expect } from 'vitest';
import { CatalogClient, ContractMismatchError, NetworkError, ServiceError } from '../../src/api/index.js';
import { parseRetryAfter, retryDelayMs, retryPolicy } from '../../src/api/retry.js';
import { sampleAnswer } from './samples.js';
import { serverTest } from './server-fixture.js';

const FAST = { baseDelayMs: 1, maxDelayMs: 20 };
const serverError = { status: 500, body: { success: false, status_code: 11, status_message: 'Internal error: Something went wrong, contact TMDB.' } };
const rateLimited = (retryAfter: string) => ({
  status: 429,
  headers: { 'retry-after': retryAfter },
  body: { success: false, status_code: 25, status_message: 'Your request count (#) is over the allowed limit of (40).' },
});

const test = serverTest.extend('client', ({ server }, { onCleanup }) => {
  const client = new CatalogClient({ baseUrl: server.url, token: 't', session: { sessionId: 's' }, cache: false, retry: { ...FAST, maxRetries: 3 } });
  onCleanup(() => client.close());
  return client;
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(() => undefined, (error: unknown) => error);
  if (!(outcome instanceof Error)) throw new Error('expected the call to fail');
  return outcome;
}

describe('GETs are retried where it is safe', () => {
  test('a 429 with Retry-After is retried, then succeeds', async ({ server, client }) => {
    server.queue(rateLimited('1')).handle(() => ({ body: sampleAnswer('configuration') }));
    const config = await client.call('configuration');
    expect(config.images?.poster_sizes).toContain('w500');
    expect(server.requests).toHaveLength(2);
    expect(client.stats).toMatchObject({ requests: 2, retries: 1 });
  });

  test('a GET that keeps meeting 500 is tried a bounded number of times', async ({ server, client }) => {
    server.handle(() => serverError);
    const error = await failure(client.call('movieDetails', { path: { movie_id: 550 } }));
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).httpStatus).toBe(500);
    expect(server.requests).toHaveLength(4);
    expect(client.stats.retries).toBe(3);
  });

  test('the default policy allows 3 retries', async ({ server }) => {
    const defaults = new CatalogClient({ baseUrl: server.url, token: 't', cache: false, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
    server.handle(() => serverError);
    await failure(defaults.call('configuration'));
    await defaults.close();
    expect(server.requests).toHaveLength(4);
  });

  test('a dropped connection on a GET is retried', async ({ server, client }) => {
    server.queue({ destroy: true }, { destroy: true }).handle(() => ({ body: sampleAnswer('configuration') }));
    await client.call('configuration');
    expect(server.requests).toHaveLength(3);
  });

  test('a 503 then a 502 then success', async ({ server, client }) => {
    server.queue({ ...serverError, status: 503 }, { status: 502, body: '<html>bad gateway</html>' });
    server.handle(() => ({ body: sampleAnswer('popularTv') }));
    const page = await client.call('popularTv');
    expect(page.results.length).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(3);
  });

  test('client errors and contract mismatches are not retried', async ({ server, client }) => {
    server.handle(() => ({ status: 404, body: { success: false, status_code: 34, status_message: 'not found' } }));
    await failure(client.call('movieDetails', { path: { movie_id: 1 } }));
    expect(server.requests).toHaveLength(1);

    server.reset();
    server.handle(() => ({ body: { images: 'none' } }));
    expect(await failure(client.call('configuration'))).toBeInstanceOf(ContractMismatchError);
    expect(server.requests).toHaveLength(1);
  });

  test('gives the Retry-After of the last answer to the caller when retries run out', async ({ server }) => {
    const noRetries = new CatalogClient({ baseUrl: server.url, token: 't', retry: { maxRetries: 0 } });
    server.handle(() => rateLimited('7'));
    const error = (await failure(noRetries.call('configuration'))) as ServiceError;
    await noRetries.close();
    expect([error.httpStatus, error.statusCode, error.retryAfterSeconds, error.isTransient]).toEqual([429, 25, 7, true]);
  });
});

describe('writes are never retried', () => {
  const addItem = (c: CatalogClient) => c.call('addListItem', { path: { list_id: 42 }, body: { media_id: 550 } });

  test('a POST that meets a 500 is sent once', async ({ server, client }) => {
    server.handle(() => serverError);
    const error = await failure(addItem(client));
    expect((error as ServiceError).httpStatus).toBe(500);
    expect(server.requests).toHaveLength(1);
    expect(client.stats.retries).toBe(0);
  });

  test('a POST that meets a 429 or a dropped connection is sent once', async ({ server, client }) => {
    server.queue(rateLimited('1'));
    await failure(addItem(client));
    server.queue({ destroy: true });
    expect(await failure(addItem(client))).toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(2);
  });

  test('a DELETE that meets a 503 is sent once', async ({ server, client }) => {
    server.handle(() => ({ ...serverError, status: 503 }));
    await failure(client.call('deleteList', { path: { list_id: 42 } }));
    expect(server.requests).toHaveLength(1);
  });
});

describe('retry timing (pure functions, no clock)', () => {
  const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 1_000 });

  test('Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  test('the service asked wait wins, capped by maxDelayMs', () => {
    expect(retryDelayMs(1, policy, 300)).toBe(300);
    expect(retryDelayMs(1, policy, 120_000)).toBe(1_000);
  });

  test('backoff doubles per retry, jittered between half and all of it, capped', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, policy, undefined, () => 1))).toEqual([100, 200, 400]);
    expect([1, 2, 3].map((n) => retryDelayMs(n, policy, undefined, () => 0))).toEqual([50, 100, 200]);
    expect(retryDelayMs(10, policy, undefined, () => 1)).toBe(1_000);
  });

  test('a policy cannot be negative', () => {
    expect(retryPolicy({ maxRetries: -2, baseDelayMs: -1 })).toMatchObject({ maxRetries: 0, baseDelayMs: 0 });
  });
});

describe('the rate limit', () => {
  test('sends at most `limit` requests per interval; the rest wait for a slot, and a cancelled wait ends the call', async ({ server, client }) => {
    server.handle(() => ({ body: sampleAnswer('popularMovies') }));
    // A window long enough that no slot frees up during the test: what is sent is what the limit let go.
    const limited = new CatalogClient({ baseUrl: server.url, token: 't', cache: false, rateLimit: { limit: 3, intervalMs: 600_000 } });
    try {
      // Different pages: identical GETs in flight would be shared, one request for all.
      const first = await Promise.all([1, 2, 3].map((page) => limited.call('popularMovies', { query: { page } })));
      expect(first).toHaveLength(3);
      expect(server.requests).toHaveLength(3);

      const waiting = new AbortController();
      const fourth = limited.call('popularMovies', { query: { page: 4 }, signal: waiting.signal });
      // Other calls get their answers meanwhile (the server answers at once), but not this one.
      await new Promise((resolve) => setImmediate(resolve));
      expect(server.requests).toHaveLength(3);
      waiting.abort();
      expect(await failure(fourth)).toBeInstanceOf(NetworkError);
      expect(server.requests).toHaveLength(3);

      // Closing the client ends what still waits, with the client's own error.
      const fifth = failure(limited.call('popularMovies', { query: { page: 5 } }));
      await limited.close();
      expect((await fifth).message).toMatch(/cancelled|closed/);
      expect(server.requests).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  test('is off by default: the embedded server has no limit', async ({ server, client }) => {
    server.handle(() => ({ body: sampleAnswer('popularMovies') }));
    await Promise.all(Array.from({ length: 50 }, (_, i) => client.call('popularMovies', { query: { page: i + 1 } })));
    expect(server.requests).toHaveLength(50);
  });
});

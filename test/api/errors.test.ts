import { inspect } from 'node:util';
import { describe, expect } from 'vitest';
import {
  CatalogClient, ContractMismatchError, NetworkError, RequestInputError, ServiceError,
} from '../../src/api/index.js';
import { toNetworkError } from '../../src/api/network-errors.js';
import { readFixture } from '../fixtures.js';
import { sampleAnswer } from './samples.js';
import { serverTest } from './server-fixture.js';
import { closedPort } from './test-server.js';

/** Secrets that must never show up in anything a failure produces. */
const SENTINEL_TOKEN = 'SENTINEL-TOKEN-7f3a9c1e5b';
const SENTINEL_SESSION = 'SENTINEL-SESSION-2d8e4b6a0c';

const test = serverTest.extend('client', ({ server }, { onCleanup }) => {
  const client = newClient(server.url);
  onCleanup(() => client.close());
  return client;
});

function newClient(baseUrl: string, extra: { timeoutMs?: number } = {}) {
  return new CatalogClient({
    baseUrl,
    token: SENTINEL_TOKEN,
    session: { sessionId: SENTINEL_SESSION },
    retry: { maxRetries: 0 },
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error('expected the call to fail');
  return outcome;
}

/** Everything a person could see of an error: message, stack, and a full inspection with causes. */
function everythingShown(error: Error): string {
  return [error.message, error.stack ?? '', String(error.cause ?? ''), inspect(error, { depth: 8 })].join('\n');
}

function expectNoSecrets(error: Error) {
  const shown = everythingShown(error);
  expect(shown).not.toContain(SENTINEL_TOKEN);
  expect(shown).not.toContain(SENTINEL_SESSION);
}

const rate = (c: CatalogClient) =>
  c.call('rateEpisode', { path: { series_id: 1399, season_number: 1, episode_number: 1 }, body: { value: 8.5 } });

describe('error bodies map to error types', () => {
  test('the service envelope gives a ServiceError with status_code and message', async ({ server, client }) => {
    server.handle(() => ({ status: 401, body: readFixture('ERR-401-3-no-session.json') }));
    const error = await failure(rate(client));
    expect(error).toBeInstanceOf(ServiceError);
    const e = error as ServiceError;
    expect([e.httpStatus, e.statusCode, e.operation, e.request]).toEqual([401, 3, 'E5', 'POST /3/tv/1399/season/1/episode/1/rating']);
    expect(e.statusMessage).toMatch(/Authentication failed/);
    expect(e.isAuthProblem).toBe(true);
    expect(e.message).toContain('E5 POST /3/tv/1399/season/1/episode/1/rating');
    expectNoSecrets(e);
  });

  test('a 422 {"errors": [...]} body gives a ServiceError without status_code', async ({ server, client }) => {
    server.handle(() => ({ status: 422, body: readFixture('ERR-422-errors-array.jdrouet.json') }));
    const error = await failure(client.call('searchMulti', { query: { query: 'x' } }));
    expect(error).toBeInstanceOf(ServiceError);
    const e = error as ServiceError;
    expect(e.httpStatus).toBe(422);
    expect(e.statusCode).toBeUndefined();
    expect(e.statusMessage).toBe((readFixture('ERR-422-errors-array.jdrouet.json') as { errors: string[] }).errors.join('; '));
  });

  test('an HTML error page gives a ServiceError with the HTTP status and a short message', async ({ server, client }) => {
    server.handle(() => ({
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: `<html><body><h1>502 Bad Gateway</h1>${'x'.repeat(5000)}</body></html>`,
    }));
    const error = await failure(client.call('movieDetails', { path: { movie_id: 550 } }));
    expect(error).toBeInstanceOf(ServiceError);
    const e = error as ServiceError;
    expect(e.httpStatus).toBe(502);
    expect(e.statusMessage).toBe('Bad Gateway (the service sent an HTML page instead of JSON)');
    expect(e.message.length).toBeLessThan(200);
  });

  test('a non-JSON error body gives a ServiceError that says so', async ({ server, client }) => {
    server.handle(() => ({ status: 500, headers: { 'content-type': 'text/plain' }, body: 'upstream exploded {' }));
    const e = (await failure(client.call('movieDetails', { path: { movie_id: 550 } }))) as ServiceError;
    expect(e).toBeInstanceOf(ServiceError);
    expect([e.httpStatus, e.statusCode]).toEqual([500, undefined]);
    expect(e.statusMessage).toMatch(/not JSON/);
  });

  test('a JSON error body of another shape gives a ServiceError that says so', async ({ server, client }) => {
    server.handle(() => ({ status: 404, body: { error: { reason: 'nope' } } }));
    const e = (await failure(client.call('movieDetails', { path: { movie_id: 550 } }))) as ServiceError;
    expect(e).toBeInstanceOf(ServiceError);
    expect(e.statusMessage).toMatch(/^Not Found \(the error body is JSON but not the service's error format\)$/);
  });

  test('a status_code without a message is explained from the error table', async ({ server, client }) => {
    server.handle(() => ({ status: 400, body: { status_code: 22 } }));
    const e = (await failure(client.call('popularMovies', { query: { page: 501 } }))) as ServiceError;
    expect(e.statusCode).toBe(22);
    expect(e.statusMessage).toMatch(/^Invalid page/);
  });

  test('a 2xx body of the wrong shape gives a ContractMismatchError naming operation and field path', async ({ server, client }) => {
    const body = readFixture('E18-tv-popular.spec.json') as { results: Array<Record<string, unknown>> };
    body.results[3]!.vote_average = '7.5';
    server.handle(() => ({ body }));
    const error = await failure(client.call('popularTv'));
    expect(error).toBeInstanceOf(ContractMismatchError);
    const e = error as ContractMismatchError;
    expect(e.operation).toBe('E18');
    expect(e.problems[0]!.path).toBe('results[3].vote_average');
    expect(e.message).toMatch(/^E18 GET \/3\/tv\/popular: .*results\[3\]\.vote_average/);
  });

  test('a 2xx body that is not JSON is a contract mismatch', async ({ server, client }) => {
    server.handle(() => ({ body: '{"images": ' }));
    const e = (await failure(client.call('configuration'))) as ContractMismatchError;
    expect(e).toBeInstanceOf(ContractMismatchError);
    expect(e.problems).toEqual([{ path: '(root)', message: 'the body is not valid JSON' }]);
  });

  test('a service that echoes the secrets back has them redacted from the message', async ({ server, client }) => {
    server.handle((request) => ({
      status: 401,
      body: {
        success: false,
        status_code: 7,
        status_message: `Invalid API key: ${request.headers.authorization} with session ${request.query.session_id}`,
      },
    }));
    const e = (await failure(client.call('accountDetails', { path: { account_id: 1 } }))) as ServiceError;
    expect(e.statusMessage).toContain('[redacted]');
    expectNoSecrets(e);
  });
});

describe('network failures', () => {
  test('a refused connection is a NetworkError of kind refused', async () => {
    const port = await closedPort();
    const refused = newClient(`http://127.0.0.1:${port}`);
    const error = await failure(refused.call('accountLists', { path: { account_id: 1 } }));
    await refused.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('refused');
    expect(error.message).toBe(`account.lists GET /3/account/1/lists: connection refused by 127.0.0.1:${port} (is the service running?)`);
    expectNoSecrets(error);
  });

  test('no answer within the timeout is a NetworkError of kind timeout', async ({ server }) => {
    server.handle(() => ({ hang: true }));
    const slow = newClient(server.url, { timeoutMs: 100 });
    const error = await failure(slow.call('accountDetails', { path: { account_id: 1 } }));
    await slow.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('timeout');
    expectNoSecrets(error);
  });

  test('a body that stalls longer than the body timeout is a timeout too', async ({ server }) => {
    server.handle(() => ({ body: sampleAnswer('configuration'), stall: true }));
    const stalling = new CatalogClient({
      baseUrl: server.url, token: SENTINEL_TOKEN, retry: { maxRetries: 0 }, headersTimeoutMs: 10_000, bodyTimeoutMs: 100,
    });
    const error = await failure(stalling.call('configuration'));
    await stalling.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('timeout');
  });

  test('a connection closed without an answer is a NetworkError of kind reset', async ({ server, client }) => {
    server.handle(() => ({ destroy: true }));
    const error = await failure(client.call('configuration'));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('reset');
  });

  test('resolver, socket and timeout codes map to kinds (a real lookup would leave loopback)', () => {
    const kindOf = (error: unknown) => toNetworkError('E17', 'GET /3/configuration', 'api.example.org:443', error);
    const coded = (code: string) => Object.assign(new Error(`getaddrinfo ${code} api.example.org`), { code });
    expect(kindOf(coded('ENOTFOUND')).kind).toBe('dns');
    expect(kindOf(coded('EAI_AGAIN')).kind).toBe('dns');
    expect(kindOf(coded('ENOTFOUND')).message).toBe('E17 GET /3/configuration: cannot resolve the host name api.example.org');
    expect(kindOf(coded('ECONNRESET')).kind).toBe('reset');
    expect(kindOf(coded('UND_ERR_CONNECT_TIMEOUT')).kind).toBe('timeout');
    // Happy eyeballs reports every address it tried in one AggregateError.
    expect(kindOf(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')])).kind).toBe('refused');
    expect(kindOf(new Error('wrapped', { cause: coded('EPIPE') })).kind).toBe('reset');
    expect(kindOf(new Error('something else')).kind).toBe('other');
  });

  test('a cancelled call is a NetworkError of kind aborted', async ({ server, client }) => {
    server.handle(() => ({ hang: true }));
    const controller = new AbortController();
    const pending = client.call('configuration', { signal: controller.signal });
    await waitFor(() => server.requests.length === 1);
    controller.abort();
    const error = await failure(pending);
    expect((error as NetworkError).kind).toBe('aborted');
  });

  test('a closed client refuses further calls', async ({ client }) => {
    await client.close();
    const error = await failure(client.call('configuration'));
    expect((error as NetworkError).kind).toBe('aborted');
  });
});

describe('compressed answers', () => {
  for (const encoding of ['gzip', 'br', 'deflate'] as const) {
    test(`${encoding} is decoded`, async ({ server, client }) => {
      server.handle(() => ({ body: sampleAnswer('configuration'), encoding }));
      const config = await client.call('configuration');
      expect(config.images?.secure_base_url).toBe('https://image.tmdb.org/t/p/');
    });
  }

  test('a truncated gzip body is a NetworkError of kind bad-body', async ({ server, client }) => {
    server.handle(() => ({ body: sampleAnswer('configuration'), encoding: 'gzip', truncate: true }));
    const error = await failure(client.call('configuration'));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('bad-body');
    expect(error.message).toBe('E17 GET /3/configuration: the gzip body could not be decoded (truncated or corrupt)');
  });

  test('a corrupt br body is a NetworkError of kind bad-body', async ({ server, client }) => {
    server.handle(() => ({ body: Buffer.from('definitely not brotli'), headers: { 'content-encoding': 'br' } }));
    const error = await failure(client.call('configuration'));
    expect((error as NetworkError).kind).toBe('bad-body');
  });

  test('an unknown content encoding is refused clearly', async ({ server, client }) => {
    server.handle(() => ({ body: '{}', headers: { 'content-encoding': 'zstd' } }));
    const error = await failure(client.call('configuration'));
    expect(error.message).toMatch(/unsupported content encoding "zstd"/);
  });
});

describe('the sentinel token and session never leak', () => {
  test('in no error of any kind', async ({ server, client }) => {
    const errors: Error[] = [];
    const scripted = [
      { status: 404, body: readFixture('ERR-404-34.jdrouet.json') },
      { status: 422, body: { errors: ['query must be provided'] } },
      { status: 503, headers: { 'content-type': 'text/html' }, body: '<html>down</html>' },
      { body: { images: 'wrong' } },
      { body: sampleAnswer('configuration'), encoding: 'gzip' as const, truncate: true },
      { destroy: true },
    ];
    for (const response of scripted) {
      server.queue(response);
      errors.push(await failure(client.call('accountRatedEpisodes', { path: { account_id: 1 }, query: { page: 1 } })));
    }
    errors.push(
      await failure(client.callLoose('accountRatedEpisodes', { pathParams: { account_id: 1 }, query: { page: 'x' } })),
    );
    expect(errors.map((e) => e.constructor.name)).toEqual([
      'ServiceError', 'ServiceError', 'ServiceError', 'ContractMismatchError', 'NetworkError', 'NetworkError',
      'RequestInputError',
    ]);
    expect(errors[6]).toBeInstanceOf(RequestInputError);
    // The requests did carry the secrets: the test would prove nothing otherwise.
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${SENTINEL_TOKEN}`);
    expect(server.requests[0]!.query.session_id).toBe(SENTINEL_SESSION);
    for (const error of errors) expectNoSecrets(error);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!condition()) throw new Error('condition not reached');
}

import { describe, expect, it } from 'vitest';
import {
  CatalogClient, ContractMismatchError, NetworkError, ServiceError, type NetworkErrorKind,
} from '../../src/api/index.js';
import { FaultServer, envelope, faults, refusedPort, sequence, withFaultServer, type Behaviour } from './fault-server.js';

/**
 * The client's fault matrix: every way an answer can go wrong, each met by a GET (retried where
 * safe) and by a POST (never retried), and once more as a single fault followed by a healthy
 * answer. Each row says which error the caller must get, what its message must say, and whether
 * a GET tries again. The server counts what it received, so "bounded" is checked, not assumed.
 */

const TOKEN = 'SENTINEL-TOKEN-fa017c0de';
const SESSION = 'SENTINEL-SESSION-fa017c0de';
const TIMEOUT_MS = 300;
/** Far beyond the timeout; the server cancels these timers when it closes. */
const TOO_LATE_MS = 30 * TIMEOUT_MS;
const MAX_RETRIES = 2;

type Method = 'GET' | 'POST';

/** The two calls every row is tried with: a session read (GET) and a list write (POST). */
const CALLS = {
  GET: {
    label: 'account.lists GET /3/account/1/lists',
    run: (c: CatalogClient) => c.call('accountLists', { path: { account_id: 1 } }),
    healthy: {
      page: 1,
      results: [{ description: '', favorite_count: 0, id: 42, iso_639_1: 'en', item_count: 0, list_type: 'movie', name: 'Watchlist', poster_path: null }],
      total_pages: 1,
      total_results: 1,
    },
    wrongShape: { page: 1, results: 'none', total_pages: 1, total_results: 0 },
    wrongField: 'results',
  },
  POST: {
    label: 'E7 POST /3/list/42/add_item',
    run: (c: CatalogClient) => c.call('addListItem', { path: { list_id: 42 }, body: { media_id: 550 } }),
    healthy: { success: true, status_code: 12, status_message: 'The item/record was updated successfully.' },
    wrongShape: { success: true, status_code: 'twelve', status_message: 'ok' },
    wrongField: 'status_code',
  },
} as const;

type ErrorClass = typeof ServiceError | typeof NetworkError | typeof ContractMismatchError;

interface FaultRow {
  name: string;
  /** 'refused': nothing listens on the port. Otherwise how the server answers each call. */
  fault: 'refused' | ((method: Method) => Behaviour);
  error: ErrorClass;
  kind?: NetworkErrorKind;
  httpStatus?: number;
  statusCode?: number;
  retryAfterSeconds?: number;
  /** What the message must say after the "operation METHOD path: " prefix. */
  message: RegExp;
  /** Whether a GET tries again after meeting this fault. */
  retried: boolean;
}

const HTML_PAGE = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>${'<p>upstream</p>'.repeat(400)}</body></html>`;

const ROWS: FaultRow[] = [
  {
    name: 'connection refused',
    fault: 'refused',
    error: NetworkError, kind: 'refused', retried: true,
    message: /^connection refused by 127\.0\.0\.1:\d+ \(is the service running\?\)$/,
  },
  {
    name: 'connection dropped before any answer',
    fault: () => faults.dropConnection(),
    error: NetworkError, kind: 'reset', retried: true,
    message: /^the connection to 127\.0\.0\.1:\d+ was closed before the answer was complete$/,
  },
  {
    name: 'connection reset in the middle of the body',
    fault: (m) => faults.resetMidBody(CALLS[m].healthy),
    error: NetworkError, kind: 'reset', retried: true,
    message: /^the connection to 127\.0\.0\.1:\d+ was closed before the answer was complete$/,
  },
  {
    name: 'headers slower than the timeout',
    fault: (m) => faults.slowHeaders(TOO_LATE_MS, CALLS[m].healthy),
    error: NetworkError, kind: 'timeout', retried: true,
    message: /^127\.0\.0\.1:\d+ did not answer in time$/,
  },
  {
    name: 'body slower than the timeout',
    fault: (m) => faults.slowBody(TOO_LATE_MS, CALLS[m].healthy),
    error: NetworkError, kind: 'timeout', retried: true,
    message: /^127\.0\.0\.1:\d+ did not answer in time$/,
  },
  {
    name: '429 with Retry-After',
    fault: () => faults.json(429, envelope(25, 'Your request count (#) is over the allowed limit of (40).'), { 'retry-after': '1' }),
    error: ServiceError, httpStatus: 429, statusCode: 25, retryAfterSeconds: 1, retried: true,
    message: /^Your request count \(#\) is over the allowed limit of \(40\)\. \(HTTP 429, status_code 25\)$/,
  },
  {
    name: '429 without Retry-After',
    fault: () => faults.json(429, envelope(25, 'Your request count (#) is over the allowed limit of (40).')),
    error: ServiceError, httpStatus: 429, statusCode: 25, retried: true,
    message: /\(HTTP 429, status_code 25\)$/,
  },
  {
    name: '500 with the service envelope',
    fault: () => faults.json(500, envelope(11, 'Internal error: Something went wrong, contact TMDB.')),
    error: ServiceError, httpStatus: 500, statusCode: 11, retried: true,
    message: /^Internal error: Something went wrong, contact TMDB\. \(HTTP 500, status_code 11\)$/,
  },
  {
    name: '502 as an HTML error page',
    fault: () => faults.raw(502, 'text/html', HTML_PAGE),
    error: ServiceError, httpStatus: 502, retried: true,
    message: /^Bad Gateway \(the service sent an HTML page instead of JSON\) \(HTTP 502\)$/,
  },
  {
    name: '503 with the service envelope',
    fault: () => faults.json(503, envelope(9, 'Service offline: This service is temporarily offline, try again later.')),
    error: ServiceError, httpStatus: 503, statusCode: 9, retried: true,
    message: /^Service offline: .* \(HTTP 503, status_code 9\)$/,
  },
  {
    name: '503 with an empty body',
    fault: () => faults.raw(503, 'text/plain', ''),
    error: ServiceError, httpStatus: 503, retried: true,
    message: /^Service Unavailable \(empty answer\) \(HTTP 503\)$/,
  },
  {
    name: 'truncated gzip body',
    fault: (m) => faults.truncatedGzip(CALLS[m].healthy),
    error: NetworkError, kind: 'bad-body', retried: true,
    message: /^the gzip body could not be decoded \(truncated or corrupt\)$/,
  },
  {
    name: '200 with invalid JSON',
    fault: () => faults.raw(200, 'application/json', '{"page": 1, "results": [{"id": 4'),
    error: ContractMismatchError, retried: false,
    message: /^the response does not match the contract: .*the body is not valid JSON/,
  },
  {
    name: '200 with valid JSON of the wrong shape',
    fault: (m) => faults.json(200, CALLS[m].wrongShape),
    error: ContractMismatchError, retried: false,
    message: /^the response does not match the contract: (results|status_code)/,
  },
  {
    name: '200 with an HTML page (a captive portal)',
    fault: () => faults.raw(200, 'text/html', '<html><body>Sign in to the hotel Wi-Fi</body></html>'),
    error: ContractMismatchError, retried: false,
    message: /the body is an HTML page, not JSON/,
  },
  {
    name: '404 with the service envelope',
    fault: () => faults.json(404, envelope(34, 'The resource you requested could not be found.')),
    error: ServiceError, httpStatus: 404, statusCode: 34, retried: false,
    message: /^The resource you requested could not be found\. \(HTTP 404, status_code 34\)$/,
  },
  {
    name: '401 session refused',
    fault: () => faults.json(401, envelope(3, 'Authentication failed: You do not have permissions to access the service.')),
    error: ServiceError, httpStatus: 401, statusCode: 3, retried: false,
    message: /\(HTTP 401, status_code 3\)$/,
  },
];

async function clientFor(row: FaultRow, server: FaultServer): Promise<CatalogClient> {
  return new CatalogClient({
    baseUrl: row.fault === 'refused' ? `http://127.0.0.1:${await refusedPort()}` : server.url,
    token: TOKEN,
    session: { sessionId: SESSION },
    timeoutMs: TIMEOUT_MS,
    cache: false,
    retry: { maxRetries: MAX_RETRIES, baseDelayMs: 1, maxDelayMs: 20 },
  });
}

async function outcome(promise: Promise<unknown>): Promise<{ value?: unknown; error?: Error }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error: error as Error }),
  );
}

/** The error of the row, with a message a person can act on and no secret in it. */
function expectRowError(row: FaultRow, method: Method, error: Error | undefined): void {
  expect(error).toBeInstanceOf(row.error);
  const e = error!;
  if (row.kind) expect((e as NetworkError).kind).toBe(row.kind);
  if (row.httpStatus) {
    const s = e as ServiceError;
    expect([s.httpStatus, s.statusCode, s.retryAfterSeconds]).toEqual([row.httpStatus, row.statusCode, row.retryAfterSeconds]);
  }
  if (e instanceof ContractMismatchError && row.name.includes('wrong shape')) {
    expect(e.problems[0]!.path).toBe(CALLS[method].wrongField);
  }
  const prefix = `${CALLS[method].label}: `;
  expect(e.message.startsWith(prefix), e.message).toBe(true);
  expect(e.message.slice(prefix.length)).toMatch(row.message);
  // Short, one line, and without the query string where the session id travels.
  expect(e.message.length).toBeLessThan(300);
  expect(e.message).not.toMatch(/\n|session_id=/);
  for (const secret of [TOKEN, SESSION]) expect(e.message).not.toContain(secret);
}

/** Requests the server saw, or for a refused port, the attempts the client made. */
function attempts(row: FaultRow, server: FaultServer, client: CatalogClient): number {
  return row.fault === 'refused' ? client.stats.requests : server.requests.length;
}

// Every test has its own server, so the rows run concurrently: undici checks its timeouts on a
// coarse (about one second) clock, and the timeout rows would otherwise add up.
describe.concurrent.each(ROWS)('$name', (row) => {
  const behaviour = (method: Method) => (row.fault === 'refused' ? faults.json(200, {}) : row.fault(method));

  it('a GET gets the right error after a bounded number of attempts', () =>
    withFaultServer(behaviour('GET'), async (server) => {
      const client = await clientFor(row, server);
      const { error } = await outcome(CALLS.GET.run(client));
      await client.close();
      expectRowError(row, 'GET', error);
      const expected = row.retried ? 1 + MAX_RETRIES : 1;
      expect(attempts(row, server, client)).toBe(expected);
      expect(client.stats.requests).toBe(expected);
      expect(client.stats.retries).toBe(expected - 1);
    }));

  it('a POST gets the same error and is sent exactly once', () =>
    withFaultServer(behaviour('POST'), async (server) => {
      const client = await clientFor(row, server);
      const { error } = await outcome(CALLS.POST.run(client));
      await client.close();
      expectRowError(row, 'POST', error);
      expect(attempts(row, server, client)).toBe(1);
      expect(client.stats.retries).toBe(0);
    }));

  if (row.fault !== 'refused') {
    const once = sequence([row.fault('GET')], faults.json(200, CALLS.GET.healthy));
    const title = row.retried ? 'a GET that meets it once recovers on the next attempt' : 'a GET that meets it once fails without retrying';
    it(title, () =>
      withFaultServer(once, async (server) => {
        const client = await clientFor(row, server);
        const { value, error } = await outcome(CALLS.GET.run(client));
        await client.close();
        if (row.retried) {
          expect(error).toBeUndefined();
          expect(value).toMatchObject({ results: [{ id: 42, name: 'Watchlist' }] });
          expect(server.requests).toHaveLength(2);
        } else {
          expectRowError(row, 'GET', error);
          expect(server.requests).toHaveLength(1);
        }
      }));
  }
});

describe('the matrix really exercised the wire', () => {
  const healthyRow = ROWS[1]!;

  it('requests carried the token as a header and the session in the query', () =>
    withFaultServer(faults.json(200, CALLS.GET.healthy), async (server) => {
      const client = await clientFor(healthyRow, server);
      await CALLS.GET.run(client);
      await client.close();
      expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(server.requests[0]!.url).toContain(`session_id=${SESSION}`);
    }));

  it('a mix of faults in a row, within the retry budget, still ends in the answer', () =>
    withFaultServer(
      sequence([faults.dropConnection(), faults.json(503, envelope(9, 'Service offline.'))], faults.json(200, CALLS.GET.healthy)),
      async (server) => {
        const client = await clientFor(healthyRow, server);
        const value = await CALLS.GET.run(client);
        await client.close();
        expect(value.results[0]!.name).toBe('Watchlist');
        expect(server.requests).toHaveLength(3);
      },
    ));

  it('one fault more than the budget is reported, not retried forever', () =>
    withFaultServer(
      sequence(
        [faults.dropConnection(), faults.json(503, envelope(9, 'Service offline.')), faults.raw(502, 'text/html', HTML_PAGE)],
        faults.json(200, CALLS.GET.healthy),
      ),
      async (server) => {
        const client = await clientFor(healthyRow, server);
        const { error } = await outcome(CALLS.GET.run(client));
        await client.close();
        expect(error).toBeInstanceOf(ServiceError);
        expect((error as ServiceError).httpStatus).toBe(502);
        expect(server.requests).toHaveLength(1 + MAX_RETRIES);
      },
    ));
});

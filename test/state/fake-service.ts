import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFixture } from '../fixtures.js';

/**
 * A small loopback stand-in for the catalog service, answering from the recorded fixtures, with
 * the real session flow (request token -> approval -> session) and a way to make any route
 * fail. It lets store and component tests provoke the failures the embedded server would not
 * (429, a rejected token, a dead service).
 */

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: { method: string; path: string; query: URLSearchParams; body: any }) => Answer | undefined;

export interface FakeService {
  readonly url: string;
  readonly token: string;
  /** "GET /3/movie/popular?page=2" for every request, in order. */
  readonly requests: string[];
  /** Approves a request token, as the person would on the approval page. */
  approve(requestToken: string): void;
  /** Answers the next `times` requests whose "METHOD path" starts with `prefix` with `answer`. */
  failNext(prefix: string, answer: Answer, times?: number): void;
  close(): Promise<void>;
}

export interface FakeServiceOptions {
  token?: string;
  /** Pages of the popular lists (each page repeats the fixture with new ids). */
  popularPages?: number;
  users?: Record<string, string>;
}

export const FAKE_ACCOUNT = { id: 4242, username: 'alice', name: 'Alice Example' };

const error = (status: number, statusCode: number, message: string): Answer => ({
  status,
  body: { success: false, status_code: statusCode, status_message: message },
});

function pageOf(fixture: string, page: number, pages: number, titleKey: 'title' | 'name'): Answer {
  const base = readFixture(fixture) as { results: Record<string, unknown>[] };
  const results = base.results.map((item, i) => ({
    ...item,
    id: page * 1000 + i,
    [titleKey]: page === 1 ? item[titleKey] : `${String(item[titleKey])} (${page})`,
  }));
  return {
    status: 200,
    body: { ...base, page, results: page <= pages ? results : [], total_pages: pages, total_results: pages * results.length },
  };
}

export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const token = options.token ?? 'fake-access-token';
  const pages = options.popularPages ?? 3;
  const users = options.users ?? { alice: 'correct horse' };
  const requestTokens = new Map<string, boolean>();
  const sessions = new Set<string>();
  const guests = new Set<string>();
  const failures: { prefix: string; answer: Answer; left: number }[] = [];
  const requests: string[] = [];
  const hex = () => randomBytes(20).toString('hex');

  const routes: Array<[RegExp, Handler]> = [
    [/^GET \/3\/authentication$/, () => ({ status: 200, body: readFixture('E3-authentication.spec.json') })],
    [/^GET \/3\/configuration$/, () => ({ status: 200, body: readFixture('E17-configuration.spec.json') })],
    [/^GET \/3\/movie\/popular$/, ({ query }) => pageOf('E14-movie-upcoming.spec.json', Number(query.get('page') ?? 1), pages, 'title')],
    [/^GET \/3\/tv\/popular$/, ({ query }) => pageOf('E18-tv-popular.spec.json', Number(query.get('page') ?? 1), pages, 'name')],
    [/^GET \/3\/movie\/\d+$/, ({ path }) => ({ status: 200, body: { ...(readFixture('E1-movie-latest.spec.json') as object), id: Number(path.split('/').pop()) } })],
    [/^GET \/3\/tv\/\d+$/, ({ path }) => ({ status: 200, body: { ...(readFixture('E16-tv-latest.spec.json') as object), id: Number(path.split('/').pop()) } })],
    [
      /^GET \/3\/search\/multi$/,
      () => {
        const base = readFixture('E20-search-multi.spec.json') as { results: unknown[] };
        return { status: 200, body: { ...base, page: 1, total_pages: 1, total_results: base.results.length } };
      },
    ],
    [/^GET \/3\/certification\/(tv|movie)\/list$/, () => ({ status: 200, body: readFixture('E21-certification-tv.spec.json') })],
    [
      /^GET \/3\/authentication\/token\/new$/,
      () => {
        const requestToken = hex();
        requestTokens.set(requestToken, false);
        return { status: 200, body: { success: true, expires_at: '2099-01-01 00:00:00 UTC', request_token: requestToken } };
      },
    ],
    [
      /^POST \/3\/authentication\/token\/validate_with_login$/,
      ({ body }) => {
        if (!requestTokens.has(body?.request_token)) return error(401, 33, 'Invalid request token: The request token is either expired or invalid.');
        if (users[body.username] !== body.password) return error(401, 30, 'Invalid username and/or password: You did not provide a valid login.');
        requestTokens.set(body.request_token, true);
        return { status: 200, body: { success: true, expires_at: '2099-01-01 00:00:00 UTC', request_token: body.request_token } };
      },
    ],
    [
      /^POST \/3\/authentication\/session\/new$/,
      ({ body }) => {
        const approved = requestTokens.get(body?.request_token);
        if (approved === undefined) return error(401, 33, 'Invalid request token: The request token is either expired or invalid.');
        if (!approved) return error(401, 17, 'Session denied.');
        requestTokens.delete(body.request_token);
        const sessionId = hex();
        sessions.add(sessionId);
        return { status: 200, body: { success: true, session_id: sessionId } };
      },
    ],
    [
      /^GET \/3\/authentication\/guest_session\/new$/,
      () => {
        const id = hex();
        guests.add(id);
        return { status: 200, body: { success: true, guest_session_id: id, expires_at: '2099-01-01 00:00:00 UTC' } };
      },
    ],
    [
      /^DELETE \/3\/authentication\/session$/,
      ({ body }) => {
        if (!sessions.delete(body?.session_id)) return error(404, 34, 'The resource you requested could not be found.');
        return { status: 200, body: { success: true } };
      },
    ],
    [
      /^GET \/3\/account$/,
      ({ query }) =>
        sessions.has(query.get('session_id') ?? '')
          ? { status: 200, body: { ...FAKE_ACCOUNT, iso_639_1: 'en', iso_3166_1: 'US', include_adult: false } }
          : error(401, 3, 'Authentication failed: You do not have permissions to access the service.'),
    ],
    [
      /^GET \/3\/account\/\d+$/,
      ({ query }) =>
        sessions.has(query.get('session_id') ?? '')
          ? { status: 200, body: { ...FAKE_ACCOUNT, iso_639_1: 'en', iso_3166_1: 'US', include_adult: false } }
          : error(401, 3, 'Authentication failed: You do not have permissions to access the service.'),
    ],
    [
      /^GET \/3\/account\/\d+\/lists$/,
      ({ query }) => {
        if (!sessions.has(query.get('session_id') ?? '')) return error(401, 3, 'Authentication failed: You do not have permissions to access the service.');
        const lists = (readFixture('E12-movie-lists.spec.json') as { results: unknown[] }).results;
        return { status: 200, body: { page: 1, results: lists, total_pages: 1, total_results: lists.length } };
      },
    ],
    [
      /^GET \/3\/list\/\w+$/,
      ({ path }) => {
        const items = (readFixture('E14-movie-upcoming.spec.json') as { results: unknown[] }).results.slice(0, 5);
        const id = path.split('/').pop();
        return {
          status: 200,
          body: { created_by: 'alice', description: 'Films to see', favorite_count: 0, id, iso_639_1: 'en', item_count: items.length, items, name: `List ${id}`, poster_path: null },
        };
      },
    ],
  ];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const key = `${req.method} ${url.pathname}`;
    requests.push(`${key}${url.search ? `?${url.searchParams.toString()}` : ''}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let answer: Answer | undefined;
    const failure = failures.find((f) => f.left > 0 && key.startsWith(f.prefix));
    if (failure) {
      failure.left--;
      answer = failure.answer;
    } else if (req.headers.authorization !== `Bearer ${token}`) {
      answer = { status: 401, body: readFixture('E3-authentication-401.spec.json') };
    } else {
      const route = routes.find(([pattern]) => pattern.test(key));
      answer = route
        ? route[1]({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined })
        : undefined;
    }
    answer ??= error(404, 34, 'The resource you requested could not be found.');
    res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    approve(requestToken) {
      if (requestTokens.has(requestToken)) requestTokens.set(requestToken, true);
    },
    failNext(prefix, answer, times = 1) {
      failures.push({ prefix, answer, left: times });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

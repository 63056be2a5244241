import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runApiCommand } from '../../src/commands/api.js';
import { loadStoredSession, saveStoredSession, serviceKey, sessionFilePath, writeSecretFile } from '../../src/storage/index.js';
import { VERSION } from '../../src/version.js';
import { sampleAnswer } from '../api/samples.js';
import { TestServer, closedPort } from '../api/test-server.js';

const SENTINEL_TOKEN = 'SENTINEL-TOKEN-c0ffee1234';
const SENTINEL_SESSION = 'SENTINEL-SESSION-beef5678';

let server: TestServer;
let home: string;

beforeAll(async () => {
  server = await TestServer.start();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  if (home) rmSync(home, { recursive: true, force: true });
  home = mkdtempSync(join(tmpdir(), 'marquee-api-'));
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

function baseEnv(): Record<string, string> {
  return {
    MARQUEE_TOKEN: SENTINEL_TOKEN,
    MARQUEE_BASE_URL: server.url,
    XDG_CONFIG_HOME: join(home, 'config'),
    MARQUEE_DATA_DIR: join(home, 'data'),
  };
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(args: string[], env: Record<string, string | undefined> = baseEnv()): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runApiCommand(args, {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
  // Whatever happened, the secrets are not in the output...
  for (const secret of [SENTINEL_TOKEN, SENTINEL_SESSION]) {
    expect(stdout).not.toContain(secret);
    expect(stderr).not.toContain(secret);
  }
  // ...and a failure is exactly one line on stderr, nothing on stdout.
  if (code !== 0) {
    expect(stderr).toMatch(/^marquee api: [^\n]+\n$/);
    expect(stdout).toBe('');
  } else {
    // A success is silent on stderr, but for one line when it kept or forgot a session.
    expect(stderr).toMatch(/^(marquee api: (signed in|guest session kept|signed out)[^\n]+\n)?$/);
  }
  return { code, stdout, stderr };
}

function signIn(kind: 'user' | 'guest') {
  saveStoredSession(join(home, 'data'), serviceKey(server.url), { kind, id: SENTINEL_SESSION });
}

describe('exit 0: the answer, validated, as JSON', () => {
  it('prints the configuration with 2-space indentation', async () => {
    server.handle(() => ({ body: sampleAnswer('configuration'), encoding: 'gzip' }));
    const result = await run(['/3/configuration']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${JSON.stringify(sampleAnswer('configuration'), null, 2)}\n`);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${SENTINEL_TOKEN}`);
  });

  it('prints the body as the service sent it (a list id sent as a string stays a string)', async () => {
    server.handle(() => ({ body: sampleAnswer('listDetails') }));
    const result = await run(['list/42']);
    expect(JSON.parse(result.stdout)).toEqual(sampleAnswer('listDetails'));
    expect(JSON.parse(result.stdout).id).toBe('42');
    expect(server.requests[0]!.path).toBe('/3/list/42');
  });

  it('GET fields and an inline query string become query parameters', async () => {
    server.handle(() => ({ body: sampleAnswer('searchMulti') }));
    await run(['/3/search/multi?include_adult=false', '-f', 'query=blade runner', '-f', 'page=2']);
    expect(server.requests[0]!.query).toEqual({ include_adult: 'false', query: 'blade runner', page: '2' });
  });

  it('a POST-only path with fields is a POST; fields go to the body with the types it wants', async () => {
    signIn('user');
    server.handle(() => ({ status: 201, body: sampleAnswer('addListItem') }));
    const result = await run(['/3/list/42/add_item', '-f', 'media_id=550']);
    expect(result.code).toBe(0);
    const sent = server.requests[0]!;
    expect([sent.method, sent.path]).toEqual(['POST', '/3/list/42/add_item']);
    expect(JSON.parse(sent.body)).toEqual({ media_id: 550 });
    expect(sent.query).toEqual({ session_id: SENTINEL_SESSION });
  });

  it('text stays text in a body (a list named 1984)', async () => {
    signIn('user');
    server.handle(() => ({ status: 201, body: sampleAnswer('createList') }));
    await run(['/3/list', '-f', 'name=1984']);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ name: '1984', description: '', language: 'en' });
  });

  it('a declared query parameter of a POST stays in the query', async () => {
    signIn('user');
    server.handle(() => ({ status: 201, body: sampleAnswer('clearList') }));
    await run(['/3/list/42/clear', '-f', 'confirm=true']);
    expect(server.requests[0]!.query).toEqual({ confirm: 'true', session_id: SENTINEL_SESSION });
    expect(server.requests[0]!.body).toBe('');
  });

  it('--data is the body; a stored guest session is sent as guest_session_id', async () => {
    signIn('guest');
    server.handle(() => ({ status: 201, body: sampleAnswer('rateEpisode') }));
    await run(['-X', 'post', '/3/tv/1399/season/1/episode/1/rating', '--data', '{"value": 8.5}']);
    const sent = server.requests[0]!;
    expect(JSON.parse(sent.body)).toEqual({ value: 8.5 });
    expect(sent.query).toEqual({ guest_session_id: SENTINEL_SESSION });
  });

  it('a session given with -f wins over the stored one', async () => {
    signIn('user');
    server.handle(() => ({ body: sampleAnswer('accountDetails') }));
    await run(['/3/account/1', '-f', 'session_id=given-on-the-command-line']);
    expect(server.requests[0]!.query).toEqual({ session_id: 'given-on-the-command-line' });
  });

  it('-X DELETE deletes', async () => {
    signIn('user');
    server.handle(() => ({ body: sampleAnswer('deleteList') }));
    await run(['-X', 'DELETE', '/3/list/42']);
    expect([server.requests[0]!.method, server.requests[0]!.query.session_id]).toEqual(['DELETE', SENTINEL_SESSION]);
  });

  it('reads the token and base URL from the config file', async () => {
    writeSecretFile(join(home, 'config', 'marquee', 'config.json'), JSON.stringify({ token: SENTINEL_TOKEN, base_url: server.url }));
    expect(statSync(join(home, 'config', 'marquee', 'config.json')).mode & 0o777).toBe(0o600);
    server.handle(() => ({ body: sampleAnswer('tvCertifications') }));
    const { MARQUEE_TOKEN: _t, MARQUEE_BASE_URL: _b, ...env } = baseEnv();
    const result = await run(['/3/certification/tv/list'], env);
    expect(result.code).toBe(0);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${SENTINEL_TOKEN}`);
  });

  it('--help shows usage and examples; --version the version', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: marquee api <path>/);
    expect(help.stdout).toContain('marquee api /3/configuration');
    expect(help.stdout).toContain('/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating');
    expect(help.stdout).toContain(join(home, 'config', 'marquee', 'config.json'));
    expect(help.stdout).not.toMatch(/session_id=|token=/i);
    expect((await run(['--version'])).stdout).toBe(`${VERSION}\n`);
    expect(server.requests).toHaveLength(0);
  });
});

describe('sessions are kept, never printed', () => {
  const kept = () => loadStoredSession(join(home, 'data'), serviceKey(server.url));

  it('session/new keeps the new session (0600) and prints it redacted; later calls use it', async () => {
    server.handle(() => ({ body: { success: true, session_id: SENTINEL_SESSION } }));
    const created = await run(['/3/authentication/session/new', '-f', 'request_token=ff5c7eeb5a8870efe3cd7fc5c282cffd26800ecd']);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({ success: true, session_id: '[kept for later calls]' });
    expect(created.stderr).toContain('signed in: the session is kept in');
    expect(kept()).toMatchObject({ kind: 'user', id: SENTINEL_SESSION });
    expect(statSync(sessionFilePath(join(home, 'data'))).mode & 0o777).toBe(0o600);

    server.handle(() => ({ body: sampleAnswer('createList') }));
    expect((await run(['/3/list', '-f', 'name=Kept'])).code).toBe(0);
    expect(server.requests.at(-1)!.query.session_id).toBe(SENTINEL_SESSION);
  });

  it('guest_session/new keeps a guest session, used for ratings', async () => {
    server.handle(() => ({ body: { success: true, guest_session_id: SENTINEL_SESSION, expires_at: '2030-01-01 00:00:00 UTC' } }));
    const created = await run(['/3/authentication/guest_session/new']);
    expect(JSON.parse(created.stdout).guest_session_id).toBe('[kept for later calls]');
    expect(kept()).toMatchObject({ kind: 'guest', id: SENTINEL_SESSION });
    server.handle(() => ({ body: sampleAnswer('rateEpisode'), status: 201 }));
    expect((await run(['/3/tv/1/season/1/episode/1/rating', '-f', 'value=8'])).code).toBe(0);
    expect(server.requests.at(-1)!.query.guest_session_id).toBe(SENTINEL_SESSION);
  });

  it('signing out with no session id ends the kept session and forgets it', async () => {
    signIn('user');
    server.handle(() => ({ body: sampleAnswer('deleteSession') }));
    const result = await run(['-X', 'DELETE', '/3/authentication/session']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('signed out');
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ session_id: SENTINEL_SESSION });
    expect(kept()).toBeUndefined();
  });
});

describe('exit 1: the service said no', () => {
  it('prints status_code, message and HTTP status', async () => {
    server.handle(() => ({ status: 404, body: { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' } }));
    const result = await run(['/3/movie/999999']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('marquee api: 34 The resource you requested could not be found. (HTTP 404)\n');
  });

  it('the 422 errors shape has no status_code', async () => {
    server.handle(() => ({ status: 422, body: { errors: ['query must be provided'] } }));
    const result = await run(['/3/search/collection', '-f', 'query=']);
    expect(result.stderr).toBe('marquee api: query must be provided (HTTP 422)\n');
  });

  it('without a session, an auth failure says to sign in', async () => {
    server.handle(() => ({ status: 401, body: { success: false, status_code: 3, status_message: 'Authentication failed: You do not have permissions to access the service.' } }));
    const result = await run(['/3/account/1/lists']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\(HTTP 401\); this operation needs a session: sign in from the TUI first\n$/);
    expect(server.requests[0]!.query).toEqual({});
  });

  it('a service echoing the token and session back does not get them printed', async () => {
    signIn('user');
    server.handle((request) => ({
      status: 401,
      body: { success: false, status_code: 7, status_message: `bad ${request.headers.authorization} ${request.query.session_id}` },
    }));
    const result = await run(['/3/account/1']);
    expect(result.stderr).toContain('[redacted]');
  });
});

describe('exit 1: a certification the service does not take', () => {
  // The embedded catalog answers (no base URL), as the real service would: 422, status_code 5.
  const embedded = () => {
    const { MARQUEE_BASE_URL: _omitted, ...env } = baseEnv();
    return env;
  };

  it('a label outside the country\'s list, and a country without a list, each get the service\'s message', async () => {
    const label = await run(['/3/discover/movie', '-f', 'certification_country=US', '-f', 'certification=12A'], embedded());
    expect(label.code).toBe(1);
    expect(label.stderr).toBe(
      'marquee api: 5 Invalid parameters: Your request parameters are incorrect. certification "12A" is not a movie certification of US; its labels are NR, G, PG, PG-13, R, NC-17. (HTTP 422)\n',
    );
    const country = await run(['/3/discover/tv', '-f', 'certification_country=AQ', '-f', 'certification.lte=TV-14'], embedded());
    expect(country.code).toBe(1);
    expect(country.stderr).toMatch(/^marquee api: 5 .*certification_country "AQ" has no TV certifications; see \/3\/certification\/tv\/list for the countries\. \(HTTP 422\)\n$/);
    // A label of the country's list is answered.
    const good = await run(['/3/discover/tv', '-f', 'certification_country=US', '-f', 'certification.lte=TV-14'], embedded());
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout).total_results).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(0);
  }, 60_000);
});

describe('exit 2: usage', () => {
  it('an unknown path lists close matches', async () => {
    const result = await run(['/3/movie/550/imags']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^marquee api: no operation matches \/3\/movie\/550\/imags; did you mean \/3\/movie\/550\/images, /);
    expect((await run(['/3/serach/multi'])).stderr).toContain('did you mean /3/search/multi');
    expect((await run(['/3/zzzzzzzzzzzzzzzzzzzzzzzzzz/qqqqqqqqqqqq'])).stderr).toContain('see marquee api --help');
    expect(server.requests).toHaveLength(0);
  });

  it('a word where an id belongs is a typo, not an id', async () => {
    const result = await run(['/movie/popularr']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no operation matches \/3\/movie\/popularr; did you mean \/3\/movie\/popular,/);
    expect(server.requests).toHaveLength(0);
  });

  it('no token: says how to give one, and where the config file is', async () => {
    const { MARQUEE_TOKEN: _omitted, ...env } = baseEnv();
    const result = await run(['/3/configuration'], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `marquee api: no access token: set MARQUEE_TOKEN or add "token" to ${join(home, 'config', 'marquee', 'config.json')}\n`,
    );
  });

  it('no base URL: the embedded catalog answers, with its own token', async () => {
    const { MARQUEE_BASE_URL: _omitted, ...env } = baseEnv();
    const result = await run(['/3/movie/latest'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: expect.any(Number), title: expect.any(String) });
    expect(server.requests).toHaveLength(0);
    const missing = await run(['/3/movie/99999999'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^marquee api: 34 The resource you requested could not be found\. \(HTTP 404\)\n$/);
  }, 60_000);

  const usageCases: Array<[string, string[], RegExp]> = [
    ['no path', [], /expected an operation path/],
    ['two paths', ['/3/configuration', '/3/tv/latest'], /expected one path, got 2/],
    ['an unknown option', ['/3/configuration', '--colour'], /Unknown option '--colour' \(see marquee api --help\)/],
    ['a method the service does not use', ['-X', 'PUT', '/3/list/1'], /-X PUT: the service's operations use GET, POST or DELETE/],
    ['a method the path does not take', ['-X', 'POST', '/3/movie/550'], /\/3\/movie\/550 takes GET, not POST/],
    ['a write path without input or -X', ['/3/list/1/add_item'], /takes POST: pass -X POST/],
    ['DELETE is never implied', ['/3/authentication/session', '--data', '{}'], /takes DELETE: pass -X DELETE/],
    ['a field without =', ['/3/search/multi', '-f', 'query'], /-f expects key=value, not "query"/],
    ['--data that is not JSON', ['/3/list', '--data', '{name:'], /--data is not valid JSON/],
    ['fields merged into non-object data', ['/3/list', '--data', '[1]', '-f', 'name=x'], /only be merged into a --data JSON object/],
    ['a query value of the wrong type', ['/3/movie/popular', '-f', 'page=two'], /E?movie\.popular: query parameter page must be an integer/],
    ['a missing required parameter', ['/3/search/multi'], /query parameter query is required/],
    ['a body the contract refuses', ['/3/list/1/add_item', '-f', 'media_id=abc'], /media_id/],
    ['a body for a GET', ['/3/configuration', '--data', '{}'], /takes no body/],
    ['a bad timeout', ['/3/configuration', '--timeout', 'soon'], /--timeout expects a positive number/],
    ['a bad base URL', ['/3/configuration', '--base-url', 'ftp://example.org'], /base URL must be http or https/],
  ];
  for (const [what, args, message] of usageCases) {
    it(what, async () => {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(server.requests).toHaveLength(0);
    });
  }
});

describe('old records: the body as sent, exit 3 only for what cannot be used', () => {
  const oldList = { id: '12', name: 'From 2014', items: [{ id: 550, title: 'Fight Club', overview: null }], item_count: 1 };

  it('prints an old list unchanged: no field added, the string id kept as a string', async () => {
    server.handle(() => ({ body: oldList }));
    const result = await run(['/3/list/12']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(oldList);
  });

  it('--strict warns on stderr about each field of the modern shape the answer lacks', async () => {
    server.handle(() => ({ body: oldList }));
    let stderr = '';
    const code = await runApiCommand(['/3/list/12', '--strict'], {
      env: baseEnv(),
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect(code).toBe(0);
    expect(stderr).toContain('marquee api: --strict: created_by: absent\n');
    expect(stderr).toContain('marquee api: --strict: items[0].overview: null\n');
    expect(stderr).not.toContain(' id:');
  });

  it('3: a record without its id, or with a field of the wrong type', async () => {
    server.handle(() => ({ body: { name: 'no id', items: [] } }));
    expect((await run(['/3/list/12'])).stderr).toMatch(/^marquee api: list GET \/3\/list\/12: the response does not match the contract: id: /);
    server.reset();
    server.handle(() => ({ body: { ...oldList, item_count: 'one' } }));
    const result = await run(['/3/list/12']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/item_count: /);
  });
});

describe('exit 3 and 4', () => {
  it('3: an answer that breaks the contract names the operation and the field path', async () => {
    server.handle(() => ({ body: { ...(sampleAnswer('configuration') as object), change_keys: 'all' } }));
    const result = await run(['/3/configuration']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^marquee api: E17 GET \/3\/configuration: the response does not match the contract: change_keys: /);
  });

  it('4: nobody listening', async () => {
    const port = await closedPort();
    const result = await run(['/3/configuration', '--base-url', `http://127.0.0.1:${port}`]);
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      `marquee api: E17 GET /3/configuration: connection refused by 127.0.0.1:${port} (is the service running?)\n`,
    );
  });

  it('4: no answer within --timeout', async () => {
    signIn('user');
    server.handle(() => ({ hang: true }));
    // A POST, so it is not retried and the test waits for one timeout only.
    const result = await run(['/3/list/42/add_item', '-f', 'media_id=550', '--timeout', '100']);
    expect(result.code).toBe(4);
    // --timeout is the deadline of the whole call, which ends it here.
    expect(result.stderr).toMatch(/no complete answer within 100 ms \(the whole call, retries included\)/);
  });
});

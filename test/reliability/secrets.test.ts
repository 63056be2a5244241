import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient, ServiceError, type CatalogError } from '../../src/api/index.js';
import { operationKeys, operations, type OperationSpec } from '../../src/contract/index.js';
import { DEMO_ACCOUNT_FILE, TOKEN_FILE } from '../../src/server/index.js';
import { saveStoredSession, serviceKey, sessionFilePath, writeSecretFile } from '../../src/storage/index.js';
import { childEnv, ensureBundle, runBundle, startServeProcess } from './bundle.js';
import { envelope, faults, refusedPort, withFaultServer, type Behaviour, type SeenRequest } from './fault-server.js';
import { CATALOG_SIZE, startSeededServer, type Seeded } from './server-fixture.js';

/**
 * Secrets stay secret: with a sentinel token and sentinel session ids, nothing a person or a log
 * can see (error messages, stacks, causes, stdout, stderr of `marquee api` and `marquee serve`,
 * the server's request log) ever shows them, even when a service echoes them back. The files
 * that hold secrets are readable by their owner only. The server listens on loopback, refuses
 * every operation without the right token, and keeps one user's session off another's list.
 */

const SENTINEL_TOKEN = 'SENTINEL-TOKEN-5ec7e75ec7e7';
const SENTINEL_SESSION = 'SENTINEL-SESSION-5e5510a5e551';
const SENTINELS = [SENTINEL_TOKEN, SENTINEL_SESSION];

function expectNoSentinel(text: string, where: string): void {
  for (const sentinel of SENTINELS) {
    expect(text.includes(sentinel), `${where} shows a sentinel secret:\n${text.slice(0, 2_000)}`).toBe(false);
  }
}

/** The secrets a request carried, as a hostile or buggy service might echo them. */
function echo(request: SeenRequest): string {
  return `auth=${request.headers.authorization ?? ''} url=${request.url}`;
}

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'marquee-secrets-'));
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

// Each test has its own fault server, so they run side by side (two of them wait for timeouts).
describe.concurrent('client errors of every kind', () => {
  /** Each a service that fails in its own way, most of them repeating the secrets back. */
  const ECHOING_FAULTS: Array<[string, Behaviour]> = [
    ['401 envelope echoing the secrets', (x) => faults.json(401, envelope(7, `Invalid API key: ${echo(x.request)}`))(x)],
    ['422 errors array echoing them', (x) => faults.json(422, { errors: [echo(x.request)] })(x)],
    ['500 HTML page echoing them', (x) => faults.raw(500, 'text/html', `<html><pre>${echo(x.request)}</pre></html>`)(x)],
    ['503 plain text echoing them', (x) => faults.raw(503, 'text/plain', echo(x.request))(x)],
    ['404 JSON of another shape echoing them', (x) => faults.json(404, { error: echo(x.request) })(x)],
    ['200 with a secret as a wrongly typed value', (x) => faults.json(200, { page: 1, results: echo(x.request), total_pages: 1, total_results: 1 })(x)],
    ['200 with a secret as a key of a bad entry', (x) => faults.json(200, { page: 1, results: [{ [SENTINEL_SESSION]: 1, [SENTINEL_TOKEN]: 2 }], total_pages: 'x', total_results: 1 })(x)],
    ['200 that is not JSON and echoes them', (x) => faults.raw(200, 'text/plain', `{${echo(x.request)}`)(x)],
    ['a truncated gzip body', (x) => faults.truncatedGzip({ echoed: echo(x.request) })(x)],
    ['a reset in the middle of the body', (x) => faults.resetMidBody({ echoed: echo(x.request) })(x)],
    ['headers slower than the timeout', (x) => faults.slowHeaders(30_000, {})(x)],
  ];

  const newClient = (baseUrl: string) =>
    new CatalogClient({
      baseUrl,
      token: SENTINEL_TOKEN,
      session: { sessionId: SENTINEL_SESSION },
      timeoutMs: 300,
      retry: { maxRetries: 0 },
    });

  async function failureOf(call: Promise<unknown>): Promise<Error> {
    const error = await call.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    return error as Error;
  }

  /** Message, stack, cause chain and a deep inspection: everything a log line or a crash could print. */
  function everythingShown(error: Error): string {
    return [error.message, error.stack ?? '', String(error.cause ?? ''), inspect(error, { depth: 12, showHidden: true })].join('\n');
  }

  it.each(ECHOING_FAULTS)('%s', (what, behaviour) => withFaultServer(behaviour, async (server) => {
    const client = newClient(server.url);
    // A read and a write, both with the session in the query.
    const errors = [
      await failureOf(client.call('accountLists', { path: { account_id: 1 } })),
      await failureOf(client.call('removeListItem', { path: { list_id: 3 }, body: { media_id: 550 } })),
    ];
    await client.close();
    // The requests did carry the secrets; the check below would prove nothing otherwise.
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${SENTINEL_TOKEN}`);
    expect(server.requests[0]!.url).toContain(SENTINEL_SESSION);
    for (const error of errors) {
      expect(['ServiceError', 'NetworkError', 'ContractMismatchError']).toContain((error as CatalogError).name);
      expectNoSentinel(everythingShown(error), `${error.name} for "${what}"`);
    }
  }));

  const echoedAsKey: Behaviour = (x) => faults.json(200, { certifications: { [SENTINEL_TOKEN]: echo(x.request), US: [] } })(x);
  it('a secret echoed as a key of a record (its field path) is redacted from the mismatch', () => withFaultServer(echoedAsKey, async (server) => {
    const client = newClient(server.url);
    const error = await failureOf(client.call('tvCertifications'));
    await client.close();
    expect(error.name).toBe('ContractMismatchError');
    expect(error.message).toMatch(/certifications\.\[redacted\]: /);
    expectNoSentinel(everythingShown(error), 'a mismatch naming a secret key');
  }));

  it('a refused connection', async () => {
    const client = newClient(`http://127.0.0.1:${await refusedPort()}`);
    const error = await failureOf(client.call('accountLists', { path: { account_id: 1 } }));
    await client.close();
    expectNoSentinel(everythingShown(error), 'NetworkError refused');
  });
});

describe('files that hold secrets are 0600', () => {
  const mode = (path: string) => statSync(path).mode & 0o777;

  it('writeSecretFile creates 0600 in a 0700 directory, and tightens a file that was 0644', () => {
    const dir = join(home, 'config', 'marquee');
    const path = join(dir, 'config.json');
    writeSecretFile(path, JSON.stringify({ token: SENTINEL_TOKEN }));
    expect(mode(path)).toBe(0o600);
    expect(mode(dir)).toBe(0o700);

    chmodSync(path, 0o644);
    writeSecretFile(path, JSON.stringify({ token: SENTINEL_TOKEN }));
    expect(mode(path)).toBe(0o600);
  });

  it('the stored sessions file is 0600, also after it was loosened and rewritten', () => {
    const dir = join(home, 'data-modes');
    saveStoredSession(dir, serviceKey('http://127.0.0.1:1'), { kind: 'user', id: SENTINEL_SESSION });
    expect(mode(sessionFilePath(dir))).toBe(0o600);
    chmodSync(sessionFilePath(dir), 0o666);
    saveStoredSession(dir, 'embedded', { kind: 'guest', id: SENTINEL_SESSION });
    expect(mode(sessionFilePath(dir))).toBe(0o600);
  });
});

describe.concurrent('marquee api, the program users run', () => {
  beforeAll(async () => {
    await ensureBundle();
  });

  /** A config home of its own for each run, so the runs can go side by side. */
  let runs = 0;
  const freshDirs = () => {
    const dir = join(home, `api-${++runs}`);
    return { configHome: join(dir, 'config'), dataDir: join(dir, 'data') };
  };

  const lists = { page: 1, results: [], total_pages: 1, total_results: 0 };

  interface ApiRun {
    what: string;
    behaviour: Behaviour;
    argv: (url: string) => string[];
    exit: number;
    /** The operation sends a session (so the sentinel session went over the wire). */
    session: boolean;
  }
  // Writes are not retried, so the slow cases stay at one attempt.
  const RUNS: ApiRun[] = [
    { what: 'success', behaviour: faults.json(200, lists), argv: (url) => ['/3/account/1/lists', '--base-url', url], exit: 0, session: true },
    {
      what: '401 echoing the secrets',
      behaviour: (x) => faults.json(401, envelope(3, `denied ${echo(x.request)}`))(x),
      argv: (url) => ['/3/account/1/lists', '--base-url', url], exit: 1, session: true,
    },
    {
      what: '500 HTML echoing them',
      behaviour: (x) => faults.raw(500, 'text/html', `<p>${echo(x.request)}</p>`)(x),
      argv: (url) => ['/3/list/9/add_item', '-f', 'media_id=550', '--base-url', url], exit: 1, session: true,
    },
    {
      what: 'a contract mismatch with a secret in the body',
      behaviour: (x) => faults.json(200, { ...lists, results: echo(x.request) })(x),
      argv: (url) => ['/3/account/1/lists', '--base-url', url], exit: 3, session: true,
    },
    {
      what: 'a secret as a record key of a bad answer',
      behaviour: (x) => faults.json(200, { certifications: { [SENTINEL_TOKEN]: echo(x.request) } })(x),
      argv: (url) => ['/3/certification/tv/list', '--base-url', url], exit: 3, session: false,
    },
    {
      what: 'a timeout',
      behaviour: faults.slowHeaders(30_000, lists),
      argv: (url) => ['/3/list/9/add_item', '-f', 'media_id=550', '--base-url', url, '--timeout', '300'], exit: 4, session: true,
    },
    {
      what: 'a session passed with -f',
      behaviour: (x) => faults.json(401, envelope(3, `denied ${echo(x.request)}`))(x),
      argv: (url) => ['-X', 'DELETE', '/3/list/4', '-f', `session_id=${SENTINEL_SESSION}`, '--base-url', url], exit: 1, session: true,
    },
    { what: 'an unknown path', behaviour: faults.json(200, {}), argv: (url) => ['/3/acount/1/lists', '--base-url', url], exit: 2, session: false },
    {
      what: 'bad --data',
      behaviour: faults.json(200, {}),
      argv: (url) => ['/3/list', '--data', `{"name": "${SENTINEL_TOKEN}"`, '--base-url', url], exit: 2, session: false,
    },
  ];

  it.each(RUNS)('$what', ({ what, behaviour, argv, exit, session }) => withFaultServer(behaviour, async (server) => {
    const { configHome, dataDir } = freshDirs();
    // Signed in: the stored session is the sentinel, and the token comes from the environment.
    saveStoredSession(dataDir, serviceKey(server.url), { kind: 'user', id: SENTINEL_SESSION });
    const env = childEnv({ MARQUEE_TOKEN: SENTINEL_TOKEN, XDG_CONFIG_HOME: configHome, MARQUEE_DATA_DIR: dataDir });
    const result = await runBundle(['api', ...argv(server.url)], env);
    expect(result.code, result.stderr).toBe(exit);
    expectNoSentinel(result.stdout, `stdout of "${what}"`);
    expectNoSentinel(result.stderr, `stderr of "${what}"`);
    if (exit !== 0) expect(result.stderr).toMatch(/^marquee api: [^\n]+\n$/);
    if (exit !== 2) expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${SENTINEL_TOKEN}`);
    if (session) expect(server.requests[0]!.url).toContain(SENTINEL_SESSION);
  }));

  it('a refused connection, with the token in the config file instead of the environment', async () => {
    const { configHome, dataDir } = freshDirs();
    writeSecretFile(join(configHome, 'marquee', 'config.json'), JSON.stringify({ token: SENTINEL_TOKEN }));
    const result = await runBundle(
      ['api', '/3/list/9/remove_item', '-f', 'media_id=550', '--base-url', `http://127.0.0.1:${await refusedPort()}`],
      childEnv({ XDG_CONFIG_HOME: configHome, MARQUEE_DATA_DIR: dataDir }),
    );
    expect(result.code).toBe(4);
    expectNoSentinel(result.stdout + result.stderr, 'output of a refused call');
  });

  it('a config file that is not JSON is reported without its contents', async () => {
    const { configHome } = freshDirs();
    const path = join(configHome, 'marquee', 'config.json');
    writeSecretFile(path, '');
    writeFileSync(path, `{"token": "${SENTINEL_TOKEN}"`, { mode: 0o600 });
    const result = await runBundle(['api', '/3/configuration', '--base-url', 'http://127.0.0.1:9'], childEnv({ XDG_CONFIG_HOME: configHome }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is not valid JSON');
    expectNoSentinel(result.stdout + result.stderr, 'output of a broken config file');
  });
});

describe('marquee serve: start-up output, logs, files, address', () => {
  const mode = (path: string) => statSync(path).mode & 0o777;
  const serveEnv = () => childEnv({ XDG_CONFIG_HOME: join(home, 'serve-config'), MARQUEE_DATA_DIR: join(home, 'serve-unused') });

  it('a token given in a file is used and never printed; the demo password is not printed either', async () => {
    const dataDir = join(home, 'serve-token-file');
    const tokenFile = join(home, 'serve-secrets', 'token');
    writeSecretFile(tokenFile, `${SENTINEL_TOKEN}\n`);
    const server = await startServeProcess(['--data-dir', dataDir, '--token-file', tokenFile, '--catalog-size', String(CATALOG_SIZE), '--log'], serveEnv());
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = new CatalogClient({ baseUrl: server.url, token: SENTINEL_TOKEN, session: { sessionId: SENTINEL_SESSION }, retry: { maxRetries: 0 } });
      // Accepted with the file's token; a sentinel session is refused; api_key in the query also works.
      expect((await client.call('validateKey')).success).toBe(true);
      const refused = await client.call('accountLists', { path: { account_id: 1 } }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ServiceError);
      expect((refused as ServiceError).statusCode).toBe(3);
      const viaQuery = await fetch(`${server.url}/3/configuration?api_key=${SENTINEL_TOKEN}&session_id=${SENTINEL_SESSION}`);
      expect(viaQuery.status).toBe(200);
      // Every spelling of an approval address the router accepts (or not) is logged without its token.
      for (const path of [`//authenticate/${SENTINEL_TOKEN}`, `/authenticate//${SENTINEL_TOKEN}/allow`, `/authenticate/${SENTINEL_TOKEN}/`, `/%61uthenticate/${SENTINEL_TOKEN}`]) {
        await (await fetch(`${server.url}${path}`)).text();
      }
      await client.close();
    } finally {
      await server.stop('SIGTERM');
    }
    const { stdout, stderr } = server.output();
    expect(stdout).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/m);
    // The request log is there (so its absence of secrets means something) and holds none.
    expect(stdout + stderr).toMatch(/\/3\/configuration/);
    expectNoSentinel(stdout, 'marquee serve stdout');
    expectNoSentinel(stderr, 'marquee serve stderr');
    const demo = JSON.parse(readFileSync(join(dataDir, DEMO_ACCOUNT_FILE), 'utf8')) as { password: string };
    expect(stdout + stderr).not.toContain(demo.password);
    expect(mode(join(dataDir, DEMO_ACCOUNT_FILE))).toBe(0o600);
    expect(mode(dataDir)).toBe(0o700);
  });

  it('a generated token is written 0600 and not printed; neither is a real session id in the request log', async () => {
    const dataDir = join(home, 'serve-generated');
    const server = await startServeProcess(['--data-dir', dataDir, '--catalog-size', String(CATALOG_SIZE), '--log'], serveEnv());
    let token = '';
    let sessionId = '';
    try {
      token = readFileSync(join(dataDir, TOKEN_FILE), 'utf8').trim();
      expect(mode(join(dataDir, TOKEN_FILE))).toBe(0o600);
      const client = new CatalogClient({ baseUrl: server.url, token, retry: { maxRetries: 0 } });
      const demo = JSON.parse(readFileSync(join(dataDir, DEMO_ACCOUNT_FILE), 'utf8')) as { username: string; password: string };
      const { request_token } = await client.call('requestToken');
      await client.call('validateWithLogin', { body: { username: demo.username, password: demo.password, request_token } });
      sessionId = (await client.call('createSession', { body: { request_token } })).session_id;
      await client.call('accountLists', { path: { account_id: 0 }, session: { sessionId } });
      await client.call('deleteSession', { body: { session_id: sessionId } });
      await client.close();
    } finally {
      await server.stop('SIGTERM');
    }
    const { stdout, stderr } = server.output();
    expect(stdout).toContain(`access token: in ${join(dataDir, TOKEN_FILE)}`);
    expect(stdout + stderr).toMatch(/\/3\/account\/0\/lists/);
    for (const secret of [token, sessionId]) expect(stdout + stderr).not.toContain(secret);
  });

  it('listens on the loopback address only, unless told otherwise', async () => {
    const dataDir = join(home, 'serve-address');
    const server = await startServeProcess(['--data-dir', dataDir, '--catalog-size', String(CATALOG_SIZE)], serveEnv());
    try {
      const port = Number(new URL(server.url).port);
      expect(new URL(server.url).hostname).toBe('127.0.0.1');
      // On Linux the kernel's socket table says which address the listening socket is bound to.
      if (existsSync('/proc/net/tcp')) {
        const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
        const listening = [readFileSync('/proc/net/tcp', 'utf8'), existsSync('/proc/net/tcp6') ? readFileSync('/proc/net/tcp6', 'utf8') : '']
          .join('\n')
          .split('\n')
          .map((line) => line.trim().split(/\s+/))
          .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A')
          .map((fields) => fields[1]!.split(':')[0]);
        expect(listening).toEqual(['0100007F']);
      }
    } finally {
      await server.stop('SIGTERM');
    }
  });
});

describe('the server refuses what it must', () => {
  let seeded: Seeded;
  beforeAll(async () => {
    seeded = await startSeededServer();
  });
  afterAll(async () => {
    await seeded?.dispose();
  });

  const samplePath = (spec: OperationSpec) => spec.path.replace(/\{\w+\}/g, '1');

  it.each(operationKeys)('%s: no token or a wrong one is 401 status_code 7, and changes nothing', async (key) => {
    const spec: OperationSpec = operations[key];
    const before = seeded.snapshot();
    const credentials: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-the-token' }, { authorization: seeded.token }];
    for (const headers of credentials) {
      const answer = await seeded.raw({
        method: spec.method,
        path: `${samplePath(spec)}?session_id=${seeded.sessionA}`,
        headers: spec.body ? { ...headers, 'content-type': 'application/json' } : headers,
        body: spec.body ? '{}' : undefined,
      });
      expect([answer.status, answer.json]).toEqual([401, { success: false, status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.' }]);
    }
    expect(seeded.snapshot()).toEqual(before);
  });

  it("one user's session cannot change another user's list: 401 status_code 38, the list unchanged", async () => {
    const intruder = seeded.clientFor({ sessionId: seeded.sessionB });
    const owner = seeded.clientFor({ sessionId: seeded.sessionA });
    const before = await owner.call('listDetails', { path: { list_id: seeded.listA } });
    const attempts = [
      intruder.call('addListItem', { path: { list_id: seeded.listA }, body: { media_id: seeded.freeMovie } }),
      intruder.call('removeListItem', { path: { list_id: seeded.listA }, body: { media_id: seeded.moviesOnA[0] } }),
      intruder.call('clearList', { path: { list_id: seeded.listA }, query: { confirm: true } }),
      intruder.call('deleteList', { path: { list_id: seeded.listA } }),
    ];
    for (const attempt of attempts) {
      const error = await attempt.then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect([(error as ServiceError).httpStatus, (error as ServiceError).statusCode]).toEqual([401, 38]);
    }
    const after = await owner.call('listDetails', { path: { list_id: seeded.listA } });
    expect(after).toEqual(before);
    expect(after.items.map((m) => m.id).sort()).toEqual([...seeded.moviesOnA].sort());
  });
});

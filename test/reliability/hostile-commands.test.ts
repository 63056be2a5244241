import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApiCommand } from '../../src/commands/api.js';
import { runConfigCommand } from '../../src/commands/config.js';
import { runDoctorCommand } from '../../src/commands/doctor.js';
import { runExportCommand } from '../../src/commands/export.js';
import { runImportCommand } from '../../src/commands/import.js';
import { runServeCommand } from '../../src/commands/serve.js';
import { saveStoredSession, serviceKey } from '../../src/storage/index.js';
import { signIn, startTestServer, type TestServer } from '../server/harness.js';
import { envelope, type Exchange, FaultServer, faults } from './fault-server.js';
import { childEnv, ensureBundle, runBundle } from './bundle.js';
import { HOSTILE, HOSTILE_TITLE, forbiddenIn } from './hostile-text.js';

/**
 * Every command that writes text from the service (or from a file the user was given) to a
 * terminal, fed that text with escape sequences in it: OSC 52 (the clipboard), OSC 0, OSC 8, CSI,
 * C1 controls, BEL, a right-to-left override (U+202E) and line breaks. A proxy in front of the
 * reference server adds them to every title and name it answers with; the account holds a list
 * named with them. None of it reaches the output raw: messages lose it, JSON escapes it, a CSV
 * shows it as ^[ and <U+202E>. Output to a pipe or a file is the data, exactly.
 */

/** What a hostile service appends to each title and name: the escapes, an RLO, a lone CR and a line break. */
const TAIL = `${HOSTILE_TITLE}\u202Ecod.exe\rOVERWRITTEN\nSPOOFED LINE`;
/** The same for a list's name, which the service keeps to 100 characters. */
const NAME_TAIL = `${HOSTILE.osc52}\u009B6n\u0007\u202Ecod\rOVER\nSPOOFED LINE`;

/**
 * What a terminal would obey in `output`: escapes and controls (ESC, BEL, C1...), bidirectional
 * overrides, a lone CR, and a line break inside one-line text (it starts a line of its own with
 * what followed it). Data output may show the text of a sequence (as \u001b]52 or ^[]52): that
 * is inert; a message (`message`) must have lost the whole sequence, as forbiddenIn checks.
 */
function rawIn(output: string, { lineBreaksAreData = false, message = false } = {}): string[] {
  const found = message ? forbiddenIn(output) : [];
  const control = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/.exec(output);
  if (control) found.push(`U+${control[0].charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (/[\u202a-\u202e\u2066-\u2069]/.test(output)) found.push('bidirectional override');
  if (/\r(?!\n)/.test(output)) found.push('lone CR');
  if (!lineBreaksAreData && /^\s*SPOOFED LINE/m.test(output)) found.push('line break');
  return found;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let upstream: TestServer;
let proxy: FaultServer;
let home: string;
let sessionId: string;
/** Answers the proxy gives instead of the reference server's, by "METHOD path". */
const overrides = new Map<string, (exchange: Exchange) => void>();

/** Forwards to the reference server and appends TAIL to every title and name of the answer. */
function hostileProxy(origin: string) {
  const hostile = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') return key !== undefined && /^(title|name|original_title|original_name)$/.test(key) ? `${value}${TAIL}` : value;
    if (Array.isArray(value)) return value.map((item) => hostile(item, key));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hostile(v, k)]));
    return value;
  };
  return (exchange: Exchange) => {
    const own = overrides.get(`${exchange.request.method} ${exchange.request.path}`);
    if (own) return own(exchange);
    const { request: seen, res } = exchange;
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type']) if (typeof seen.headers[name] === 'string') headers[name] = seen.headers[name];
    request(`${origin}${seen.url}`, { method: seen.method as 'GET', headers, body: seen.body === '' ? undefined : seen.body })
      .then(async (answer) => {
        const text = await answer.body.text();
        let body = text;
        try {
          body = JSON.stringify(hostile(JSON.parse(text)));
        } catch {
          // Not JSON (an image): as it is.
        }
        faults.raw(answer.statusCode, 'application/json;charset=utf-8', body)(exchange);
      })
      .catch(() => res.socket?.destroy());
  };
}

const env = (extra: Record<string, string> = {}): Record<string, string> => ({
  MARQUEE_TOKEN: upstream.server.token,
  MARQUEE_BASE_URL: proxy.url,
  XDG_CONFIG_HOME: join(home, 'config'),
  XDG_DATA_HOME: join(home, 'xdg-data'),
  MARQUEE_DATA_DIR: join(home, 'data'),
  HOME: home,
  LANG: 'C.UTF-8',
  ...extra,
});

/** Output streams that say they are a terminal (or, with isTTY false, a pipe). */
function capture(isTTY = true) {
  const out = { text: '' };
  const err = { text: '' };
  return {
    out,
    err,
    stdout: { isTTY, write: (chunk: string) => (out.text += chunk) },
    // Not a terminal: an import's progress line (its own CSI to redraw) is not service text.
    stderr: { isTTY: false, write: (chunk: string) => (err.text += chunk) },
  };
}

beforeAll(async () => {
  upstream = await startTestServer();
  sessionId = await signIn(upstream);
  home = mkdtempSync(join(tmpdir(), 'marquee-hostile-commands-'));
  proxy = await FaultServer.start();
  proxy.answer(hostileProxy(upstream.server.url));
  const session = { sessionId };
  const movie = (await upstream.client.call('popularMovies', { query: { page: 1 } })).results[0]!.id;
  await upstream.client.call('rateMovie', { path: { movie_id: movie }, body: { value: 8 }, session });
  // A list the service holds under a hostile name (made with marquee api, or on another client).
  const { list_id } = await upstream.client.call('createList', { body: { name: `Noir${NAME_TAIL}`, description: `dark${TAIL}` }, session });
  await upstream.client.call('addListItem', { path: { list_id }, body: { media_id: movie }, session });
  saveStoredSession(join(home, 'data'), serviceKey(proxy.url), { kind: 'user', id: sessionId });
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await upstream?.dispose();
  rmSync(home, { recursive: true, force: true });
});

describe('service text written by each command', () => {
  it('marquee api: the answer is the same JSON with the escapes as \\u escapes; an error message loses them', async () => {
    const movie = (await upstream.client.call('popularMovies', { query: { page: 1 } })).results[1]!.id;
    for (const isTTY of [true, false]) {
      const io = capture(isTTY);
      expect(await runApiCommand([`/3/movie/${movie}`], { env: env(), stdout: io.stdout, stderr: io.stderr, retry: { maxRetries: 0 } })).toBe(0);
      expect(rawIn(io.out.text + io.err.text)).toEqual([]);
      expect((JSON.parse(io.out.text) as { title: string }).title).toContain(TAIL);
    }
    overrides.set('GET /3/movie/1', faults.json(404, envelope(34, `Not here${TAIL}`)));
    const io = capture();
    expect(await runApiCommand(['/3/movie/1'], { env: env(), stdout: io.stdout, stderr: io.stderr, retry: { maxRetries: 0 } })).toBe(1);
    expect(io.err.text).toMatch(/^marquee api: 34 Not here.*\(HTTP 404\)\n$/);
    expect(rawIn(io.err.text, { message: true })).toEqual([]);
  });

  it('marquee doctor: a refused token quoted from the service loses the escapes and stays on its line', async () => {
    overrides.set('GET /3/authentication', faults.json(401, envelope(7, `Invalid API key${TAIL}`)));
    try {
      const io = capture();
      const code = await runDoctorCommand([], {
        env: env(), stdout: io.stdout, stderr: io.stderr, terminal: { isTTY: true, columns: 300, rows: 50, colorDepth: 8 }, timeoutMs: 5_000,
      });
      expect(code).toBe(1);
      expect(io.out.text).toMatch(/^fail +token +from the environment, refused: Invalid API key.*SPOOFED LINE$/m);
      expect(rawIn(io.out.text + io.err.text, { message: true })).toEqual([]);
    } finally {
      overrides.delete('GET /3/authentication');
    }
  }, 60_000);

  for (const format of ['json', 'csv', 'letterboxd', 'stats-json']) {
    it(`marquee export --format ${format}: to a terminal nothing is obeyed; to a pipe the data is exact`, async () => {
      const shown = capture(true);
      expect(await runExportCommand(['--format', format, '--no-imdb-ids'], { env: env(), stdout: shown.stdout, stderr: shown.stderr, retry: { maxRetries: 0 } })).toBe(0);
      const csv = format === 'csv' || format === 'letterboxd';
      // A CSV's line breaks inside a quoted cell are the table's own.
      expect(rawIn(shown.out.text, { lineBreaksAreData: csv })).toEqual([]);
      expect(rawIn(shown.err.text, { message: true })).toEqual([]);
      if (csv) expect(shown.out.text).toContain('^[]52;c;');
      else expect(shown.out.text).toContain('\\u001b]52;c;');

      const piped = capture(false);
      expect(await runExportCommand(['--format', format, '--no-imdb-ids'], { env: env(), stdout: piped.stdout, stderr: piped.stderr, retry: { maxRetries: 0 } })).toBe(0);
      // The data as the service holds it: the escapes are there, for the program that reads them.
      if (csv) expect(piped.out.text).toContain(TAIL);
      if (!csv) expect(JSON.stringify(JSON.parse(piped.out.text))).toContain(JSON.stringify(TAIL).slice(1, -1));
      // The same JSON value, but for when it was made.
      const value = (text: string) => ({ ...(JSON.parse(text) as object), exported_at: undefined });
      if (!csv) expect(value(shown.out.text)).toEqual(value(piped.out.text));
    }, 60_000);
  }

  it('marquee import: the list is made with a clean name, said so, and the report lines lose the escapes', async () => {
    // The account's own export, as a file a user might be given.
    const exported = capture(false);
    expect(await runExportCommand(['--no-imdb-ids'], { env: env(), stdout: exported.stdout, stderr: exported.stderr, retry: { maxRetries: 0 } })).toBe(0);
    const file = join(home, 'given.json');
    const data = JSON.parse(exported.out.text) as { lists: { name: string }[] };
    data.lists = data.lists.map((list) => ({ ...list, name: `Given${NAME_TAIL}` }));
    writeFileSync(file, JSON.stringify(data));

    const dry = capture();
    expect(await runImportCommand([file, '--dry-run'], { env: env(), stdout: dry.stdout, stderr: dry.stderr, retry: { maxRetries: 0 }, signals: { on: () => process, off: () => process } })).toBe(0);
    expect(rawIn(dry.out.text + dry.err.text, { message: true })).toEqual([]);
    expect(dry.out.text).toMatch(/^ {2}(?:list \d+ )?(?:line|entry) \d+: .*list "Givencod OVER SPOOFED LINE"/m);

    const run = capture();
    expect(await runImportCommand([file], { env: env(), stdout: run.stdout, stderr: run.stderr, retry: { maxRetries: 0 }, signals: { on: () => process, off: () => process } })).toBe(0);
    expect(rawIn(run.out.text + run.err.text, { message: true })).toEqual([]);
    const clean = 'Givencod OVER SPOOFED LINE';
    expect(run.out.text).toContain(`  list "${clean}": the file's name for it held control characters or line breaks, which are left out\n`);
    const account = (await upstream.client.call('accountOfSession', { session: { sessionId } })).id;
    const names = (await upstream.client.call('accountLists', { path: { account_id: account }, query: { page: 1 }, session: { sessionId } })).results.map((l) => l.name);
    expect(names).toContain(clean);
    expect(names.filter((name) => name?.startsWith('Given'))).toEqual([clean]);
  }, 60_000);

  it('marquee config check: a setting named with escapes in the config file is named without them', async () => {
    const config = join(home, 'config-check');
    mkdirSync(join(config, 'marquee'), { recursive: true, mode: 0o700 });
    writeFileSync(join(config, 'marquee', 'config.json'), JSON.stringify({ [`colour${TAIL}`]: 1, language: 'de-DE' }), { mode: 0o600 });
    const io = capture();
    expect(await runConfigCommand(['check'], { env: env({ XDG_CONFIG_HOME: config }), stdout: io.stdout, stderr: io.stderr })).toBe(1);
    expect(io.out.text).toContain('colourEvil Title Shown');
    expect(rawIn(io.out.text + io.err.text, { message: true })).toEqual([]);
    expect(readFileSync(join(config, 'marquee', 'config.json'), 'utf8')).toContain('\\u001b]52');
  });

  it('marquee serve --log: a path a client sent with encoded escapes is logged encoded', async () => {
    const abort = new AbortController();
    const io = capture();
    // With --print-env the request log goes to the command's stderr (else to the process's stdout).
    const stopped = runServeCommand(['--data-dir', join(home, 'serve'), '--catalog-size', '100', '--port', '0', '--log', '--print-env'], {
      stdout: io.stdout, stderr: io.stderr, env: {}, signal: abort.signal,
    });
    try {
      for (let i = 0; i < 400 && !io.out.text.includes('MARQUEE_SERVE_PID='); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      const url = /^MARQUEE_SERVE_URL=(\S+)$/m.exec(io.out.text)![1]!;
      // Decoded for the log to hide a session or a request token: C1 CSI, RLO, OSC 52, a line break.
      const sent = '%C2%9B6n%E2%80%AE%1B]52;c;QUFB%07%0ASPOOFED%20LINE';
      for (const path of [`/3/guest_session/abc/rated/movies${sent}`, `/authenticate/abc/${sent}`]) {
        await (await request(`${url}${path}`)).body.text();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(io.err.text).toContain('/3/guest_session/[guest session]/rated/movies%C2%9B6n%E2%80%AE');
      expect(rawIn(io.out.text + io.err.text)).toEqual([]);
    } finally {
      abort.abort();
      expect(await stopped).toBe(0);
    }
  }, 60_000);

  it('marquee (the TUI) refusing to start quotes a setting without its escapes', async () => {
    await ensureBundle();
    const result = await runBundle([], childEnv({ ...env(), MARQUEE_BASE_URL: `ftp://x${NAME_TAIL}` }));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^marquee: base URL "ftp:\/\/x.*" is not a URL/);
    expect(rawIn(result.stdout + result.stderr, { message: true })).toEqual([]);
  }, 180_000);
});

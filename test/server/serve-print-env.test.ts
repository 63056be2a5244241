import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { runServeCommand, type ServeIo } from '../../src/commands/serve.js';
import { tempDir } from './harness.js';

/** `marquee serve --print-env` as a CI step uses it, and the same answers for the same seed and size. */

interface Served {
  out: { stdout: string; stderr: string };
  env: Record<string, string>;
  token: string;
  stop(): Promise<void>;
}

async function serve(args: string[], dataDir = tempDir()): Promise<Served> {
  const out = { stdout: '', stderr: '' };
  const abort = new AbortController();
  const io: ServeIo = {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    env: {},
    signal: abort.signal,
  };
  const exit = runServeCommand(['--data-dir', dataDir, '--catalog-size', '300', '--print-env', ...args], io);
  for (let i = 0; i < 400 && !out.stdout.includes('MARQUEE_SERVE_PID='); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  // A value in single quotes (a path with a space...) read as sh reads it.
  const unquoted = (value: string) => (value.startsWith("'") ? value.slice(1, -1).replaceAll("'\\''", "'") : value);
  const env = Object.fromEntries(out.stdout.trimEnd().split('\n').map((line) => [line.slice(0, line.indexOf('=')), unquoted(line.slice(line.indexOf('=') + 1))]));
  const token = env.TMDB_TOKEN_FILE ? readFileSync(env.TMDB_TOKEN_FILE, 'utf8').trim() : '';
  return {
    out,
    env,
    token,
    stop: async () => {
      abort.abort();
      expect(await exit).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function get(served: Served, path: string): Promise<{ status: number; text: string }> {
  const response = await request(`${served.env.TMDB_BASE_URL}${path}`, { headers: { authorization: `Bearer ${served.token}` } });
  return { status: response.statusCode, text: await response.body.text() };
}

let first: Served;
let second: Served;
beforeAll(async () => {
  [first, second] = await Promise.all([serve(['--seed', '42']), serve(['--seed', '42'])]);
});
afterAll(async () => {
  await first?.stop();
  await second?.stop();
});

describe('marquee serve --print-env', () => {
  it('prints only KEY=VALUE lines on stdout, the token as a file, the messages on stderr', () => {
    const lines = first.out.stdout.trimEnd().split('\n');
    expect(lines.every((line) => /^[A-Z_]+=\S+$/.test(line)), first.out.stdout).toBe(true);
    expect(Object.keys(first.env)).toEqual([
      'TMDB_BASE_URL', 'MARQUEE_SERVE_URL', 'TMDB_TOKEN_FILE', 'MARQUEE_DEMO_USERNAME', 'MARQUEE_DEMO_PASSWORD_FILE', 'MARQUEE_SERVE_PID',
    ]);
    expect(first.env.TMDB_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/3$/);
    expect(first.env.TMDB_BASE_URL).toBe(`${first.env.MARQUEE_SERVE_URL}/3`);
    expect(first.env.MARQUEE_SERVE_PID).toBe(String(process.pid));
    expect(first.env.MARQUEE_DEMO_USERNAME).toBe('marquee-demo');
    expect(first.token).toMatch(/\S{16,}/);
    const { password } = JSON.parse(readFileSync(first.env.MARQUEE_DEMO_PASSWORD_FILE!, 'utf8')) as { password: string };
    const everything = first.out.stdout + first.out.stderr;
    expect(everything).not.toContain(first.token);
    expect(everything).not.toContain(password);
    expect(first.out.stderr).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/m);
  });

  it('the printed address and token file are enough to call the server', async () => {
    expect((await get(first, '/authentication')).status).toBe(200);
  });

  it('serves every operation of the description: an unknown address is 404 in the envelope, and nothing is named as missing', async () => {
    const before = first.out.stderr;
    expect((await get(first, '/tv/1/screened_theatrically')).status).toBe(200);
    const answer = await get(first, '/no/such/thing');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toMatchObject({ status_code: 34 });
    expect(first.out.stderr.slice(before.length)).not.toContain('not implemented');
  });

  it('with --log, the request log goes to stderr, without the query', async () => {
    const logged = await serve(['--log']);
    try {
      const envLines = logged.out.stdout;
      expect(envLines.trimEnd().split('\n').every((line) => /^[A-Z_]+=\S+$/.test(line)), envLines).toBe(true);
      expect((await get(logged, '/tv/1/screened_theatrically?session_id=abc')).status).toBe(200);
      const path = '"path":"/3/tv/1/screened_theatrically"';
      for (let i = 0; i < 200 && !logged.out.stderr.includes(path); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(logged.out.stderr).toContain(path);
      expect(logged.out.stderr).not.toContain('session_id=abc');
      expect(logged.out.stdout).toBe(envLines);
    } finally {
      await logged.stop();
    }
  });

  it('--print-token adds the token itself; without --print-env it is refused', async () => {
    const withToken = await serve(['--print-token']);
    try {
      expect(withToken.env.TMDB_TOKEN).toBe(withToken.token);
    } finally {
      await withToken.stop();
    }
    const out = { stdout: '', stderr: '' };
    const io: ServeIo = { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) }, env: {} };
    expect(await runServeCommand(['--print-token'], io)).toBe(2);
    expect(out.stderr).toContain('--print-token only goes with --print-env');
  });
});

describe('marquee serve --print-env read by a shell', () => {
  it('hostile paths are data to sh: `set -a; . ./serve.env` runs nothing and every value round-trips', async () => {
    const root = tempDir();
    const dataDir = join(root, 'data dir;touch PWNED;x');
    const tokenDir = join(root, "it's $(touch PWNED2) `touch PWNED3` \\ \" ~ *");
    mkdirSync(tokenDir, { recursive: true });
    const tokenFile = join(tokenDir, 'tok en');
    const served = await serve(['--token-file', tokenFile], dataDir);
    try {
      const names = ['TMDB_BASE_URL', 'MARQUEE_SERVE_URL', 'TMDB_TOKEN_FILE', 'MARQUEE_DEMO_USERNAME', 'MARQUEE_DEMO_PASSWORD_FILE', 'MARQUEE_SERVE_PID'];
      // sourced in the data folder's parent, where `touch PWNED` would land
      const program = `set -a; . ./serve.env; set +a; for name in ${names.join(' ')}; do eval "printf '%s\\0' \\"\\$$name\\""; done`;
      writeFileSync(join(root, 'serve.env'), served.out.stdout);
      const shell = spawnSync('sh', ['-c', program], { cwd: root, encoding: 'utf8' });
      expect(shell.stderr).toBe('');
      expect(shell.status).toBe(0);
      const values = shell.stdout.split('\0').slice(0, -1);
      expect(values).toEqual([
        expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/3$/), expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), tokenFile,
        'marquee-demo', join(dataDir, 'demo-account.json'), String(process.pid),
      ]);
      for (const made of ['PWNED', 'PWNED2', 'PWNED3']) {
        expect(existsSync(join(root, made))).toBe(false);
        expect(existsSync(join(tokenDir, made))).toBe(false);
      }
      // A plain value stays a plain line: what $GITHUB_ENV takes.
      expect(served.out.stdout).toMatch(/^MARQUEE_SERVE_URL=http:\/\/127\.0\.0\.1:\d+$/m);
    } finally {
      await served.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the same --seed and --catalog-size give the same answers', () => {
  it('two servers in their own data directories answer byte for byte alike', async () => {
    const popular = JSON.parse((await get(first, '/movie/popular')).text) as { results: Array<{ id: number }> };
    const series = JSON.parse((await get(first, '/tv/popular')).text) as { results: Array<{ id: number }> };
    const movieId = popular.results[0]!.id;
    const seriesId = series.results[0]!.id;
    const credits = JSON.parse((await get(first, `/movie/${movieId}?append_to_response=credits`)).text) as { credits?: { cast: Array<{ id: number }> } };
    const paths = [
      '/movie/popular?page=2', '/tv/popular', `/movie/${movieId}?append_to_response=credits,images`, `/tv/${seriesId}`,
      `/tv/${seriesId}/season/1`, '/search/multi?query=the', '/certification/movie/list', '/configuration',
      ...(credits.credits?.cast[0] ? [`/person/${credits.credits.cast[0].id}`] : []),
    ];
    let compared = 0;
    for (const path of paths) {
      const [a, b] = await Promise.all([get(first, path), get(second, path)]);
      expect(a.status, path).toBe(200);
      // Image addresses carry each server's own port; everything else is the catalog's.
      const portless = (served: Served, text: string) => text.replaceAll(served.env.MARQUEE_SERVE_URL!, 'ORIGIN');
      expect(portless(second, b.text), path).toBe(portless(first, a.text));
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(8);
  });
});

import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServeCommand } from '../../src/commands/serve.js';
import { resolveSettings } from '../../src/config/settings.js';
import { childEnv, ensureBundle, runBundle, type Finished } from './bundle.js';

/**
 * The files Marquee reads and where it writes them, when the user's environment is odd: no
 * usable home folder (HOME empty or relative, relative XDG variables), a config, token or
 * sessions file that is a FIFO, a device or far too large, and a token file given by mistake.
 * Run as the built program in a folder of its own, so that a hang or a file written where it
 * was started shows.
 */

let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'marquee-user-files-'));
  await ensureBundle();
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

let made = 0;
function folder(name: string): string {
  const dir = join(root, `${name}-${made++}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The environment without the runner's HOME, XDG folders or Marquee settings, then `extra`. */
function bareEnv(extra: Record<string, string>): Record<string, string> {
  const env = childEnv({});
  for (const name of Object.keys(env)) if (name === 'HOME' || name.startsWith('XDG_')) delete env[name];
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Runs the built program in `cwd`; a run that does not end in 20 s (a read that hangs) fails. */
const run = (args: string[], env: Record<string, string>, cwd: string): Promise<Finished> => runBundle(args, env, 20_000, cwd);

describe('no usable home folder', () => {
  it.each([
    ['HOME empty', { HOME: '' }, /HOME is empty and XDG_(CONFIG|DATA)_HOME is not set/],
    [
      'HOME and the XDG folders relative',
      { HOME: 'home', XDG_CONFIG_HOME: 'config', XDG_DATA_HOME: 'data', XDG_CACHE_HOME: 'cache' },
      /HOME is not an absolute path and XDG_(CONFIG|DATA)_HOME is not an absolute path \(so it is ignored\)/,
    ],
  ])('%s: every mode that writes files refuses, says why, and writes nothing where it was started', async (_name, vars, why) => {
    const cwd = folder('no-home');
    const env = bareEnv(vars);
    const file = join(root, 'ratings.csv');
    writeFileSync(
      file,
      'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\n' +
        'tt0000001,8,2024-01-02,A Film,A Film,https://www.imdb.com/title/tt0000001/,Movie,7.1,120,2001,Drama,1000,,\n',
    );
    const runs = {
      api: await run(['api', '/3/configuration'], env, cwd),
      tui: await run([], env, cwd),
      export: await run(['export'], env, cwd),
      import: await run(['import', file], env, cwd),
      serve: await run(['serve'], env, cwd),
      config: await run(['config', 'check'], env, cwd),
      doctor: await run(['doctor'], env, cwd),
    };
    for (const [mode, finished] of Object.entries(runs)) {
      const expected = mode === 'doctor' || mode === 'config' ? 1 : 2;
      expect(finished.code, `${mode}: ${finished.stderr}`).toBe(expected);
      if (mode !== 'doctor') expect(finished.stderr, mode).toMatch(/no folder to keep Marquee's files in/);
      expect(finished.stderr + finished.stdout, mode).toMatch(why);
    }
    expect(runs.doctor.stdout).toMatch(/^fail\s+config folder\s+no folder to keep Marquee's files in/m);
    expect(runs.doctor.stdout).toMatch(/^fail\s+data folder\s+no folder/m);
    expect(readdirSync(cwd)).toEqual([]);
  }, 120_000);

  it('relative XDG folders are ignored: the files go under HOME, none where it was started', async () => {
    const cwd = folder('relative-xdg');
    const home = folder('home');
    const env = bareEnv({ HOME: home, XDG_DATA_HOME: 'data', XDG_CONFIG_HOME: 'config', XDG_CACHE_HOME: 'cache' });
    const answer = await run(['api', '/3/configuration'], env, cwd);
    expect(answer.code, answer.stderr).toBe(0);
    expect(readdirSync(cwd)).toEqual([]);
    expect(statSync(join(home, '.local', 'share', 'marquee', 'server', 'server-token')).mode & 0o777).toBe(0o600);
    const paths = await run(['config', 'path'], env, cwd);
    expect(paths.stdout).toContain(join(home, '.config', 'marquee', 'config.yaml'));
  }, 60_000);
});

describe('no folder for the disk cache alone', () => {
  it('the cache is off for the run, said where it would be used (a service), the rest works', async () => {
    const env = { HOME: '', XDG_CONFIG_HOME: folder('config'), XDG_DATA_HOME: folder('data') };
    const served = await resolveSettings({}, { ...env, MARQUEE_BASE_URL: 'https://api.example' });
    expect(served.cacheDir).toBeUndefined();
    expect(served.warnings).toEqual([expect.stringMatching(/HOME is empty and XDG_CACHE_HOME is not set; .*: the disk cache is off for this run$/)]);
    const embedded = await resolveSettings({}, env);
    expect(embedded.cacheDir).toBeUndefined();
    expect(embedded.warnings).toEqual([]);
  });
});

describe('a file Marquee reads that is not a regular file, or is far too large', () => {
  /** A home with a config folder whose config.yaml is made by `place`. */
  function homeWithConfig(place: (path: string) => void): { env: Record<string, string>; cwd: string; config: string } {
    const home = folder('home');
    const dir = join(home, '.config', 'marquee');
    mkdirSync(dir, { recursive: true });
    const config = join(dir, 'config.yaml');
    place(config);
    return { env: bareEnv({ HOME: home }), cwd: folder('cwd'), config };
  }

  it('a FIFO as the config file: config check, api and doctor say so and end, nothing hangs', async () => {
    const { env, cwd, config } = homeWithConfig((path) => execFileSync('mkfifo', [path]));
    const check = await run(['config', 'check'], env, cwd);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`${config} is a FIFO (named pipe), not a regular file: make it a file, or remove it`);
    const api = await run(['api', '/3/configuration'], env, cwd);
    expect(api.code).toBe(2);
    expect(api.stderr).toContain('is a FIFO (named pipe), not a regular file');
    const doctor = await run(['doctor'], env, cwd);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(/^fail\s+settings\s+\S+ is a FIFO/m);
  }, 90_000);

  it('a link to /dev/zero is refused as a device, and a 2 MiB config file as too large, without reading them', async () => {
    const device = homeWithConfig((path) => symlinkSync('/dev/zero', path));
    const check = await run(['config', 'check'], device.env, device.cwd);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('is a character device, not a regular file');
    const large = homeWithConfig((path) => writeFileSync(path, `# ${'x'.repeat(2 * 1024 * 1024)}\n`));
    const tooLarge = await run(['config', 'check'], large.env, large.cwd);
    expect(tooLarge.code).toBe(1);
    expect(tooLarge.stdout).toContain(`${large.config} is larger than 1 MiB`);
  }, 60_000);

  it('a FIFO as the token file of serve is refused (exit 2); one as the sessions file is moved aside and said', async () => {
    const dataDir = folder('data');
    const fifo = join(dataDir, 'token');
    execFileSync('mkfifo', [fifo]);
    const serve = await run(['serve', '--data-dir', dataDir, '--token-file', fifo], bareEnv({ HOME: folder('home') }), folder('cwd'));
    expect(serve.code).toBe(2);
    expect(serve.stderr).toBe(`marquee serve: ${fifo} is a FIFO (named pipe), not a regular file\n`);

    const home = folder('home');
    const data = join(home, '.local', 'share', 'marquee');
    mkdirSync(data, { recursive: true });
    execFileSync('mkfifo', [join(data, 'sessions.json')]);
    const account = await run(['api', '/3/account'], bareEnv({ HOME: home }), folder('cwd'));
    expect(account.stderr).toMatch(/^marquee api: sessions\.json is a FIFO \(named pipe\), not a regular file: moved aside to sessions\.json\.corrupt-/m);
    expect(readdirSync(data).some((name) => name.startsWith('sessions.json.corrupt-'))).toBe(true);
  }, 60_000);
});

describe('serve --token-file', () => {
  async function serveOnce(args: string[]): Promise<{ code: number; stderr: string }> {
    let stderr = '';
    const stop = new AbortController();
    stop.abort();
    const code = await runServeCommand(args, {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      env: {},
      signal: stop.signal,
    });
    return { code, stderr };
  }

  it('a file it refuses keeps its mode and content; a token file it accepts is made 0600', async () => {
    const dir = folder('token-file');
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'buy milk, call Ann\n');
    chmodSync(notes, 0o644);
    const refused = await serveOnce(['--data-dir', join(dir, 'data'), '--token-file', notes, '--catalog-size', '100']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('an access token must be 8 to 512 printable characters without spaces');
    expect(statSync(notes).mode & 0o777).toBe(0o644);
    expect(readFileSync(notes, 'utf8')).toBe('buy milk, call Ann\n');

    const token = join(dir, 'token');
    writeFileSync(token, 'a-real-token-1234\n');
    chmodSync(token, 0o644);
    const accepted = await serveOnce(['--data-dir', join(dir, 'data'), '--token-file', token, '--catalog-size', '100']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(statSync(token).mode & 0o777).toBe(0o600);
    expect(existsSync(token)).toBe(true);
  }, 60_000);
});

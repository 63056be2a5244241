import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { spawnMarquee } from '../e2e/pty-harness.js';
import { childEnv } from '../reliability/bundle.js';
import { installTarball, packProject } from '../tooling/release-package.mjs';

/**
 * The release check: the package as a user gets it. The project is packed (its prepack builds the
 * bundle), the tarball installed with `npm install -g` into a temporary prefix, offline, with an
 * npm cache of its own, and the installed `marquee` must start in each mode. It fails when the
 * package would be broken for users: a missing bundle or bin, a runtime dependency that is not
 * installed, a file the bundle expects that the package does not ship.
 */

let work: string;
let packed: Awaited<ReturnType<typeof packProject>>;
let marquee: string;
let home: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'marquee-release-'));
  packed = await packProject(work);
  const installHome = join(work, 'install');
  mkdirSync(installHome);
  ({ bin: marquee } = await installTarball(packed.tarball, join(installHome, 'prefix'), installHome));
  home = join(work, 'home');
  mkdirSync(home);
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The installed command's environment: the Node under test first on PATH (for its `#!/usr/bin/env -S node ...`). */
function env(): Record<string, string> {
  const base = childEnv({});
  return {
    ...base,
    PATH: `${dirname(process.execPath)}:${base.PATH ?? ''}`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
  };
}

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(marquee, args, { env: env(), timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('the packed package', () => {
  it('holds the bundle, the README and the licence, and no tests, sources or source maps', () => {
    expect(packed.files).toEqual(expect.arrayContaining(['dist/marquee.js', 'dist/embedded-server.js', 'README.md', 'LICENSE', 'package.json']));
    expect(packed.files.filter((file) => !/^(dist\/.*\.js|README\.md|LICENSE|package\.json)$/.test(file))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(dirname(realpathSync(marquee)), '..', 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      dependencies?: Record<string, string>;
    };
    expect(manifest.bin).toEqual({ marquee: 'dist/marquee.js' });
    // Everything the program runs is in the bundle: an install fetches nothing.
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  it('installs a marquee command that prints its version', async () => {
    const result = await run(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });

  it('answers marquee api /3/configuration from the embedded catalog', async () => {
    const result = await run(['api', '/3/configuration']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as { images: { poster_sizes: string[] } };
    expect(answer.images.poster_sizes).toContain('original');
  }, 60_000);

  it('runs marquee serve until it listens, serves, and stops on SIGTERM', async () => {
    const child = spawn(marquee, ['serve', '--port', '0'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString('utf8');
          const match = /listening on (http:\/\/\S+)/.exec(stdout);
          if (match) resolve(match[1]!);
        });
        void exited.then((code) => reject(new Error(`marquee serve exited (${code}) before listening: ${stderr}`)));
      });
      // Without the token the service answers, and refuses.
      const response = await fetch(`${url}/3/configuration`);
      expect(response.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);

  it('prints a bash completion script that completes marquee api /3/mo<Tab>', async () => {
    const printed = await run(['completion', 'bash']);
    expect(printed.code).toBe(0);
    const script = join(work, 'marquee.bash');
    writeFileSync(script, printed.stdout);
    const program = 'source "$1"; COMP_WORDS=(marquee api /3/mo); COMP_CWORD=2; _marquee; printf "%s\\n" "${COMPREPLY[@]}"';
    const completed = spawnSync('bash', ['--norc', '--noprofile', '-c', program, 'bash', script], { encoding: 'utf8' });
    expect(completed.stderr).toBe('');
    expect(completed.stdout.split('\n')).toEqual(expect.arrayContaining(['/3/movie/popular', '/3/movie/{movie_id}']));
  });

  it('opens the TUI on the embedded catalog and quits with q', async () => {
    const session = spawnMarquee({ program: join(dirname(realpathSync(marquee)), 'marquee.js'), cols: 80, rows: 24 });
    try {
      await session.waitForText('embedded catalog', 30_000);
      await session.waitForText(/1\/[\d,]+/, 30_000);
      await session.press('q');
      expect((await session.exited).exitCode).toBe(0);
    } finally {
      await session.dispose();
    }
  }, 60_000);
});

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, ensureBundle, startServeProcess, type RunningServer } from '../reliability/bundle.js';
import { nodeSqlite } from '../../src/storage/node-sqlite.js';
import { KEYS, spawnMarquee, type PtySession } from './pty-harness.js';

/**
 * The disk cache as a user meets it: a film opened while `marquee serve` runs, the server
 * stopped, and the same film opened again in a new run, read from the cache with the
 * "offline, as of" mark in the header instead of an error.
 */

const TOKEN = 'offline-cache-token-4d7a2c9e';

let home: string;
let server: RunningServer | undefined;

beforeAll(async () => {
  await ensureBundle();
  home = mkdtempSync(join(tmpdir(), 'marquee-offline-e2e-'));
  const tokenFile = join(home, 'token');
  writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });
  server = await startServeProcess(
    ['--port', '0', '--token-file', tokenFile],
    childEnv({ XDG_CONFIG_HOME: join(home, 'serve-config'), MARQUEE_DATA_DIR: join(home, 'serve-data') }),
  );
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(home, { recursive: true, force: true });
});

function tui(url: string): PtySession {
  return spawnMarquee({ home: join(home, 'user'), cols: 100, rows: 30, env: { MARQUEE_BASE_URL: url, MARQUEE_TOKEN: TOKEN } });
}

/** Opens the first film of the Movies tab and returns its title as the screen shows it. */
async function openFirstFilm(pty: PtySession): Promise<string> {
  const list = await pty.waitForText(/^› .+\(\d{4}\)/m, 20_000);
  const title = /^› (.+?)\s+\(\d{4}\)/m.exec(list)![1]!;
  await pty.press(KEYS.enter);
  await pty.waitForText('Original title', 20_000);
  return title;
}

async function quit(pty: PtySession): Promise<void> {
  await pty.press(KEYS.esc, 'q');
  expect((await pty.exited).exitCode).toBe(0);
}

describe('the disk cache', () => {
  it('after the server is stopped, a new run shows the film it showed before, marked offline', async () => {
    const url = server!.url;
    const first = tui(url);
    let title: string;
    try {
      title = await openFirstFilm(first);
      expect(first.screen()).not.toMatch(/offline/);
      await quit(first);
    } finally {
      await first.dispose();
    }

    await server!.stop();
    server = undefined;

    const cacheDir = join(home, 'user', 'cache', 'marquee');
    const files = readdirSync(cacheDir);
    expect(files).toContain('responses.sqlite');
    // The token never reaches the cache, in the database or in SQLite's side files.
    for (const name of files) expect(readFileSync(join(cacheDir, name)).includes(Buffer.from(TOKEN))).toBe(false);
    // A minute later, as far as the cache can tell: every answer is stale (the catalog's are fresh for 60 s).
    const db = new (nodeSqlite().DatabaseSync)(join(cacheDir, 'responses.sqlite'));
    db.exec('UPDATE answers SET fresh_until = 0');
    db.close();

    const second = tui(url);
    try {
      expect(await openFirstFilm(second)).toBe(title);
      const screen = await second.waitForText(/offline, as of \d{2}:\d{2}/);
      expect(screen).toContain(title);
      expect(screen).not.toMatch(/refused|could not|failed/i);
      await quit(second);
    } finally {
      await second.dispose();
    }
  }, 90_000);
});

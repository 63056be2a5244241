import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { answerApproval } from '../server/harness.js';
import { KEYS, MARQUEE, spawnMarquee, type PtySession } from './pty-harness.js';

let sessions: PtySession[] = [];

// Builds dist/ when a source is newer, under the lock the other bundle tests use, so parallel
// test files never write dist/ at the same time.
beforeAll(() => ensureBundle(), 180_000);

afterEach(async () => {
  await Promise.all(sessions.map((s) => s.dispose()));
  sessions = [];
});

function start(options: Parameters<typeof spawnMarquee>[0] = {}): PtySession {
  const session = spawnMarquee(options);
  sessions.push(session);
  return session;
}

/** The program holds the alternate screen with the cursor hidden once it is up. */
async function started(session: PtySession): Promise<void> {
  await session.waitForText(/1\/[\d,]+/, 20_000);
  expect(session.bufferType()).toBe('alternate');
  expect(session.cursorVisible()).toBe(false);
}

function expectRestored(session: PtySession): void {
  expect(session.bufferType()).toBe('normal');
  expect(session.cursorVisible()).toBe(true);
}

describe('marquee in a terminal', () => {
  it('starts on the embedded catalog, visits all five tabs, and q leaves the terminal as it was', async () => {
    const session = start();
    await session.waitForText('embedded catalog', 20_000);
    await started(session);
    expect(session.screen()).toContain('Popular movies');

    await session.press('2');
    await session.waitForText('Popular TV series');
    await session.waitForText(/1\/[\d,]+/);
    await session.press('3');
    await session.waitForText('Search movies, TV and people');
    // Before any search the box has the focus (a digit is typed there): Esc gives the keys back.
    await session.press(KEYS.esc, '4');
    await session.waitForText('Press s to sign in');
    await session.press('5');
    await session.waitForText('United States (US)');
    await session.press('?');
    await session.waitForText('Keys on this screen');
    await session.press(KEYS.esc);
    await session.waitForText('Movie certifications by country');

    await session.press('q');
    const { exitCode } = await session.exited;
    expect(exitCode).toBe(0);
    expectRestored(session);
  });

  it('Ctrl-C quits from a screen deep in a tab and restores the terminal', async () => {
    const session = start();
    await started(session);
    await session.press(KEYS.enter);
    await session.waitForText('Released');
    await session.press(KEYS.ctrlC);
    const { exitCode } = await session.exited;
    expect(exitCode).toBe(0);
    expectRestored(session);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ])('%s restores the terminal too, and exits non-zero', async (signal, code) => {
    const session = start();
    await started(session);
    session.kill(signal);
    const { exitCode } = await session.exited;
    expect(exitCode).toBe(code);
    expectRestored(session);
  });

  it('re-lays out when the terminal is resized', async () => {
    const session = start({ cols: 100, rows: 30 });
    await started(session);
    session.resize(50, 14);
    await session.waitForText('Terminal too small (50x14)');
    session.resize(80, 24);
    await session.waitForText('Popular movies');
    await session.press('q');
    expect((await session.exited).exitCode).toBe(0);
    expectRestored(session);
  });

  it('signs in through the approval page, and the session is there on the next start', async () => {
    // A stand-in for xdg-open that writes down the address it was asked to open.
    const bin = mkdtempSync(join(tmpdir(), 'marquee-opener-'));
    const opened = join(bin, 'opened.txt');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    try {
      const env = { PATH: `${bin}:${process.env.PATH ?? ''}` };
      const first = start({ env });
      await started(first);
      await first.press('s');
      await first.waitForText('Approve in the browser');
      await first.press(KEYS.enter);
      await first.waitForText('/authenticate/');
      for (let i = 0; i < 200 && !existsSync(opened); i++) await new Promise((r) => setTimeout(r, 20));
      const url = readFileSync(opened, 'utf8');
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authenticate\/\S+$/);
      expect((await answerApproval(url)).status).toBeLessThan(400);
      await first.press(KEYS.enter);
      await first.waitForText('signed in as');
      await first.press('q');
      expect((await first.exited).exitCode).toBe(0);

      const sessionsFile = join(first.home, 'data', 'marquee', 'sessions.json');
      expect(statSync(sessionsFile).mode & 0o777).toBe(0o600);

      const second = start({ home: first.home });
      await second.waitForText('signed in as', 20_000);
      await second.press('q');
      await second.exited;
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it.each([
    ['--no-color', { args: ['--no-color'] }],
    ['NO_COLOR', { env: { NO_COLOR: '1' } }],
  ])('%s draws no colours and marks the selection with a glyph', async (_name, options) => {
    const session = start(options);
    await started(session);
    // SGR colour parameters: 30-37, 39, 40-47, 49, 90-97, 38;5;n and friends.
    expect(session.output).not.toMatch(/\u001B\[[\d;]*(3\d|4\d|9\d)(;[\d;]*)?m/);
    const screen = session.screen();
    expect(screen).toContain('[1 Movies]');
    expect(screen.split('\n').filter((line) => line.startsWith('› '))).toHaveLength(1);
    await session.press('q');
    await session.exited;
  });

  it('without a terminal, says to use marquee api and exits 2', () => {
    const result = spawnSync(process.execPath, [MARQUEE], { input: '', encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('marquee api');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/index.js';
import { KEYS, spawnMarquee, type PtyOptions, type PtySession } from '../e2e/pty-harness.js';
import { ensureBundle } from './bundle.js';
import { FaultServer, envelope, faults } from './fault-server.js';
import { CATALOG_SIZE } from './server-fixture.js';

/**
 * The TUI in a pseudo-terminal (the built program), ended in the ways a user does not choose:
 * an exception inside the render tree, SIGTERM, SIGHUP, each at a moment when the terminal is
 * most taken over (raw mode with a text field focused, or the catalog still loading). Each time
 * the alternate screen is left and the cursor shown again. And a service that fails with 500s:
 * the error shows inside the panel, and the TUI recovers when the service does.
 */

const CRASH_KEY = '§';
const LIST_COUNTER = /1\/[\d,]+/;

let sessions: PtySession[] = [];
/** One home for the runs that only need the catalog loaded: it is built on the first start. */
let sharedHome: string;

beforeAll(async () => {
  await ensureBundle();
  sharedHome = mkdtempSync(join(tmpdir(), 'marquee-terminal-'));
}, 180_000);
afterEach(async () => {
  await Promise.all(sessions.map((s) => s.dispose()));
  sessions = [];
});
afterAll(() => {
  rmSync(sharedHome, { recursive: true, force: true });
});

function start(options: PtyOptions = {}): PtySession {
  const session = spawnMarquee({ home: sharedHome, ...options, env: { MARQUEE_TEST_CRASH_KEY: CRASH_KEY, ...options.env } });
  sessions.push(session);
  return session;
}

async function expectTakenOver(session: PtySession): Promise<void> {
  expect(session.bufferType()).toBe('alternate');
  expect(session.cursorVisible()).toBe(false);
}

async function expectGivenBack(session: PtySession, exitCode: number): Promise<void> {
  expect((await session.exited).exitCode).toBe(exitCode);
  expect(session.bufferType()).toBe('normal');
  expect(session.cursorVisible()).toBe(true);
}

/** Goes to the Search tab and types into its focused text field (raw mode, keys as text). */
async function typeInSearch(session: PtySession): Promise<void> {
  await session.press('3');
  await session.waitForText('Search movies, TV and people');
  await session.press('/', 'b', 'l', 'a');
  await session.waitForText('bla');
}

describe('the terminal is given back', () => {
  it('after an exception inside the render tree', async () => {
    const session = start();
    await session.waitForText(LIST_COUNTER, 20_000);
    await expectTakenOver(session);
    await session.press(CRASH_KEY);
    await expectGivenBack(session, 1);
    // The reason is printed on the normal screen, where it stays readable.
    expect(session.screen()).toContain(`crash requested with MARQUEE_TEST_CRASH_KEY (${CRASH_KEY})`);
  });

  it('after an exception while a text field has focus', async () => {
    const session = start();
    await session.waitForText(LIST_COUNTER, 20_000);
    await typeInSearch(session);
    await session.press(CRASH_KEY);
    await expectGivenBack(session, 1);
  });

  it('after SIGHUP while a text field has focus', async () => {
    const session = start();
    await session.waitForText(LIST_COUNTER, 20_000);
    await typeInSearch(session);
    session.kill('SIGHUP');
    await expectGivenBack(session, 129);
  });

  it('after SIGTERM at the first frame (the catalog still loading), and the next start works', async () => {
    const home = mkdtempSync(join(tmpdir(), 'marquee-terminal-fresh-'));
    try {
      const first = start({ home });
      // The first frame is drawn before the embedded catalog is up; the signal comes right then.
      await first.waitForText('Popular movies', 20_000);
      await expectTakenOver(first);
      first.kill('SIGTERM');
      await expectGivenBack(first, 143);

      const second = start({ home });
      await second.waitForText(LIST_COUNTER, 20_000);
      await second.press('q');
      await expectGivenBack(second, 0);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('a service that fails', () => {
  let upstream: RunningServer;
  let upstreamDir: string;
  let faulty: FaultServer;
  let failing = true;
  let popularAsked = 0;

  beforeAll(async () => {
    upstreamDir = mkdtempSync(join(tmpdir(), 'marquee-upstream-'));
    upstream = await startServer({ dataDir: upstreamDir, catalogSize: CATALOG_SIZE });
    faulty = await FaultServer.start();
    // Everything goes through to a real server, except popular movies while `failing` is set.
    const proxy = faults.proxyTo(upstream.url);
    faulty.answer((exchange) => {
      if (exchange.request.path !== '/3/movie/popular') return proxy(exchange);
      popularAsked++;
      if (failing) return faults.json(500, envelope(11, 'Internal error: Something went wrong, contact TMDB.'))(exchange);
      return proxy(exchange);
    });
  });
  afterAll(async () => {
    await faulty?.close();
    await upstream?.close();
    rmSync(upstreamDir, { recursive: true, force: true });
  });

  it('shows the error inside the panel, retries on r once the service is back, and keeps working', async () => {
    const session = start({ args: ['--base-url', faulty.url], env: { MARQUEE_TOKEN: upstream.token } });
    const failed = await session.waitForText('Could not load popular movies', 20_000);
    expect(failed).toContain('Internal error: Something went wrong, contact TMDB. (HTTP 500)');
    expect(failed).toContain('Press r to try again.');
    // The rest of the screen is still there: the tab bar, the service, the footer.
    expect(failed).toMatch(/1 Movies +2 TV/);
    // The client tried a bounded number of times (1 + its 3 retries), then gave up.
    expect(popularAsked).toBe(4);

    failing = false;
    await session.press('r');
    await session.waitForText(LIST_COUNTER);
    expect(session.screen()).not.toContain('Could not load');

    // Still working: another tab loads, and q quits cleanly.
    await session.press('2');
    await session.waitForText('Popular TV series');
    await session.waitForText(LIST_COUNTER);
    await session.press('q');
    await expectGivenBack(session, 0);
  });
});

describe('the keys a person presses', () => {
  it('Esc and letters typed into a focused field do not quit; Ctrl-C does, cleanly', async () => {
    const session = start();
    await session.waitForText(LIST_COUNTER, 20_000);
    await typeInSearch(session);
    await session.press('q', KEYS.esc, KEYS.esc);
    await expectTakenOver(session);
    await session.press(KEYS.ctrlC);
    await expectGivenBack(session, 0);
  });
});

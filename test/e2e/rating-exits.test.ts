import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseFaultSpec } from '../../src/server/index.js';
import { RATING_JOURNAL_FILE } from '../../src/storage/index.js';
import { ensureBundle } from '../reliability/bundle.js';
import { startTestServer, TestClock, type TestServer } from '../server/harness.js';
import { episodeRatings, KEYS, openFirstSeason, spawnMarquee, waitForScreen, type PtySession } from './pty-harness.js';

/**
 * Ratings shown pending survive the program being ended by a signal while the service is slow:
 * each run rates, is sent SIGTERM or SIGHUP (a closed terminal window) with writes under way,
 * and the next start sends what was left, until the service holds the last thing asked of every
 * episode (read back over HTTP).
 */

const sessions: PtySession[] = [];
let catalog: TestServer | undefined;

beforeAll(() => ensureBundle(), 180_000);
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.dispose();
  await catalog?.dispose();
  catalog = undefined;
});

/** Every write takes this long to be answered: long enough to be under way when the signal comes. */
const SLOW_WRITE = '1500ms';

/** The guest session's ratings of the season as the service holds them, by episode number. */
async function heldByService(server: TestServer, home: string): Promise<Map<number, number>> {
  const sessionsFile = JSON.parse(readFileSync(join(home, 'data', 'marquee', 'sessions.json'), 'utf8')) as Record<string, { kind: string; id: string }>;
  const guest = sessionsFile[new URL(server.server.url).origin]!;
  expect(guest.kind).toBe('guest');
  const answer = await server.raw('GET', `/3/guest_session/${guest.id}/rated/tv/episodes`);
  const results = (answer.json as { results: { season_number: number; episode_number: number; rating: number }[] }).results;
  return new Map(results.filter((r) => r.season_number === 1).map((r) => [r.episode_number, r.rating]));
}

async function waitForService(server: TestServer, home: string, expected: Map<number, number>, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  let held = new Map<number, number>();
  while (Date.now() < deadline) {
    held = await heldByService(server, home);
    if ([...expected].every(([episode, value]) => held.get(episode) === value) && held.size === expected.size) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the service never held ${what}: it held ${JSON.stringify([...held])}`);
}

/** Ends the program with `signal` and checks it gave the terminal back at once. */
async function endWith(pty: PtySession, signal: 'SIGTERM' | 'SIGHUP', code: number): Promise<void> {
  pty.kill(signal);
  expect((await pty.exited).exitCode).toBe(code);
  expect(pty.bufferType()).toBe('normal');
  expect(pty.cursorVisible()).toBe(true);
}

describe('ratings shown pending, when a signal ends the program', () => {
  it('are sent at the next start after SIGTERM and SIGHUP mid-flight: the service ends holding the last value asked of each episode', async () => {
    catalog = await startTestServer({
      faults: parseFaultSpec(`rateEpisode:latency=${SLOW_WRITE}, deleteEpisodeRating:latency=${SLOW_WRITE}`),
      // The guest session must not have expired by the program's clock when it starts again.
      clock: new TestClock(Date.now()),
    });
    const server = catalog;
    const args = ['--base-url', server.server.url];
    const env = { MARQUEE_TOKEN: server.server.token };

    // Run 1: rating mode, E1 8 and E2 7; SIGTERM while the first write is under way.
    const first = spawnMarquee({ args, env });
    sessions.push(first);
    await openFirstSeason(first);
    const count = Number(/(\d+) episodes · first aired/.exec(await first.waitForText(/\d+ episodes · first aired/))![1]);
    expect(count).toBeGreaterThanOrEqual(5);
    await waitForScreen(first, (s) => episodeRatings(s).size === count, `the ${count} episode rows`);
    await first.press('m', '8', '7');
    await waitForScreen(first, (s) => episodeRatings(s).get(1) === '8.0…' && episodeRatings(s).get(2) === '7.0…', 'E1 and E2 shown pending');
    expect(existsSync(join(first.home, 'data', 'marquee', RATING_JOURNAL_FILE))).toBe(true);
    await endWith(first, 'SIGTERM', 143);

    // Run 2 sends them; then a batch of the unrated rest (5), a delete of E1 and a re-rate of E2 (6); SIGHUP mid-flight.
    const second = spawnMarquee({ args, env, home: first.home });
    sessions.push(second);
    await openFirstSeason(second);
    await waitForScreen(second, (s) => episodeRatings(s).get(1) === '8.0' && episodeRatings(s).get(2) === '7.0', 'E1 8.0 and E2 7.0 sent at the start', 30_000);
    await waitForService(server, first.home, new Map([[1, 8], [2, 7]]), 'E1 8 and E2 7');
    await second.press('a');
    await second.waitForText(`Rate ${count - 2} episodes`);
    await second.press('5', KEYS.enter);
    await waitForScreen(second, (s) => [...episodeRatings(s)].filter(([e]) => e > 2).every(([, v]) => v.startsWith('5.0')), 'the batch shown');
    // The cursor is on E1 (the season screen's first row).
    await second.press('X');
    await second.waitForText('Delete your rating');
    await second.press('y', KEYS.down, 'r');
    await second.waitForText('E2: ');
    await second.press('6', KEYS.enter);
    await waitForScreen(second, (s) => episodeRatings(s).get(1) === '·…' && episodeRatings(s).get(2) === '6.0…', 'the delete of E1 and E2 6.0 shown pending');
    // The batch is still under way: most of it is only on this machine.
    expect([...episodeRatings(second.screen())].filter(([e, v]) => e > 2 && v === '5.0…').length).toBeGreaterThan(0);
    await endWith(second, 'SIGHUP', 129);

    // Run 3 sends what was left; the service ends with the last thing asked of each episode.
    const third = spawnMarquee({ args, env, home: first.home });
    sessions.push(third);
    await openFirstSeason(third);
    const expected = new Map<number, number>([[2, 6]]);
    for (let episode = 3; episode <= count; episode++) expected.set(episode, 5);
    await waitForService(server, first.home, expected, 'E1 unrated, E2 6 and the rest 5');
    await waitForScreen(third, (s) => !/…/.test([...episodeRatings(s).values()].join(' ')), 'nothing pending any more', 30_000);
    expect(existsSync(join(first.home, 'data', 'marquee', RATING_JOURNAL_FILE))).toBe(false);
    third.write(KEYS.ctrlC);
    expect((await third.exited).exitCode).toBe(0);
  }, 180_000);

  it('two TUIs of one user, rating different episodes and quitting with writes under way, both leave their ratings to send', async () => {
    catalog = await startTestServer({ faults: parseFaultSpec(`rateEpisode:latency=${SLOW_WRITE}`), clock: new TestClock(Date.now()) });
    const server = catalog;
    const args = ['--base-url', server.server.url];
    const env = { MARQUEE_TOKEN: server.server.token };
    const journal = (home: string) => join(home, 'data', 'marquee', RATING_JOURNAL_FILE);

    // A starts the guest session with E1 8, which the service takes; B starts on the same folder, so the same guest.
    const a = spawnMarquee({ args, env });
    sessions.push(a);
    await openFirstSeason(a);
    await waitForScreen(a, (s) => episodeRatings(s).size >= 5, 'the episode rows');
    await a.press('m', '8');
    await waitForScreen(a, (s) => episodeRatings(s).get(1) === '8.0', 'E1 8.0 saved', 20_000);
    const b = spawnMarquee({ args, env, home: a.home });
    sessions.push(b);
    await openFirstSeason(b);
    await waitForScreen(b, (s) => episodeRatings(s).get(1) === '8.0', 'E1 8.0 in the second TUI');

    // A rates E2, B rates E5; both quit while the service has not answered.
    await a.press('4');
    await b.press('j', 'j', 'j', 'j', 'm', '3');
    await waitForScreen(a, (s) => episodeRatings(s).get(2) === '4.0…', 'E2 pending in A');
    await waitForScreen(b, (s) => episodeRatings(s).get(5) === '3.0…', 'E5 pending in B');
    a.write(KEYS.ctrlC);
    b.write(KEYS.ctrlC);
    expect((await a.exited).exitCode).toBe(0);
    expect((await b.exited).exitCode).toBe(0);
    const kept = Object.values(JSON.parse(readFileSync(journal(a.home), 'utf8')) as Record<string, { episode: number; value: number }[]>)[0]!;
    expect(kept.map((entry) => [entry.episode, entry.value]).sort()).toEqual([[2, 4], [5, 3]]);

    // The next start sends both.
    const next = spawnMarquee({ args, env, home: a.home });
    sessions.push(next);
    await waitForService(server, a.home, new Map([[1, 8], [2, 4], [5, 3]]), 'E1 8, E2 4 and E5 3');
    await waitForScreen(next, () => !existsSync(journal(a.home)), 'the journal emptied', 20_000);
  }, 120_000);

  it("a film's rating and its delete survive SIGHUP mid-write, and q or Ctrl-C with ratings still to send says how many are kept and where", async () => {
    catalog = await startTestServer({
      faults: parseFaultSpec(`rateMovie:latency=${SLOW_WRITE}, deleteMovieRating:latency=${SLOW_WRITE}`),
      clock: new TestClock(Date.now()),
    });
    const server = catalog;
    const args = ['--base-url', server.server.url];
    const env = { MARQUEE_TOKEN: server.server.token };
    const journal = (home: string) => join(home, 'data', 'marquee', RATING_JOURNAL_FILE);
    /** The guest session's film ratings as the service holds them. */
    const filmsHeld = async (home: string) => {
      const sessionsFile = JSON.parse(readFileSync(join(home, 'data', 'marquee', 'sessions.json'), 'utf8')) as Record<string, { id: string }>;
      const answer = await server.raw('GET', `/3/guest_session/${sessionsFile[new URL(server.server.url).origin]!.id}/rated/movies`);
      return (answer.json as { results: { rating: number }[] }).results.map((r) => r.rating);
    };
    const waitForFilms = async (home: string, expected: number[], what: string) => {
      const deadline = Date.now() + 60_000;
      let held: number[] = [];
      while (Date.now() < deadline) {
        held = await filmsHeld(home);
        if (JSON.stringify(held) === JSON.stringify(expected)) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`the service never held ${what}: it held ${JSON.stringify(held)}`);
    };
    /** From the first screen to the first popular film, its rating form filled with `value` and saved. */
    const rateFirstFilm = async (pty: PtySession, value: string) => {
      await pty.waitForText(/1\/[\d,]+/, 20_000);
      await pty.press(KEYS.enter);
      await pty.waitForText(/rates it/);
      await pty.press('r');
      await pty.waitForText('Rate “');
      await pty.press(value, KEYS.enter);
      await pty.waitForText('saving…');
    };

    // Run 1: the film rated 8, then the program's terminal closed (SIGHUP) while the service has not answered.
    const first = spawnMarquee({ args, env });
    sessions.push(first);
    await rateFirstFilm(first, '8');
    expect(readFileSync(journal(first.home), 'utf8')).toMatch(/"kind": "movie"[^]*"value": 8/);
    await endWith(first, 'SIGHUP', 129);
    expect(existsSync(journal(first.home))).toBe(true);

    // Run 2 sends it; the film rated 5, and q (back on the list) while that write is under way: one line says it is kept.
    const second = spawnMarquee({ args, env, home: first.home });
    sessions.push(second);
    await waitForFilms(first.home, [8], 'the film at 8');
    await rateFirstFilm(second, '5');
    await second.press(KEYS.esc, 'q');
    expect((await second.exited).exitCode).toBe(0);
    expect(second.output).toContain(`marquee: 1 rating not yet on the service is kept in ${journal(first.home)} and will be sent at the next start`);

    // Run 3 finds 5 held (or sends it); its rating deleted, then Ctrl-C mid-write: the delete is kept, and said so.
    const third = spawnMarquee({ args, env, home: first.home });
    sessions.push(third);
    await waitForFilms(first.home, [5], 'the film at 5');
    await third.waitForText(/1\/[\d,]+/, 20_000);
    await third.press(KEYS.enter);
    await third.waitForText('Your rating 5.0');
    await third.press('X');
    await third.waitForText('y yes');
    await third.press('y');
    await third.waitForText('saving…');
    third.write(KEYS.ctrlC);
    expect((await third.exited).exitCode).toBe(0);
    expect(third.output).toMatch(/marquee: 1 rating not yet on the service is kept in .*pending-ratings\.json and will be sent at the next start/);

    // Run 4: the service ends with no rating of the film, and the journal empty; nothing kept, nothing said at the quit.
    const fourth = spawnMarquee({ args, env, home: first.home });
    sessions.push(fourth);
    await waitForFilms(first.home, [], 'no rating of the film');
    await waitForScreen(fourth, () => !existsSync(journal(first.home)), 'the journal emptied', 20_000);
    await fourth.press('q');
    expect((await fourth.exited).exitCode).toBe(0);
    expect(fourth.output).not.toContain('will be sent at the next start');
  }, 180_000);
});

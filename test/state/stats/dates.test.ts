import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../../src/api/client.js';
import { queryState, statsSource, type AccountStats } from '../../../src/state/index.js';
import { fileRatingDates, loadStoredSession, RATING_DATES_DIR, serviceKey } from '../../../src/storage/index.js';
import { seriesWithSeason, startEmbeddedCatalog, type EmbeddedCatalog } from '../../ui/tv-support.js';
import { makeStore, type TestStore } from '../support.js';

/**
 * The Stats timelines' dates: the version 3 rated lists give none, so the state layer records
 * when the service acknowledged each rating written through it, and the Stats read takes an
 * item's date from that record while its value is the one the service holds.
 */

const SERVICE = 'http://127.0.0.1';
let catalog: EmbeddedCatalog;
beforeAll(async () => {
  catalog = await startEmbeddedCatalog();
}, 60_000);
afterAll(() => catalog.close());

/** A store on the embedded catalog whose clock the test sets, keeping its record of rating dates in a folder of its own. */
function datedStore() {
  const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
  const datesHome = mkdtempSync(join(tmpdir(), 'marquee-dates-'));
  const test = makeStore(
    { baseUrl: catalog.server.url, token: catalog.server.token, approvalBase: catalog.server.url },
    { service: { kind: 'embedded', label: 'embedded catalog' }, now: () => clock.now, ratingDates: fileRatingDates(datesHome, SERVICE) },
  );
  const cleanup = () => {
    test.cleanup();
    rmSync(datesHome, { recursive: true, force: true });
  };
  return { test: { ...test, cleanup }, clock, datesDir: join(datesHome, RATING_DATES_DIR) };
}

const at = (clock: { now: number }, iso: string) => {
  clock.now = Date.parse(iso);
};

async function readStats(test: TestStore, force = false): Promise<AccountStats> {
  const source = statsSource({ kind: 'guest' }, () => test.store.getState().ratings.datedRatings());
  await test.store.getState().queries.load(source, { force });
  const state = queryState(test.store.getState().queries, source);
  if (!state.data) throw new Error(`no stats: ${JSON.stringify(state.error)}`);
  return state.data;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

describe('dates of ratings written through Marquee', () => {
  it('fills the timelines at the recorded dates; a rating changed elsewhere is undated, a removed one gone', async () => {
    const { test, clock, datesDir } = datedStore();
    const state = () => test.store.getState();
    try {
      await state().connection.start();
      const [a, b, c] = (await catalog.client.call('popularMovies', {})).results;
      const { series, season } = await seriesWithSeason(catalog.client, 2);
      const title = (film: { id: number; title?: string | null }) => ({ kind: 'movie' as const, id: film.id, title: film.title ?? '' });
      // The figures are read once before any rating: each write then loads them again (they read
      // the rated lists, which it makes stale) before its answer is handed on.
      expect(await state().session.startGuestSession()).toBe(true);
      expect((await readStats(test)).figures.totals).toEqual({ films: 0, series: 0, episodes: 0, dated: 0, undated: 0 });

      at(clock, '2026-03-10T12:00:00Z');
      expect(await state().marks.rate(title(a!), 8)).toBeUndefined();
      // Loaded again by that write, before its answer was handed on: the rating is dated already.
      expect((await readStats(test)).figures.perMonth.map((bar) => [bar.label, bar.count])).toEqual([['2026-03', 1]]);
      at(clock, '2026-04-02T09:00:00Z');
      expect(await state().marks.rate(title(b!), 6)).toBeUndefined();
      expect(await state().ratings.rate({ seriesId: series.id, season: season.season_number, episode: 1 }, 7)).toBeUndefined();
      expect((await readStats(test)).figures.episodesPerWeek.map((bar) => [bar.label, bar.count])).toEqual([['2026-03-30', 1]]);
      at(clock, '2026-04-05T09:00:00Z');
      expect(await state().marks.rate(title(c!), 4)).toBeUndefined();
      at(clock, '2026-04-20T21:30:00Z');
      expect(await state().marks.rate({ kind: 'tv', id: series.id, title: series.name ?? '' }, 9)).toBeUndefined();
      // Two asks in one go: the second overtakes the first, and the record ends with what the service holds.
      const first = state().marks.rate(title(a!), 3);
      const second = state().marks.rate(title(a!), 8.5);
      await Promise.all([first, second]);
      at(clock, '2026-05-01T00:00:00Z');
      expect(await state().marks.deleteRating(title(b!))).toBeUndefined();

      // The figures loaded again by the last write already have the dates: they were recorded as sent.
      const reloaded = (await readStats(test)).figures;
      expect(reloaded.totals).toEqual({ films: 2, series: 1, episodes: 1, dated: 4, undated: 0 });
      expect(reloaded.perMonth.map((bar) => [bar.label, bar.count])).toEqual([['2026-04', 3]]);

      // C is rated again behind Marquee's back, straight over HTTP with the same guest session.
      const stored = loadStoredSession(test.dataDir, serviceKey(SERVICE))!;
      expect(stored.kind).toBe('guest');
      const direct = new CatalogClient({ baseUrl: catalog.server.url, token: catalog.server.token, session: () => ({ guestSessionId: stored.id }), retry: { maxRetries: 0 } });
      try {
        await direct.call('rateMovie', { path: { movie_id: c!.id }, body: { value: 2 } });
      } finally {
        await direct.close();
      }

      const { figures } = await readStats(test, true);
      // A (its newest rating, 8.5, acknowledged on 20 April) and the series are dated; C is not; B is gone.
      expect(figures.totals).toEqual({ films: 2, series: 1, episodes: 1, dated: 3, undated: 1 });
      expect(figures.perMonth.map((bar) => [bar.label, bar.refs])).toEqual([
        ['2026-04', [{ kind: 'movie', id: a!.id }, { kind: 'tv', id: series.id }]],
      ]);
      // The episode rated on Thursday 2 April 2026 counts in the week from Monday 30 March.
      expect(figures.episodesPerWeek.map((bar) => [bar.label, bar.count])).toEqual([['2026-03-30', 1]]);
      expect(figures.runtimePerYear.map((bar) => bar.label)).toEqual(['2026']);
      expect(figures.runtimePerYear[0]!.refs).toEqual(expect.arrayContaining([{ kind: 'movie', id: a!.id }, { kind: 'tv', id: series.id }]));

      // One file for the guest session, 0600, naming no session id in its name or its text.
      const files = filesUnder(datesDir);
      expect(files).toHaveLength(1);
      expect(statSync(files[0]!).mode & 0o777).toBe(0o600);
      expect(files[0]).not.toContain(stored.id);
      const text = readFileSync(files[0]!, 'utf8');
      expect(text).not.toContain(stored.id);
      // One entry per rated item, the latest: A, C, the series, the episode (B was removed).
      const entries = (JSON.parse(text) as { ratings: { kind: string; id: number; value: number; ratedAt: string }[] }).ratings;
      expect(entries.map((e) => [e.kind, e.id, e.value, e.ratedAt]).sort()).toEqual(
        [
          ['movie', a!.id, 8.5, '2026-04-20T21:30:00.000Z'],
          ['movie', c!.id, 4, '2026-04-05T09:00:00.000Z'],
          ['tv', series.id, 9, '2026-04-20T21:30:00.000Z'],
          ['episode', series.id, 7, '2026-04-02T09:00:00.000Z'],
        ].sort(),
      );
    } finally {
      test.cleanup();
    }
  });

  it('moves an unreadable record aside with a notice, and records the next rating in a new one', async () => {
    const { test, clock, datesDir } = datedStore();
    const state = () => test.store.getState();
    try {
      await state().connection.start();
      const [film] = (await catalog.client.call('popularMovies', {})).results;
      at(clock, '2026-02-02T10:00:00Z');
      expect(await state().marks.rate({ kind: 'movie', id: film!.id, title: film!.title ?? '' }, 7)).toBeUndefined();
      const [file] = filesUnder(datesDir);
      writeFileSync(file!, '{ not json');

      at(clock, '2026-02-03T10:00:00Z');
      expect(await state().marks.rate({ kind: 'movie', id: film!.id, title: film!.title ?? '' }, 7.5)).toBeUndefined();
      expect(state().notifications.toasts.map((t) => t.text).join('\n')).toMatch(/record of rating dates .* cannot be read: it is not JSON\. It was moved aside to .*unreadable-/);
      const after = filesUnder(datesDir).sort();
      expect(after).toHaveLength(2);
      expect(readFileSync(after.find((f) => f.includes('.unreadable-'))!, 'utf8')).toBe('{ not json');
      const { figures } = await readStats(test);
      expect(figures.perMonth.map((bar) => [bar.label, bar.count])).toEqual([['2026-02', 1]]);
    } finally {
      test.cleanup();
    }
  });

  it('records nothing of a write the service refused', async () => {
    const { test, clock } = datedStore();
    const state = () => test.store.getState();
    try {
      await state().connection.start();
      const [film] = (await catalog.client.call('popularMovies', {})).results;
      at(clock, '2026-06-01T08:00:00Z');
      expect(await state().marks.rate({ kind: 'movie', id: film!.id, title: film!.title ?? '' }, 6)).toBeUndefined();
      // No such film: the service refuses (404), and the record is as it was before the write.
      at(clock, '2026-06-02T08:00:00Z');
      expect(await state().marks.rate({ kind: 'movie', id: 987_654_321, title: 'Nothing' }, 9)).toMatchObject({ message: expect.any(String) });
      expect(state().ratings.datedRatings()).toEqual([{ kind: 'movie', id: film!.id, value: 6, ratedAt: '2026-06-01T08:00:00.000Z' }]);
    } finally {
      test.cleanup();
    }
  });
});

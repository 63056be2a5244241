import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import { NetworkError } from '../../src/api/errors.js';
import type { CatalogApi, TitleRef } from '../../src/state/index.js';
import { fileRatingJournal, fileSessionStorage, RATING_JOURNAL_FILE } from '../../src/storage/index.js';
import { startEmbeddedCatalog, type EmbeddedCatalog } from '../ui/tv-support.js';
import { makeStore, type TestStore } from './support.js';

/**
 * Films' and series' ratings (and their deletes) are kept in the rating journal as episodes'
 * are: on disk before they show pending, gone once the service holds them, and sent at the
 * next start by a run killed in between, never over a value set elsewhere meanwhile.
 */

let catalog: EmbeddedCatalog;
let film: TitleRef;
let series: TitleRef;
beforeAll(async () => {
  catalog = await startEmbeddedCatalog();
  const movie = (await catalog.client.call('popularMovies', {})).results[0]!;
  film = { kind: 'movie', id: movie.id, title: movie.title ?? `Film ${movie.id}` };
  const show = (await catalog.client.call('popularTv', {})).results[0]!;
  series = { kind: 'tv', id: show.id, title: show.name ?? `Series ${show.id}` };
}, 60_000);
afterAll(() => catalog.close());

const TITLE_WRITES = ['rateMovie', 'rateSeries', 'deleteMovieRating', 'deleteSeriesRating'];

/** A store on the catalog whose title rating writes wait in `held` until released (a slow service), or fail as if it were down. */
function storeWithHeldWrites(dataDir?: string) {
  const fault: { now: 'none' | 'hold' | 'network' } = { now: 'none' };
  const held: { key: string; release(): void }[] = [];
  let client: CatalogClient | undefined;
  const test: TestStore = makeStore(
    { baseUrl: catalog.server.url, token: catalog.server.token, approvalBase: catalog.server.url },
    {
      service: { kind: 'embedded', label: 'embedded catalog' },
      ...(dataDir ? { dataDir, sessions: fileSessionStorage(dataDir, 'http://127.0.0.1'), ratingJournal: fileRatingJournal(dataDir, 'http://127.0.0.1') } : {}),
      createClient: (target, session) => {
        client = new CatalogClient({ baseUrl: target.baseUrl, token: target.token ?? '', session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
        const own = client;
        const api: CatalogApi = {
          call(key, args) {
            if (!TITLE_WRITES.includes(key)) return own.call(key, args);
            if (fault.now === 'network') return Promise.reject(new NetworkError(key, 'refused', 'connection refused by host'));
            if (fault.now === 'hold') return new Promise<void>((release) => held.push({ key, release })).then(() => own.call(key, args));
            return own.call(key, args);
          },
          close: () => own.close(),
        };
        return api;
      },
    },
  );
  return { test, fault, held, client: () => client! };
}

async function heldWrites(held: readonly unknown[], count: number): Promise<void> {
  for (let i = 0; held.length < count; i++) {
    if (i > 500) throw new Error(`${held.length} writes held, waiting for ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** What `kill -9` leaves for the next run: a copy of the data folder's files as they are now. */
function dataFolderNow(from: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-next-run-'));
  for (const name of ['sessions.json', RATING_JOURNAL_FILE]) if (existsSync(join(from, name))) copyFileSync(join(from, name), join(dataDir, name));
  return dataDir;
}

const journalOf = (dataDir: string) => Object.values(JSON.parse(readFileSync(join(dataDir, RATING_JOURNAL_FILE), 'utf8')) as Record<string, unknown[]>)[0];

const held = async (client: CatalogClient, title: TitleRef) => {
  const states = title.kind === 'movie' ? await client.call('movieAccountStates', { path: { movie_id: title.id } }) : await client.call('seriesAccountStates', { path: { series_id: title.id } });
  return states.rated && typeof states.rated === 'object' ? states.rated.value : null;
};

/** A next run on the data folder, once it has sent what was kept. */
async function nextRun(dataDir: string) {
  const run = storeWithHeldWrites(dataDir);
  const state = () => run.test.store.getState();
  await state().connection.start();
  expect(state().session.current.kind).toBe('guest');
  for (let i = 0; i < 400 && existsSync(join(dataDir, RATING_JOURNAL_FILE)); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return { ...run, state };
}

describe("films' and series' ratings in the rating journal", () => {
  it('a film rating is on disk before it shows pending, leaves once the service holds it, and a run killed in between sends it at the next start', async () => {
    const first = storeWithHeldWrites();
    const state = () => first.test.store.getState();
    try {
      await state().connection.start();
      expect(await state().session.startGuestSession()).toBe(true);
      const file = join(first.test.dataDir, RATING_JOURNAL_FILE);
      let onDiskWhenShown: string | null | undefined;
      const unsubscribe = first.test.store.subscribe((now) => {
        if (onDiskWhenShown === undefined && Object.keys(now.marks.pending).length > 0) onDiskWhenShown = existsSync(file) ? readFileSync(file, 'utf8') : null;
      });
      first.fault.now = 'hold';
      const rating = state().marks.rate(film, 6.5);
      const seriesRating = state().marks.rate(series, 4);
      await heldWrites(first.held, 2);
      unsubscribe();
      expect(onDiskWhenShown).toContain('"value": 6.5');
      const killed = dataFolderNow(first.test.dataDir);
      expect(journalOf(killed)).toEqual([
        { account: 'guest', kind: 'movie', id: film.id, title: film.title, value: 6.5, before: null },
        { account: 'guest', kind: 'tv', id: series.id, title: series.title, value: 4, before: null },
      ]);
      // The film's write reaches the service before the kill; the series' does not.
      first.held[0]!.release();
      expect(await rating).toBeUndefined();
      expect(journalOf(first.test.dataDir)).toHaveLength(1);
      first.held[1]!.release();
      expect(await seriesRating).toBeUndefined();
      expect(existsSync(file)).toBe(false);
      await first.client().call('deleteSeriesRating', { path: { series_id: series.id } });

      const second = await nextRun(killed);
      try {
        expect(await held(second.client(), film)).toBe(6.5);
        expect(await held(second.client(), series)).toBe(4);
        expect(existsSync(join(killed, RATING_JOURNAL_FILE))).toBe(false);
        expect(second.state().notifications.toasts.map((t) => t.text)).toContain('Sent 2 ratings of films and series kept on this machine');
      } finally {
        second.test.cleanup();
      }
    } finally {
      first.test.cleanup();
    }
  });

  it('a delete, and the last of several ratings, are what the next start sends; a value set elsewhere meanwhile is kept and the user told', async () => {
    const first = storeWithHeldWrites();
    const state = () => first.test.store.getState();
    try {
      await state().connection.start();
      expect(await state().session.startGuestSession()).toBe(true);
      expect(await state().marks.rate(film, 3)).toBeUndefined();
      expect(await state().marks.rate(series, 5)).toBeUndefined();
      first.fault.now = 'hold';
      // The film: rated 8 (under way when the program ends), then its rating deleted.
      void state().marks.rate(film, 8);
      await heldWrites(first.held, 1);
      void state().marks.deleteRating(film);
      // The series: rated 9 while it was down; kept, and said so.
      first.fault.now = 'network';
      expect((await state().marks.rate(series, 9))?.message).toMatch(/kept on this machine and sent at the next start/);
      const killed = dataFolderNow(first.test.dataDir);
      expect(journalOf(killed)).toMatchObject([
        { kind: 'movie', value: null, earlier: [8] },
        { kind: 'tv', value: 9 },
      ]);
      // The 8 reached the service; meanwhile the series was rated 2 elsewhere.
      first.held[0]!.release();
      await first.client().call('rateSeries', { path: { series_id: series.id }, body: { value: 2 } });
      first.fault.now = 'none';

      const second = await nextRun(killed);
      try {
        expect(await held(second.client(), film)).toBeNull();
        expect(await held(second.client(), series)).toBe(2);
        expect(second.state().notifications.toasts.map((t) => t.text).join('\n')).toContain(`“${series.title}” was rated 2.0 elsewhere since`);
      } finally {
        second.test.cleanup();
      }
    } finally {
      first.test.cleanup();
    }
  });
});

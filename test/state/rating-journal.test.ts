import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import { NetworkError, ServiceError } from '../../src/api/errors.js';
import type { CatalogApi, EpisodeRef } from '../../src/state/index.js';
import { myRating } from '../../src/state/index.js';
import { fileRatingJournal, fileSessionStorage, RATING_JOURNAL_FILE } from '../../src/storage/index.js';
import { seriesWithSeason, startEmbeddedCatalog, type EmbeddedCatalog } from '../ui/tv-support.js';
import { makeStore, type TestStore } from './support.js';

/**
 * Ratings that wait out a lost connection: kept on disk (0600, beside the sessions file) and
 * shown as pending, sent in order when the service answers again or at the next start, and
 * never written over a value set elsewhere meanwhile without asking.
 */

let catalog: EmbeddedCatalog;
let episodes: EpisodeRef[];
beforeAll(async () => {
  catalog = await startEmbeddedCatalog();
  const { series, season } = await seriesWithSeason(catalog.client, 3);
  episodes = [1, 2, 3].map((episode) => ({ seriesId: series.id, season: season.season_number, episode }));
}, 60_000);
afterAll(() => catalog.close());

/** A write the service has received and not answered yet (fault 'hold'): `release` lets it through. */
interface HeldWrite {
  readonly operation: string;
  readonly episode: number;
  release(): void;
}

/**
 * A store on the catalog whose writes fail as `fault` says (network down, or the session
 * refused), or wait in `held` until released ('hold': a slow service).
 */
function storeWithFaults(dataDir?: string) {
  const fault: { now: 'none' | 'network' | 'auth' | 'hold' } = { now: 'none' };
  const held: HeldWrite[] = [];
  let client: CatalogClient | undefined;
  const test: TestStore = makeStore(
    { baseUrl: catalog.server.url, token: catalog.server.token, approvalBase: catalog.server.url },
    {
      service: { kind: 'embedded', label: 'embedded catalog' },
      // A next run on the same data folder: the same sessions file and journal.
      ...(dataDir ? { dataDir, sessions: fileSessionStorage(dataDir, 'http://127.0.0.1'), ratingJournal: fileRatingJournal(dataDir, 'http://127.0.0.1') } : {}),
      createClient: (target, session) => {
        client = new CatalogClient({ baseUrl: target.baseUrl, token: target.token ?? '', session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
        const own = client;
        const api: CatalogApi = {
          call(key, args) {
            const writes = key === 'rateEpisode' || key === 'deleteEpisodeRating' || key === 'episodeAccountStates';
            if (writes && fault.now === 'network') return Promise.reject(new NetworkError(key, 'refused', 'connection refused by host'));
            if (writes && fault.now === 'auth') return Promise.reject(new ServiceError(key, 401, 3, 'Authentication failed: You do not have permissions to access the service.'));
            if (fault.now === 'hold' && (key === 'rateEpisode' || key === 'deleteEpisodeRating')) {
              const episode = (args as { path: { episode_number: number } }).path.episode_number;
              return new Promise<void>((release) => held.push({ operation: key, episode, release })).then(() => own.call(key, args));
            }
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

/** Waits until the service has received `count` writes it holds. */
async function heldWrites(held: readonly HeldWrite[], count: number): Promise<void> {
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

const journalOf = (dataDir: string) => JSON.parse(readFileSync(join(dataDir, RATING_JOURNAL_FILE), 'utf8')) as Record<string, Array<Record<string, unknown>>>;

/** A next run on the data folder: its kept ratings are sent once it has started. */
async function nextRun(dataDir: string) {
  const run = storeWithFaults(dataDir);
  const state = () => run.test.store.getState();
  await state().connection.start();
  expect(state().session.current.kind).toBe('guest');
  await new Promise((resolve) => setImmediate(resolve));
  await state().ratings.sendWaiting();
  await state().ratings.settled();
  return { ...run, state };
}

const read = async (client: CatalogClient, episode: EpisodeRef) => {
  const states = await client.call('episodeAccountStates', { path: { series_id: episode.seriesId, season_number: episode.season, episode_number: episode.episode } });
  return states.rated && typeof states.rated === 'object' ? states.rated.value : null;
};

describe('ratings that wait out a lost connection', () => {
  it('keeps a rating the service cannot take on disk, shows it pending, and sends it at the next start', async () => {
    const first = storeWithFaults();
    const state = () => first.test.store.getState();
    await state().connection.start();
    expect(await state().session.startGuestSession()).toBe(true);
    first.fault.now = 'network';
    expect(await state().ratings.rate(episodes[0]!, 8.5)).toBeUndefined();
    expect(state().ratings.pending).toMatchObject({ [`${episodes[0]!.seriesId}/${episodes[0]!.season}/1`]: 8.5 });
    expect(Object.values(state().ratings.waiting)).toEqual(['offline']);
    expect(state().notifications.toasts.at(-1)?.text).toMatch(/kept on this machine and sent when it does/);
    const file = join(first.test.dataDir, RATING_JOURNAL_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('"value": 8.5');
    // The guest session id is in the sessions file, never in the journal.
    expect(readFileSync(file, 'utf8')).not.toMatch(/session/i);
    // Gone without a word (kill -9): what the next run finds is the files.
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-next-run-'));
    copyFileSync(join(first.test.dataDir, 'sessions.json'), join(dataDir, 'sessions.json'));
    copyFileSync(file, join(dataDir, RATING_JOURNAL_FILE));
    first.test.cleanup();

    const second = storeWithFaults(dataDir);
    try {
      const next = () => second.test.store.getState();
      await next().connection.start();
      expect(next().session.current.kind).toBe('guest');
      await new Promise((resolve) => setImmediate(resolve));
      await next().ratings.sendWaiting();
      await next().ratings.settled();
      expect(await read(second.client(), episodes[0]!)).toBe(8.5);
      expect(next().ratings.waiting).toEqual({});
      expect(myRating(next(), episodes[0]!)).toBe(8.5);
      expect(() => statSync(join(dataDir, RATING_JOURNAL_FILE))).toThrow();
    } finally {
      second.test.cleanup();
    }
  });

  it('sends what waits, in order, once the service answers again; a batch keeps the rest without sending it', async () => {
    const { test, fault, client } = storeWithFaults();
    try {
      const state = () => test.store.getState();
      await state().connection.start();
      expect(await state().session.startGuestSession()).toBe(true);
      fault.now = 'network';
      await state().ratings.rateMany(episodes, 6);
      await state().ratings.rate(episodes[1]!, 9);
      expect(Object.keys(state().ratings.waiting)).toHaveLength(3);
      fault.now = 'none';
      await state().ratings.sendWaiting();
      await state().ratings.settled();
      expect(await Promise.all(episodes.map((e) => read(client(), e)))).toEqual([6, 9, 6]);
      expect(state().ratings.pending).toEqual({});
    } finally {
      test.cleanup();
    }
  });

  it('asks before sending over a value set elsewhere meanwhile, and keeps the service value when told so', async () => {
    const { test, fault, client } = storeWithFaults();
    try {
      const state = () => test.store.getState();
      await state().connection.start();
      expect(await state().session.startGuestSession()).toBe(true);
      fault.now = 'network';
      await state().ratings.rate(episodes[2]!, 3);
      // Another device (the same guest session) rates it 7 while this one is offline.
      await client().call('rateEpisode', { path: { series_id: episodes[2]!.seriesId, season_number: episodes[2]!.season, episode_number: 3 }, body: { value: 7 } });
      fault.now = 'none';
      await state().ratings.sendWaiting();
      expect(state().ratings.conflicts).toEqual([{ episode: episodes[2], mine: 3, theirs: 7 }]);
      expect(await read(client(), episodes[2]!)).toBe(7);
      await state().ratings.resolveConflict(false);
      expect(await read(client(), episodes[2]!)).toBe(7);
      expect(myRating(state(), episodes[2]!)).toBe(7);
      expect(state().ratings.waiting).toEqual({});
    } finally {
      test.cleanup();
    }
  });

  it('a 401 on a write marks the session expired and keeps the rating to send after signing in again', async () => {
    const { test, fault } = storeWithFaults();
    try {
      const state = () => test.store.getState();
      await state().connection.start();
      expect(await state().session.startGuestSession()).toBe(true);
      fault.now = 'auth';
      expect(await state().ratings.rate(episodes[0]!, 4)).toBeUndefined();
      expect(state().session.expired).toBe(true);
      expect(Object.values(state().ratings.waiting)).toEqual(['expired']);
      expect(state().notifications.toasts.at(-1)?.text).toMatch(/session has expired.*sent once you sign in again/);
    } finally {
      test.cleanup();
    }
  });
});

describe('the journal holds what shows pending, whatever ends the program', () => {
  it('a rating is on disk before it shows pending, leaves once the service holds it, and a run killed in between sends it at the next start', async () => {
    const first = storeWithFaults();
    const state = () => first.test.store.getState();
    const key = `${episodes[0]!.seriesId}/${episodes[0]!.season}/1`;
    try {
      await state().connection.start();
      expect(await state().session.startGuestSession()).toBe(true);
      const file = join(first.test.dataDir, RATING_JOURNAL_FILE);
      // What the disk holds at the moment the store first shows the rating pending.
      let onDiskWhenShown: string | undefined | null;
      const unsubscribe = first.test.store.subscribe((now) => {
        if (onDiskWhenShown === undefined && key in now.ratings.pending) onDiskWhenShown = existsSync(file) ? readFileSync(file, 'utf8') : null;
      });
      first.fault.now = 'hold';
      const rating = state().ratings.rate(episodes[0]!, 6.5);
      await heldWrites(first.held, 1);
      unsubscribe();
      expect(onDiskWhenShown).toContain('"value": 6.5');
      expect(state().ratings.pending[key]).toBe(6.5);
      // Killed now, with the write under way: the next run finds it in the journal.
      const killed = dataFolderNow(first.test.dataDir);
      expect(Object.values(journalOf(killed))[0]).toMatchObject([{ account: 'guest', episode: 1, value: 6.5, before: null }]);

      first.held[0]!.release();
      expect(await rating).toBeUndefined();
      expect(existsSync(file)).toBe(false);

      // The write reached the service before the kill: the next run finds it held there, and sends nothing again.
      const second = await nextRun(killed);
      try {
        expect(await read(second.client(), episodes[0]!)).toBe(6.5);
        expect(second.state().ratings.conflicts).toEqual([]);
        expect(existsSync(join(killed, RATING_JOURNAL_FILE))).toBe(false);
      } finally {
        second.test.cleanup();
      }
    } finally {
      first.test.cleanup();
    }
  });

  it('keeps the last thing asked of each episode (a re-rate, a delete) while earlier writes are under way; the next start sends it and brings back no older value', async () => {
    const first = storeWithFaults();
    const state = () => first.test.store.getState();
    try {
      await state().connection.start();
      expect(await state().session.startGuestSession()).toBe(true);
      expect(await state().ratings.rate(episodes[0]!, 6)).toBeUndefined();
      first.fault.now = 'hold';
      // E2 is rated 7, then 7.5 (the 7 under way); E1's 6 is deleted.
      void state().ratings.rate(episodes[1]!, 7);
      await heldWrites(first.held, 1);
      void state().ratings.rate(episodes[1]!, 7.5);
      void state().ratings.deleteRating(episodes[0]!);
      await heldWrites(first.held, 2);
      // The 7 reaches the service; the 7.5 is sent after it and is under way, as is the delete, when the program is killed.
      first.held[0]!.release();
      await heldWrites(first.held, 3);
      expect(first.held.map((w) => [w.operation, w.episode])).toEqual([['rateEpisode', 2], ['deleteEpisodeRating', 1], ['rateEpisode', 2]]);
      const killed = dataFolderNow(first.test.dataDir);
      const kept = Object.values(journalOf(killed))[0]!;
      expect(kept).toHaveLength(2);
      expect(kept).toEqual(expect.arrayContaining([
        expect.objectContaining({ episode: 2, value: 7.5, before: null, earlier: [7] }),
        expect.objectContaining({ episode: 1, value: null, before: 6 }),
      ]));
      first.test.cleanup();

      const second = await nextRun(killed);
      try {
        // The service held 7 (asked here before the 7.5): no conflict to ask about.
        expect(second.state().ratings.conflicts).toEqual([]);
        expect(await read(second.client(), episodes[1]!)).toBe(7.5);
        expect(await read(second.client(), episodes[0]!)).toBeNull();
        expect(myRating(second.state(), episodes[1]!)).toBe(7.5);
        expect(myRating(second.state(), episodes[0]!)).toBeUndefined();
        expect(existsSync(join(killed, RATING_JOURNAL_FILE))).toBe(false);
      } finally {
        second.test.cleanup();
      }
    } finally {
      first.test.cleanup();
    }
  });

  it('a refused rating leaves the journal with its pending mark', async () => {
    const { test } = storeWithFaults();
    try {
      const state = () => test.store.getState();
      await state().connection.start();
      expect(await state().session.startGuestSession()).toBe(true);
      // No such episode: the service answers 404 and holds nothing.
      const problem = await state().ratings.rate({ ...episodes[0]!, episode: 9_999 }, 5);
      expect(problem?.message).toBeDefined();
      expect(state().ratings.pending).toEqual({});
      expect(existsSync(join(test.dataDir, RATING_JOURNAL_FILE))).toBe(false);
    } finally {
      test.cleanup();
    }
  });
});

describe('two copies of Marquee on one data folder', () => {
  it('keep both their ratings in the journal: each change merges with what the other wrote', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'marquee-shared-'));
    const a = storeWithFaults(shared);
    await a.test.store.getState().connection.start();
    expect(await a.test.store.getState().session.startGuestSession()).toBe(true);
    // The second copy starts on the same folder (and so the same guest session) before either rates.
    const b = storeWithFaults(shared);
    try {
      await b.test.store.getState().connection.start();
      expect(b.test.store.getState().session.current.kind).toBe('guest');
      a.fault.now = 'network';
      b.fault.now = 'network';
      await a.test.store.getState().ratings.rate(episodes[0]!, 8);
      await b.test.store.getState().ratings.rate(episodes[1]!, 4);
      await a.test.store.getState().ratings.rate(episodes[2]!, 9);
      const kept = Object.values(journalOf(shared))[0]!;
      expect(kept.map((entry) => [entry.episode, entry.value]).sort()).toEqual([[1, 8], [2, 4], [3, 9]]);
    } finally {
      a.test.cleanup();
      b.test.cleanup();
    }
    // Both quit; the next start sends all three.
    const next = await nextRun(shared);
    try {
      expect(await Promise.all(episodes.map((e) => read(next.client(), e)))).toEqual([8, 4, 9]);
      expect(existsSync(join(shared, RATING_JOURNAL_FILE))).toBe(false);
    } finally {
      next.test.cleanup();
      rmSync(shared, { recursive: true, force: true });
    }
  });
});

describe('a damaged journal', () => {
  it('is moved aside, never written over, and the user is told', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-damaged-'));
    // Cut short: it held a rating kept for another service too.
    const damaged = '{\n "https://api.themoviedb.org": [\n  {"account": "user:7", "seriesId": 1399, "season": 1, "episode": 2, "value": 9, "before": null}\n ],\n "http://127.0.0.1": [\n  {"acc';
    writeFileSync(join(dataDir, RATING_JOURNAL_FILE), damaged, { mode: 0o600 });
    const { test, fault } = storeWithFaults(dataDir);
    try {
      const state = () => test.store.getState();
      await state().connection.start();
      expect(await state().session.startGuestSession()).toBe(true);
      const aside = readdirSync(dataDir).filter((name) => name.startsWith(`${RATING_JOURNAL_FILE}.corrupt-`));
      expect(aside).toHaveLength(1);
      expect(readFileSync(join(dataDir, aside[0]!), 'utf8')).toBe(damaged);
      expect(state().notifications.toasts.map((t) => t.text)).toContainEqual(
        `${RATING_JOURNAL_FILE} is not valid JSON: its ratings were not sent; it was moved aside to ${aside[0]}`,
      );
      // The next rating kept starts a new journal; the one set aside is left as it was.
      fault.now = 'network';
      await state().ratings.rate(episodes[0]!, 3);
      expect(Object.values(journalOf(dataDir))[0]).toMatchObject([{ episode: 1, value: 3 }]);
      expect(readFileSync(join(dataDir, aside[0]!), 'utf8')).toBe(damaged);
    } finally {
      test.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

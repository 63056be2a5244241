import { copyFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
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

/** A store on the catalog whose writes fail as `fault` says (network down, or the session refused). */
function storeWithFaults(dataDir?: string) {
  const fault: { now: 'none' | 'network' | 'auth' } = { now: 'none' };
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
            return own.call(key, args);
          },
          close: () => own.close(),
        };
        return api;
      },
    },
  );
  return { test, fault, client: () => client! };
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

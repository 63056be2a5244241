import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { CatalogClient } from '../../src/api/client.js';
import type { EpisodeRef } from '../../src/state/index.js';
import { myRating } from '../../src/state/index.js';
import { RATING_JOURNAL_FILE } from '../../src/storage/index.js';
import { heldWrites, storeTest as it, type Stores } from '../store-test.js';

/**
 * Ratings that wait out a lost connection: kept on disk (0600, beside the sessions file) and
 * shown as pending, sent in order when the service answers again or at the next start, and
 * never written over a value set elsewhere meanwhile without asking.
 */

/** The episode operations that fail or wait as the test says: the writes, and the read of what the service holds. */
const EPISODE_WRITES = ['rateEpisode', 'deleteEpisodeRating', 'episodeAccountStates'];

const journalOf = (dataDir: string) => JSON.parse(readFileSync(join(dataDir, RATING_JOURNAL_FILE), 'utf8')) as Record<string, Array<Record<string, unknown>>>;

/** A next run on the data folder: its kept ratings are sent once it has started. */
async function nextRun(stores: Stores, dataDir: string) {
  const run = stores.withFaults(EPISODE_WRITES, dataDir);
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
  it('keeps a rating the service cannot take on disk, shows it pending, and sends it at the next start', async ({ stores, episodes }) => {
    const first = stores.withFaults(EPISODE_WRITES);
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
    const dataDir = stores.killedNow(first.test.dataDir);
    first.test.cleanup();

    // The next run starts on the same guest session and sends what it finds kept.
    const second = await nextRun(stores, dataDir);
    const next = second.state;
    expect(await read(second.client(), episodes[0]!)).toBe(8.5);
    expect(next().ratings.waiting).toEqual({});
    expect(myRating(next(), episodes[0]!)).toBe(8.5);
    expect(() => statSync(join(dataDir, RATING_JOURNAL_FILE))).toThrow();
  });

  it('sends what waits, in order, once the service answers again; a batch keeps the rest without sending it', async ({ stores, episodes }) => {
    const { test, fault, client } = stores.withFaults(EPISODE_WRITES);
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
  });

  it('asks before sending over a value set elsewhere meanwhile, and keeps the service value when told so', async ({ stores, episodes }) => {
    const { test, fault, client } = stores.withFaults(EPISODE_WRITES);
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
  });

  it('a 401 on a write marks the session expired and keeps the rating to send after signing in again', async ({ stores, episodes }) => {
    const { test, fault } = stores.withFaults(EPISODE_WRITES);
    const state = () => test.store.getState();
    await state().connection.start();
    expect(await state().session.startGuestSession()).toBe(true);
    fault.now = 'auth';
    expect(await state().ratings.rate(episodes[0]!, 4)).toBeUndefined();
    expect(state().session.expired).toBe(true);
    expect(Object.values(state().ratings.waiting)).toEqual(['expired']);
    expect(state().notifications.toasts.at(-1)?.text).toMatch(/session has expired.*sent once you sign in again/);
  });
});

describe('the journal holds what shows pending, whatever ends the program', () => {
  it('a rating is on disk before it shows pending, leaves once the service holds it, and a run killed in between sends it at the next start', async ({ stores, episodes }) => {
    const first = stores.withFaults(EPISODE_WRITES);
    const state = () => first.test.store.getState();
    const key = `${episodes[0]!.seriesId}/${episodes[0]!.season}/1`;
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
    const killed = stores.killedNow(first.test.dataDir);
    expect(Object.values(journalOf(killed))[0]).toMatchObject([{ account: 'guest', episode: 1, value: 6.5, before: null }]);

    first.held[0]!.release();
    expect(await rating).toBeUndefined();
    expect(existsSync(file)).toBe(false);

    // The write reached the service before the kill: the next run finds it held there, and sends nothing again.
    const second = await nextRun(stores, killed);
    expect(await read(second.client(), episodes[0]!)).toBe(6.5);
    expect(second.state().ratings.conflicts).toEqual([]);
    expect(existsSync(join(killed, RATING_JOURNAL_FILE))).toBe(false);
  });

  it('keeps the last thing asked of each episode (a re-rate, a delete) while earlier writes are under way; the next start sends it and brings back no older value', async ({ stores, episodes }) => {
    const first = stores.withFaults(EPISODE_WRITES);
    const state = () => first.test.store.getState();
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
    const killed = stores.killedNow(first.test.dataDir);
    const kept = Object.values(journalOf(killed))[0]!;
    expect(kept).toHaveLength(2);
    expect(kept).toEqual(expect.arrayContaining([
      expect.objectContaining({ episode: 2, value: 7.5, before: null, earlier: [7] }),
      expect.objectContaining({ episode: 1, value: null, before: 6 }),
    ]));
    first.test.cleanup();

    const second = await nextRun(stores, killed);
    // The service held 7 (asked here before the 7.5): no conflict to ask about.
    expect(second.state().ratings.conflicts).toEqual([]);
    expect(await read(second.client(), episodes[1]!)).toBe(7.5);
    expect(await read(second.client(), episodes[0]!)).toBeNull();
    expect(myRating(second.state(), episodes[1]!)).toBe(7.5);
    expect(myRating(second.state(), episodes[0]!)).toBeUndefined();
    expect(existsSync(join(killed, RATING_JOURNAL_FILE))).toBe(false);
  });

  it('a refused rating leaves the journal with its pending mark', async ({ stores, episodes }) => {
    const { test } = stores.withFaults(EPISODE_WRITES);
    const state = () => test.store.getState();
    await state().connection.start();
    expect(await state().session.startGuestSession()).toBe(true);
    // No such episode: the service answers 404 and holds nothing.
    const problem = await state().ratings.rate({ ...episodes[0]!, episode: 9_999 }, 5);
    expect(problem?.message).toBeDefined();
    expect(state().ratings.pending).toEqual({});
    expect(existsSync(join(test.dataDir, RATING_JOURNAL_FILE))).toBe(false);
  });
});

describe('two copies of Marquee on one data folder', () => {
  it('keep both their ratings in the journal: each change merges with what the other wrote', async ({ stores, episodes }) => {
    const shared = mkdtempSync(join(tmpdir(), 'marquee-shared-'));
    const a = stores.withFaults(EPISODE_WRITES, shared);
    await a.test.store.getState().connection.start();
    expect(await a.test.store.getState().session.startGuestSession()).toBe(true);
    // The second copy starts on the same folder (and so the same guest session) before either rates.
    const b = stores.withFaults(EPISODE_WRITES, shared);
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
    const next = await nextRun(stores, shared);
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
  it('is moved aside, never written over, and the user is told', async ({ stores, episodes }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-damaged-'));
    // Cut short: it held a rating kept for another service too.
    const damaged = '{\n "https://api.themoviedb.org": [\n  {"account": "user:7", "seriesId": 1399, "season": 1, "episode": 2, "value": 9, "before": null}\n ],\n "http://127.0.0.1": [\n  {"acc';
    writeFileSync(join(dataDir, RATING_JOURNAL_FILE), damaged, { mode: 0o600 });
    const { test, fault } = stores.withFaults(EPISODE_WRITES, dataDir);
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

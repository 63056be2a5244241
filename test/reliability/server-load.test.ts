import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/index.js';
import { modernClient, type ModernClient } from '../server/modern-client.js';
import { type RunningServer, startServer } from '../../src/server/index.js';
import { Accounts } from '../../src/server/userdata/accounts.js';
import { openUserDatabase } from '../../src/server/userdata/database.js';
import { Sessions } from '../../src/server/userdata/sessions.js';
import { USER_DATABASE_FILE } from '../../src/server/userdata/store.js';
import { CATALOG_SIZE } from './server-fixture.js';

/**
 * Load: 50 simulated users at once, each with its own account, session, client and list, make
 * 2,000 requests in all, a mix of catalog reads and writes to their own list and ratings. Every
 * request must succeed (retries are off, so nothing is hidden), and afterwards every write that
 * was acknowledged is there, and nothing else.
 */

const USERS = 50;
const REQUESTS = 2_000;
const PER_USER = REQUESTS / USERS;

interface SimulatedUser {
  name: string;
  sessionId: string;
  client: ModernClient;
  listId: number;
  /** Films on the list according to the answers received. */
  onList: Set<number>;
  /** Ratings according to the answers received: "series/season/episode" -> value. */
  ratings: Map<string, number>;
  /** Writes that got a success answer. */
  acknowledged: number;
}

let dataDir: string;
let server: RunningServer;
let films: number[];
let episodes: Array<{ series: number; season: number; episode: number }>;
const users: SimulatedUser[] = [];

/**
 * The accounts and their sessions are made with the server's own user-data classes before it
 * starts, in one transaction: signing 50 people in through validate_with_login would spend
 * seconds on password hashing and on a disk flush per step, none of which is under test here.
 */
function createUsers(dir: string): Array<{ name: string; sessionId: string }> {
  const db = openUserDatabase(join(dir, USER_DATABASE_FILE));
  try {
    const accounts = new Accounts(db);
    const sessions = new Sessions(db, accounts);
    const now = new Date();
    return db.transaction(() =>
      Array.from({ length: USERS }, (_, i) => {
        const name = `load-user-${i}`;
        const account = accounts.create({ username: name, password: `password-${i}-of-load` }, now);
        const { token } = sessions.newRequestToken('load test', now);
        sessions.answer(token, 'approved', account.id, now);
        const outcome = sessions.createSession(token, now);
        if (!('sessionId' in outcome)) throw new Error(`no session for ${name}`);
        return { name, sessionId: outcome.sessionId };
      }),
    )();
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-load-'));
  const accounts = createUsers(dataDir);
  server = await startServer({ dataDir, catalogSize: CATALOG_SIZE });
  const anonymous = modernClient(new CatalogClient({ baseUrl: server.url, token: server.token, retry: { maxRetries: 0 } }));
  films = [];
  for (let page = 1; page <= 4; page++) films.push(...(await anonymous.call('popularMovies', { query: { page } })).results.map((m) => m.id));
  const series = (await anonymous.call('popularTv')).results.slice(0, 3).map((s) => s.id);
  episodes = [];
  for (const id of series) {
    const season = await anonymous.call('seasonDetails', { path: { series_id: id, season_number: 1 } });
    episodes.push(...season.episodes.map((e) => ({ series: id, season: 1, episode: e.episode_number })));
  }
  await anonymous.close();
  for (const account of accounts) {
    const client = modernClient(
      new CatalogClient({
        baseUrl: server.url, token: server.token, session: { sessionId: account.sessionId }, retry: { maxRetries: 0 },
      }),
    );
    const { list_id } = await client.call('createList', { body: { name: `${account.name}'s list` } });
    users.push({ ...account, client, listId: Number(list_id), onList: new Set(), ratings: new Map(), acknowledged: 0 });
  }
});

afterAll(async () => {
  await Promise.all(users.map((u) => u.client.close()));
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A small deterministic generator per user, so a failing run can be repeated exactly. */
function generator(seed: number): (n: number) => number {
  let state = seed * 2_654_435_761 + 1;
  return (n) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

/** One step of a user: a read (half the time) or a write to their own list or ratings. */
async function step(user: SimulatedUser, pick: (n: number) => number): Promise<void> {
  const c = user.client;
  const film = films[pick(films.length)]!;
  switch (pick(10)) {
    case 0: await c.call('popularMovies', { query: { page: 1 + pick(4) } }); return;
    case 1: await c.call('movieDetails', { path: { movie_id: film } }); return;
    case 2: await c.call('searchMulti', { query: { query: ['the', 'a', 'night', 'star'][pick(4)]! } }); return;
    case 3: await c.call('listDetails', { path: { list_id: user.listId } }); return;
    case 4: await c.call('listItemStatus', { path: { list_id: user.listId }, query: { movie_id: film } }); return;
    case 5:
    case 6: {
      // Add a film not on the list yet (a duplicate would be a 403, not a load failure).
      const candidates = films.filter((f) => !user.onList.has(f));
      if (candidates.length === 0) return;
      const chosen = candidates[pick(candidates.length)]!;
      await c.call('addListItem', { path: { list_id: user.listId }, body: { media_id: chosen } });
      user.onList.add(chosen);
      user.acknowledged++;
      return;
    }
    case 7: {
      const present = [...user.onList];
      if (present.length === 0) return;
      const chosen = present[pick(present.length)]!;
      await c.call('removeListItem', { path: { list_id: user.listId }, body: { media_id: chosen } });
      user.onList.delete(chosen);
      user.acknowledged++;
      return;
    }
    default: {
      const e = episodes[pick(episodes.length)]!;
      const value = (1 + pick(20)) / 2;
      await c.call('rateEpisode', { path: { series_id: e.series, season_number: e.season, episode_number: e.episode }, body: { value } });
      user.ratings.set(`${e.series}/${e.season}/${e.episode}`, value);
      user.acknowledged++;
    }
  }
}

async function allListItems(user: SimulatedUser, reader: ModernClient): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const list = await reader.call('listDetails', { path: { list_id: user.listId }, query: { page } });
    ids.push(...list.items.map((m) => m.id));
    if (page >= (list.total_pages ?? 1)) return ids;
  }
}

describe(`${USERS} concurrent users, ${REQUESTS} requests`, () => {
  it('every request succeeds, and every acknowledged write is there afterwards', async () => {
    const failures: string[] = [];
    await Promise.all(
      users.map(async (user, i) => {
        const pick = generator(i + 1);
        for (let n = 0; n < PER_USER; n++) {
          try {
            await step(user, pick);
          } catch (error) {
            failures.push(`${user.name}: ${(error as Error).message}`);
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    const sent = users.reduce((n, u) => n + u.client.stats.requests, 0);
    const answeredFromCache = users.reduce((n, u) => n + u.client.stats.cacheHits, 0);
    // Steps that had nothing to remove make no request; cached reads need none.
    expect(sent + answeredFromCache).toBeGreaterThan(REQUESTS * 0.9);

    // Checked with a fresh, cache-less client, in each user's own session.
    for (const user of users) {
      const reader = modernClient(
        new CatalogClient({
          baseUrl: server.url, token: server.token, session: { sessionId: user.sessionId }, cache: false, retry: { maxRetries: 0 },
        }),
      );
      const items = await allListItems(user, reader);
      expect(items.sort((a, b) => a - b), user.name).toEqual([...user.onList].sort((a, b) => a - b));
      const stored = new Map<string, number>();
      for (let page = 1; ; page++) {
        const rated = await reader.call('accountRatedEpisodes', { path: { account_id: 0 }, query: { page } });
        for (const e of rated.results) stored.set(`${e.show_id}/${e.season_number}/${e.episode_number}`, e.rating);
        if (page >= rated.total_pages) break;
      }
      expect(stored, user.name).toEqual(user.ratings);
      await reader.close();
    }
    // About half the steps are writes: the final state reflects hundreds of acknowledged ones.
    const acknowledged = users.reduce((n, u) => n + u.acknowledged, 0);
    expect(acknowledged).toBeGreaterThan(REQUESTS / 4);
  });
});

import { Database } from '../../src/server/sqlite.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient, NetworkError } from '../../src/api/index.js';
import { modernClient, type ModernClient } from '../server/modern-client.js';
import { DEMO_ACCOUNT_FILE, TOKEN_FILE } from '../../src/server/index.js';
import { USER_DATABASE_FILE } from '../../src/server/userdata/store.js';
import { childEnv, ensureBundle, startServeProcess, type RunningServer } from './bundle.js';
import { CATALOG_SIZE } from './server-fixture.js';

/**
 * Crash safety: `marquee serve` (the built program) takes a stream of list writes and ratings
 * and is killed with SIGKILL in the middle of it, twice. After each restart on the same data
 * directory, every write that got a success answer is there, the session still works, and
 * SQLite's integrity check of the user-data file says "ok".
 */

/** Acknowledged writes after which the server is killed; writes keep coming until it dies. */
const KILL_AFTER_ACKS = 120;

interface Acknowledged {
  /** list id -> films whose add was acknowledged */
  items: Map<number, Set<number>>;
  /** "series/season/episode" -> value */
  ratings: Map<string, number>;
  lists: Set<number>;
}

let dataDir: string;
let running: RunningServer | undefined;
const env = () => childEnv({ XDG_CONFIG_HOME: join(dataDir, 'config'), MARQUEE_DATA_DIR: join(dataDir, 'unused') });

async function start(): Promise<{ server: RunningServer; client: (sessionId?: string) => ModernClient }> {
  const server = await startServeProcess(['--port', '0', '--data-dir', dataDir, '--catalog-size', String(CATALOG_SIZE)], env());
  running = server;
  const token = readFileSync(join(dataDir, TOKEN_FILE), 'utf8').trim();
  const client = (sessionId?: string) =>
    modernClient(
      new CatalogClient({
        baseUrl: server.url, token, session: sessionId ? { sessionId } : undefined, cache: false, retry: { maxRetries: 0 },
      }),
    );
  return { server, client };
}

beforeAll(async () => {
  await ensureBundle();
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-crash-'));
});
afterAll(async () => {
  await running?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Runs write streams in parallel (adds to a list, ratings, new lists) and kills the server with
 * SIGKILL once enough writes were acknowledged. A write whose answer never came (the connection
 * died) may or may not have been applied; only acknowledged ones are recorded.
 */
async function writeUntilKilled(
  server: RunningServer,
  client: ModernClient,
  work: { listId: number; films: number[]; episodes: string[]; listPrefix: string },
  acked: Acknowledged,
): Promise<{ cutOff: number }> {
  let count = 0;
  let killed = false;
  let cutOff = 0;
  const acknowledge = () => {
    count++;
    if (count >= KILL_AFTER_ACKS && !killed) {
      killed = true;
      server.child.kill('SIGKILL');
    }
  };
  /** Runs each write in turn until one fails; the failure must be the connection, not a refusal. */
  const stream = async <T>(items: T[], write: (item: T) => Promise<void>) => {
    for (const item of items) {
      try {
        await write(item);
      } catch (error) {
        expect(error, String(error)).toBeInstanceOf(NetworkError);
        expect(killed).toBe(true);
        cutOff++;
        return;
      }
      acknowledge();
    }
  };
  const listItems = acked.items.get(work.listId) ?? new Set<number>();
  acked.items.set(work.listId, listItems);
  await Promise.all([
    stream(work.films, async (film) => {
      await client.call('addListItem', { path: { list_id: work.listId }, body: { media_id: film } });
      listItems.add(film);
    }),
    stream(work.episodes, async (key) => {
      const [series, season, episode] = key.split('/').map(Number);
      const value = ((series! + season! + episode!) % 20) / 2 + 0.5;
      await client.call('rateEpisode', {
        path: { series_id: series!, season_number: season!, episode_number: episode! },
        body: { value },
      });
      acked.ratings.set(key, value);
    }),
    stream(Array.from({ length: 200 }, (_, i) => `${work.listPrefix} ${i}`), async (name) => {
      const { list_id } = await client.call('createList', { body: { name } });
      acked.lists.add(Number(list_id));
    }),
  ]);
  // Killed in the middle: the streams did not run out before the kill.
  expect(killed).toBe(true);
  return { cutOff };
}

async function expectAllAcknowledged(client: ModernClient, acked: Acknowledged): Promise<number> {
  let checked = 0;
  for (const [listId, films] of acked.items) {
    const found = new Set<number>();
    for (let page = 1; ; page++) {
      const list = await client.call('listDetails', { path: { list_id: listId }, query: { page } });
      for (const item of list.items) found.add(item.id);
      if (page >= (list.total_pages ?? 1)) break;
    }
    for (const film of films) expect(found.has(film), `film ${film} on list ${listId}`).toBe(true);
    checked += films.size;
  }
  const rated = new Map<string, number>();
  for (let page = 1; ; page++) {
    const answer = await client.call('accountRatedEpisodes', { path: { account_id: 0 }, query: { page } });
    for (const e of answer.results) rated.set(`${e.show_id}/${e.season_number}/${e.episode_number}`, e.rating);
    if (page >= answer.total_pages) break;
  }
  for (const [key, value] of acked.ratings) expect(rated.get(key), `rating of ${key}`).toBe(value);
  const lists = new Set<number>();
  for (let page = 1; ; page++) {
    const answer = await client.call('accountLists', { path: { account_id: 0 }, query: { page } });
    for (const l of answer.results) lists.add(Number(l.id));
    if (page >= answer.total_pages) break;
  }
  for (const id of acked.lists) expect(lists.has(id), `list ${id}`).toBe(true);
  return checked + acked.ratings.size + acked.lists.size;
}

function integrityCheck(): string {
  const db = new Database(join(dataDir, USER_DATABASE_FILE), { readonly: true });
  try {
    return db.pragma('integrity_check') as string;
  } finally {
    db.close();
  }
}

describe('kill -9 during a stream of writes', () => {
  it('loses no acknowledged write, twice over, and leaves a sound database', async () => {
    let { server, client } = await start();
    const anonymous = client();
    const demo = JSON.parse(readFileSync(join(dataDir, DEMO_ACCOUNT_FILE), 'utf8')) as { username: string; password: string };
    const { request_token } = await anonymous.call('requestToken');
    await anonymous.call('validateWithLogin', { body: { username: demo.username, password: demo.password, request_token } });
    const { session_id: sessionId } = await anonymous.call('createSession', { body: { request_token } });
    const films: number[] = [];
    for (let page = 1; page <= 4; page++) films.push(...(await anonymous.call('popularMovies', { query: { page } })).results.map((m) => m.id));
    const episodes: string[] = [];
    for (const series of (await anonymous.call('popularTv')).results.slice(0, 4)) {
      const season = await anonymous.call('seasonDetails', { path: { series_id: series.id, season_number: 1 } });
      episodes.push(...season.episodes.map((e) => `${series.id}/1/${e.episode_number}`));
    }
    await anonymous.close();

    const acked: Acknowledged = { items: new Map(), ratings: new Map(), lists: new Set() };
    let writesChecked = 0;
    for (const round of [1, 2]) {
      const user = client(sessionId);
      const { list_id } = await user.call('createList', { body: { name: `crash round ${round}` } });
      acked.lists.add(Number(list_id));
      const half = Math.floor(episodes.length / 2);
      const { cutOff } = await writeUntilKilled(
        server,
        user,
        {
          listId: Number(list_id),
          films,
          episodes: round === 1 ? episodes.slice(0, half) : episodes.slice(half),
          listPrefix: `round ${round} list`,
        },
        acked,
      );
      await user.close();
      await server.stop();
      expect(server.child.signalCode).toBe('SIGKILL');
      expect(cutOff).toBeGreaterThan(0);

      ({ server, client } = await start());
      const after = client(sessionId);
      writesChecked = await expectAllAcknowledged(after, acked);
      await after.close();
      expect(integrityCheck()).toBe('ok');
    }
    expect(writesChecked).toBeGreaterThanOrEqual(2 * KILL_AFTER_ACKS);
    await server.stop('SIGTERM');
    expect(server.child.exitCode).toBe(0);
    expect(integrityCheck()).toBe('ok');
  });
});

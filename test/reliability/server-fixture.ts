import { Database } from '../../src/server/sqlite.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'undici';
import { modernClient, type ModernClient } from '../server/modern-client.js';
import { CatalogClient } from '../../src/api/index.js';
import { type RunningServer, startServer } from '../../src/server/index.js';
import { USER_DATABASE_FILE, UserStore } from '../../src/server/userdata/store.js';

/**
 * A reference server on loopback with user data worth protecting: two accounts with a list
 * each, films on those lists, an episode rating, a guest session, and sessions that no longer
 * work (signed out, guest expired). Tests send it bad requests and compare a snapshot of every
 * user-data table, read from the SQLite file through a read-only connection, before and after.
 */

/** Smallest catalog the generator allows: quick to build, and the ids below exist in it. */
export const CATALOG_SIZE = 100;
export const START = Date.UTC(2025, 2, 14, 12, 0, 0);
export const RIVAL = { username: 'rival', password: 'rival-password-1234' };

export interface Seeded {
  server: RunningServer;
  dataDir: string;
  token: string;
  /** Session ids: the demo account, the rival account, a guest. */
  sessionA: string;
  sessionB: string;
  guest: string;
  /** Sessions that were valid once: signed out, and a guest session past its 24 hours. */
  signedOut: string;
  expiredGuest: string;
  /** A request token whose hour has passed. */
  expiredRequestToken: string;
  accountA: number;
  accountB: number;
  listA: number;
  listB: number;
  /** Films on list A, and one that is on no list. */
  moviesOnA: [number, number];
  freeMovie: number;
  /** An episode A has rated, and another that exists. */
  episode: { series: number; season: number; episode: number };
  otherEpisode: { series: number; season: number; episode: number };
  clock: { ms: number };
  /** Every row of every user-data table, canonical and sorted. */
  snapshot(): Record<string, string[]>;
  /** A raw HTTP request: the path is sent exactly as given. */
  raw(init: RawInit): Promise<RawAnswer>;
  clientFor(session?: { sessionId?: string; guestSessionId?: string }): ModernClient;
  dispose(): Promise<void>;
}

export interface RawInit {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawAnswer {
  status: number;
  contentType: string;
  text: string;
  json: unknown;
}

async function signIn(client: ModernClient, username: string, password: string): Promise<string> {
  const { request_token } = await client.call('requestToken');
  await client.call('validateWithLogin', { body: { username, password, request_token } });
  return (await client.call('createSession', { body: { request_token } })).session_id;
}

export async function startSeededServer(): Promise<Seeded> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-reliability-'));
  // A second account, so one user can try to change another's list.
  const store = UserStore.open(dataDir);
  store.accounts.create({ username: RIVAL.username, password: RIVAL.password }, new Date(START));
  store.close();

  const clock = { ms: START };
  const server = await startServer({ dataDir, catalogSize: CATALOG_SIZE, now: () => new Date(clock.ms) });
  const clients: CatalogClient[] = [];
  const clientFor = (session?: { sessionId?: string; guestSessionId?: string }) => {
    const client = new CatalogClient({ baseUrl: server.url, token: server.token, session, cache: false, retry: { maxRetries: 0 } });
    clients.push(client);
    return modernClient(client);
  };
  const anonymous = clientFor();

  // Sessions that stopped working: a guest session and a request token from two days ago.
  const expiredGuest = (await anonymous.call('createGuestSession')).guest_session_id;
  const expiredRequestToken = (await anonymous.call('requestToken')).request_token;
  clock.ms += 2 * 24 * 60 * 60 * 1000;

  const demo = server.demoAccount;
  const sessionA = await signIn(anonymous, demo.username, demo.password);
  const sessionB = await signIn(anonymous, RIVAL.username, RIVAL.password);
  const signedOut = await signIn(anonymous, demo.username, demo.password);
  await anonymous.call('deleteSession', { body: { session_id: signedOut } });
  const guest = (await anonymous.call('createGuestSession')).guest_session_id;

  const a = clientFor({ sessionId: sessionA });
  const b = clientFor({ sessionId: sessionB });
  const accountA = (await a.call('accountDetails', { path: { account_id: 0 } })).id;
  const accountB = (await b.call('accountDetails', { path: { account_id: 0 } })).id;
  const popular = await anonymous.call('popularMovies');
  const [m1, m2, m3, free] = popular.results.map((m) => m.id);
  const listA = Number((await a.call('createList', { body: { name: 'Watchlist A', description: 'films to see' } })).list_id);
  await a.call('addListItem', { path: { list_id: listA }, body: { media_id: m1! } });
  await a.call('addListItem', { path: { list_id: listA }, body: { media_id: m2! } });
  const listB = Number((await b.call('createList', { body: { name: 'Watchlist B' } })).list_id);
  await b.call('addListItem', { path: { list_id: listB }, body: { media_id: m3! } });

  const series = (await anonymous.call('popularTv')).results[0]!.id;
  const season = (await anonymous.call('seasonDetails', { path: { series_id: series, season_number: 1 } }));
  const [first, second] = season.episodes;
  const episode = { series, season: 1, episode: first!.episode_number };
  const otherEpisode = { series, season: 1, episode: (second ?? first)!.episode_number };
  await a.call('rateEpisode', {
    path: { series_id: series, season_number: 1, episode_number: episode.episode },
    body: { value: 7.5 },
  });

  const reader = new Database(join(dataDir, USER_DATABASE_FILE), { readonly: true });
  const tables = (reader.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[]);
  const snapshot = () =>
    Object.fromEntries(
      tables.map((table) => [
        table,
        (reader.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[])
          .map((row) => JSON.stringify(row, (_, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v)))
          .sort(),
      ]),
    );

  const http = new Client(server.url);
  const raw = async ({ method, path, headers = {}, body }: RawInit): Promise<RawAnswer> => {
    const response = await http.request({ method: method as 'GET', path, headers, body });
    const text = await response.body.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const type = response.headers['content-type'];
    return { status: response.statusCode, contentType: String(type ?? ''), text, json };
  };

  return {
    server, dataDir, token: server.token, sessionA, sessionB, guest, signedOut, expiredGuest, expiredRequestToken,
    accountA, accountB, listA, listB, moviesOnA: [m1!, m2!], freeMovie: free!, episode, otherEpisode, clock,
    snapshot, raw, clientFor,
    dispose: async () => {
      await Promise.all(clients.map((c) => c.close()));
      await http.close();
      reader.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

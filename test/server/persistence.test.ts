import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { DEMO_ACCOUNT_FILE, TOKEN_FILE } from '../../src/server/index.js';
import { catalogFileName } from '../../src/server/catalog/store.js';
import { DEFAULT_SEED } from '../../src/server/catalog/shape.js';
import { USER_DATABASE_FILE } from '../../src/server/userdata/store.js';
import { MIGRATIONS, SchemaTooNewError, migrate, openUserDatabase } from '../../src/server/userdata/database.js';
import { Database } from '../../src/server/sqlite.js';
import { CHILD_NODE_PATH, TEST_CATALOG_SIZE, type TestServer, bundleScript, signIn, startTestServer, tempDir } from './harness.js';

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const mode = (path: string) => statSync(path).mode & 0o777;

describe('the data directory', () => {
  it('is created 0700; the token and the demo password are 0600 files, never the database', async () => {
    const base = tempDir();
    cleanups.push(() => rmSync(base, { recursive: true, force: true }));
    const dataDir = join(base, 'nested', 'server');
    const t = await startTestServer({ dataDir });
    cleanups.push(() => t.stop());
    expect(mode(dataDir)).toBe(0o700);
    expect(t.server.tokenFile).toBe(join(dataDir, TOKEN_FILE));
    expect(mode(join(dataDir, TOKEN_FILE))).toBe(0o600);
    expect(readFileSync(join(dataDir, TOKEN_FILE), 'utf8').trim()).toBe(t.server.token);
    expect(t.server.demoAccount.file).toBe(join(dataDir, DEMO_ACCOUNT_FILE));
    expect(mode(join(dataDir, DEMO_ACCOUNT_FILE))).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dataDir, DEMO_ACCOUNT_FILE), 'utf8'))).toEqual({
      username: t.server.demoAccount.username,
      password: t.server.demoAccount.password,
    });
    expect(mode(join(dataDir, USER_DATABASE_FILE))).toBe(0o600);
    const database = readFileSync(join(dataDir, USER_DATABASE_FILE));
    expect(database.includes(Buffer.from(t.server.demoAccount.password))).toBe(false);
  });

  it('a token given as an option is used as it is and written nowhere', async () => {
    const t = await startTestServer({ token: 'given-token-0123456789' });
    cleanups.push(() => t.dispose());
    expect(t.server.token).toBe('given-token-0123456789');
    expect(t.server.tokenFile).toBeUndefined();
    expect(existsSync(join(t.dataDir, TOKEN_FILE))).toBe(false);
    expect((await t.client.call('validateKey')).success).toBe(true);
  });
});

describe('the user database', () => {
  it('is WAL with synchronous=FULL, at the newest schema version', () => {
    const dataDir = tempDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const db = openUserDatabase(join(dataDir, 'users.sqlite'));
    try {
      expect(db.pragma('journal_mode')).toBe('wal');
      expect(db.pragma('synchronous')).toBe(2);
      expect(db.pragma('user_version')).toBe(MIGRATIONS.length);
      // Migrating again is a no-op.
      migrate(db);
      expect(db.pragma('user_version')).toBe(MIGRATIONS.length);
    } finally {
      db.close();
    }
  });

  it('refuses a database written by a newer program instead of damaging it', () => {
    const dataDir = tempDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const path = join(dataDir, 'users.sqlite');
    const newer = new Database(path);
    newer.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    newer.close();
    expect(() => openUserDatabase(path)).toThrow(SchemaTooNewError);
  });
});

describe('a restart', () => {
  it('keeps the token, the demo account, sessions, lists and ratings, and reuses the cached catalog', async () => {
    const first = await startTestServer();
    cleanups.push(() => first.dispose());
    const sessionId = await signIn(first);
    const session = { sessionId };
    const { list_id } = await first.client.call('createList', { body: { name: 'Survives' }, session });
    await first.client.call('addListItem', { path: { list_id: Number(list_id) }, body: { media_id: 42 }, session });
    await first.client.call('rateEpisode', { path: { series_id: 6, season_number: 1, episode_number: 1 }, body: { value: 9 }, session });
    const { guest_session_id } = await first.client.call('createGuestSession');
    await first.client.call('rateEpisode', {
      path: { series_id: 6, season_number: 1, episode_number: 2 },
      body: { value: 3 },
      session: { guestSessionId: guest_session_id },
    });
    await first.client.call('rateMovie', { path: { movie_id: 12 }, body: { value: 6.5 }, session });
    await first.client.call('rateSeries', { path: { series_id: 13 }, body: { value: 2 }, session: { guestSessionId: guest_session_id } });
    await first.client.call('setWatchlist', { path: { account_id: 0 }, body: { media_type: 'movie', media_id: 14, watchlist: true }, session });
    await first.client.call('setFavorite', { path: { account_id: 0 }, body: { media_type: 'tv', media_id: 15, favorite: true }, session });
    const catalogFile = join(first.dataDir, catalogFileName(DEFAULT_SEED, TEST_CATALOG_SIZE));
    const catalogBefore = statSync(catalogFile);
    const latestBefore = await first.client.call('movieLatest');
    await first.stop();

    const second = await startTestServer({ dataDir: first.dataDir, clock: first.clock });
    cleanups.push(() => second.stop());
    expect(second.server.token).toBe(first.server.token);
    expect(second.server.demoAccount).toEqual(first.server.demoAccount);
    expect(statSync(catalogFile).mtimeMs).toBe(catalogBefore.mtimeMs);
    expect(await second.client.call('movieLatest')).toEqual(latestBefore);

    const details = await second.client.call('listDetails', { path: { list_id: Number(list_id) } });
    expect(details.items.map((i) => i.id)).toEqual([42]);
    const rated = await second.client.call('accountRatedEpisodes', { path: { account_id: 1 }, session });
    expect(rated.results.map((e) => [e.show_id, e.episode_number, e.rating])).toEqual([[6, 1, 9]]);
    // The guest session survives too: re-rating is an update.
    const again = await second.client.call('rateEpisode', {
      path: { series_id: 6, season_number: 1, episode_number: 2 },
      body: { value: 4 },
      session: { guestSessionId: guest_session_id },
    });
    expect(again.status_code).toBe(12);
    // Ratings of films and series, the watchlist and the favourites too.
    expect(await second.client.call('movieAccountStates', { path: { movie_id: 12 }, session })).toEqual({ id: 12, favorite: false, rated: { value: 6.5 }, watchlist: false });
    const guestSeries = await second.client.call('guestRatedSeries', { session: { guestSessionId: guest_session_id } });
    expect(guestSeries.results.map((s) => [s.id, s.rating])).toEqual([[13, 2]]);
    expect((await second.client.call('watchlistMovies', { path: { account_id: 0 }, session })).results.map((m) => m.id)).toEqual([14]);
    expect((await second.client.call('favoriteSeries', { path: { account_id: 0 }, session })).results.map((s) => s.id)).toEqual([15]);
  });

  it('keeps a write answered just before the process was killed (kill -9)', async () => {
    const dataDir = tempDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // The server in a process of its own, bundled from the sources.
    const bundle = join(dataDir, 'child.cjs');
    await bundleScript(
      `const { startServer } = require('./src/server/index.ts');
       startServer({ dataDir: process.argv[2], catalogSize: ${TEST_CATALOG_SIZE} }).then((s) => {
         process.stdout.write(JSON.stringify({ url: s.url, token: s.token }) + '\\n');
       });`,
      bundle,
    );
    const child = spawn(process.execPath, [bundle, dataDir], {
      env: { ...process.env, NODE_PATH: CHILD_NODE_PATH },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`server process exited early (${code})`)));
    });
    const { url, token } = JSON.parse(firstLine) as { url: string; token: string };
    const post = async (path: string, body: unknown) => {
      const response = await request(`${url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.statusCode, json: (await response.body.json()) as Record<string, unknown> };
    };
    const tokenResponse = await request(`${url}/3/authentication/token/new`, { headers: { authorization: `Bearer ${token}` } });
    const { request_token } = (await tokenResponse.body.json()) as { request_token: string };
    const demo = JSON.parse(readFileSync(join(dataDir, DEMO_ACCOUNT_FILE), 'utf8')) as { username: string; password: string };
    await post('/3/authentication/token/validate_with_login', { ...demo, request_token });
    const session = await post('/3/authentication/session/new', { request_token });
    const sessionId = session.json.session_id as string;
    const created = await post(`/3/list?session_id=${sessionId}`, { name: 'Written before the crash' });
    expect(created.status).toBe(201);
    const added = await post(`/3/list/${String(created.json.list_id)}/add_item?session_id=${sessionId}`, { media_id: 12 });
    expect(added.status).toBe(201);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const t = await startTestServer({ dataDir });
    cleanups.push(() => t.stop());
    const details = await t.client.call('listDetails', { path: { list_id: Number(created.json.list_id) } });
    expect(details.name).toBe('Written before the crash');
    expect(details.items.map((i) => i.id)).toEqual([12]);
    expect((await t.client.call('accountDetails', { path: { account_id: 1 }, session: { sessionId } })).username).toBe(demo.username);
  });
});

describe('two servers on one data directory', () => {
  it('share user data (the TUI and `marquee serve` may run together)', async () => {
    const a = await startTestServer();
    cleanups.push(() => a.dispose());
    const b: TestServer = await startTestServer({ dataDir: a.dataDir });
    cleanups.push(() => b.stop());
    const sessionId = await signIn(a);
    const { list_id } = await a.client.call('createList', { body: { name: 'Shared' }, session: { sessionId } });
    await b.client.call('addListItem', { path: { list_id: Number(list_id) }, body: { media_id: 3 }, session: { sessionId } });
    expect((await a.client.call('listDetails', { path: { list_id: Number(list_id) } })).item_count).toBe(1);
  });
});

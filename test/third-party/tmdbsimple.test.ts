import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../server/harness.js';
import { type ClientCall, type JudgedCalls, bodyOf, judgeCalls, reached } from './calls.js';

/**
 * tmdbsimple (Python; Debian's python3-tmdbsimple, which CI installs) against the server: a
 * script drives every call the library offers and prints what each got; this side judges them.
 */

const SCRIPT = fileURLToPath(new URL('./tmdbsimple_client.py', import.meta.url));

/** A Python that can import tmdbsimple: $MARQUEE_TEST_PYTHON, python3 on PATH, or Debian's own. */
function findPython(): string | undefined {
  const candidates = [process.env.MARQUEE_TEST_PYTHON, 'python3', '/usr/bin/python3'].filter((c): c is string => Boolean(c));
  return candidates.find((python) => spawnSync(python, ['-c', 'import tmdbsimple, requests'], { stdio: 'ignore' }).status === 0);
}

const python = findPython();
const MISSING =
  'python3 with tmdbsimple not found: install it with "apt-get install python3-tmdbsimple" ' +
  '(or pip install tmdbsimple), or name a Python that has it in MARQUEE_TEST_PYTHON';
if (!python) console.warn(`tmdbsimple client test skipped: ${MISSING}`);

interface Driven {
  ids: { movie: number; series: number; person: number; list: number | null };
  records: Array<ClientCall & { requests: number; error: string | null }>;
}

let t: TestServer;
const lines: string[] = [];
let driven: Driven;
let judged: JudgedCalls;

describe.skipIf(!python)(`tmdbsimple against marquee serve${python ? '' : ` (skipped: ${MISSING})`}`, () => {
  beforeAll(async () => {
    t = await startTestServer({ onUnimplemented: (line) => lines.push(line) });
    const { stdout } = await promisify(execFile)(python!, [SCRIPT], {
      env: {
        PATH: process.env.PATH,
        TMDB_BASE_URL: `${t.server.url}/3`,
        TMDB_API_KEY: t.server.token,
        TMDB_USERNAME: t.server.demoAccount.username,
        TMDB_PASSWORD: t.server.demoAccount.password,
      },
      maxBuffer: 64 * 1024 * 1024,
    });
    driven = JSON.parse(stdout) as Driven;
    judged = judgeCalls(driven.records, lines, { 'Lists.info (after delete)': 404 });
  });
  afterAll(() => t?.dispose());

  it('makes one request per call, and every call of an implemented operation succeeds with its contract', () => {
    for (const record of driven.records) expect(record.requests, record.call).toBe(1);
    expect(driven.records.length).toBeGreaterThanOrEqual(150);
    expect(judged.implemented.length + judged.notImplemented.length + judged.offSpec.length).toBe(driven.records.length);
    // Authentication as the library does it (the older GET forms), so the account calls below have a session.
    for (const name of ['Authentication.token_new', 'Authentication.token_validate_with_login', 'Authentication.session_new', 'Authentication.guest_session_new']) {
      expect(reached(judged, name), name).toBe(true);
    }
    expect(bodyOf(driven.records, 'Authentication.session_new')).toMatchObject({ success: true, session_id: expect.any(String) });
    expect(bodyOf(driven.records, 'Authentication.session_delete')).toMatchObject({ success: true });
  });

  it('reads back what it asked for', () => {
    const { movie, series } = driven.ids;
    expect(movie).toBeGreaterThan(0);
    expect(series).toBeGreaterThan(0);
    expect(bodyOf(driven.records, 'Movies.info')).toMatchObject({ id: movie });
    expect(bodyOf(driven.records, 'TV.info')).toMatchObject({ id: series });
    expect(bodyOf(driven.records, 'TV_Seasons.info')).toMatchObject({ season_number: 1 });
    expect(bodyOf(driven.records, 'TV_Episodes.info')).toMatchObject({ season_number: 1, episode_number: 1 });
    expect(bodyOf(driven.records, 'Account.info')).toMatchObject({ username: t.server.demoAccount.username });
    const episodeIds = bodyOf<{ id: number; imdb_id: string }>(driven.records, 'TV_Episodes.external_ids')!;
    const found = bodyOf<{ tv_episode_results: Array<{ id: number }> }>(driven.records, 'Find.info')!;
    expect(found.tv_episode_results.map((e) => e.id)).toEqual([episodeIds.id]);
    const searched = bodyOf<{ results: Array<{ id: number; media_type: string }> }>(driven.records, 'Search.multi')!;
    expect(searched.results.length).toBeGreaterThan(0);
  });

  it('a list: created (with "language": null), filled, read back, emptied and deleted', () => {
    const { movie, list } = driven.ids;
    expect(bodyOf(driven.records, 'Lists.list_create')).toMatchObject({ success: true, list_id: list });
    const items = (name: string) => bodyOf<{ items: Array<{ id: number }> }>(driven.records, name)!.items.map((item) => item.id);
    expect(items('Lists.info')).toEqual([movie]);
    expect(bodyOf(driven.records, 'Lists.item_status')).toMatchObject({ item_present: true });
    expect(bodyOf(driven.records, 'Lists.item_status (after remove)')).toMatchObject({ item_present: false });
    const mine = bodyOf<{ results: Array<{ id: number; name: string }> }>(driven.records, 'Account.lists')!;
    expect(mine.results).toContainEqual(expect.objectContaining({ id: list, name: 'Watched in CI' }));
    expect(items('Lists.info (after clear)')).toEqual([]);
    expect(driven.records.find((r) => r.call === 'Lists.info (after delete)')?.body).toMatchObject({ status_code: 34 });
  });

  it('ratings, favourites and the watchlist show up in the account and guest lists that read them', () => {
    const { movie, series } = driven.ids;
    const ids = (name: string) => bodyOf<{ results: Array<{ id: number; show_id?: number }> }>(driven.records, name)!.results;
    expect(reached(judged, 'TV_Episodes.rating', 'Account.rated_tv_episodes')).toBe(true);
    expect(ids('Account.rated_tv_episodes')).toContainEqual(expect.objectContaining({ show_id: series, season_number: 1, episode_number: 1, rating: 7.5 }));
    expect(ids('Account.rated_tv_episodes (after delete)').filter((e) => e.show_id === series)).toEqual([]);
    // Operations other parts of the server are adding: checked once both ends are there.
    const readBacks: Array<[write: string, read: string, id: number]> = [
      ['Movies.rating', 'Account.rated_movies', movie],
      ['TV.rating', 'Account.rated_tv', series],
      ['Account.favorite', 'Account.favorite_movies', movie],
      ['Account.watchlist', 'Account.watchlist_tv', series],
      ['Movies.rating (guest)', 'GuestSessions.rated_movies', movie],
    ];
    for (const [write, read, id] of readBacks) {
      if (reached(judged, write, read)) expect(ids(read).map((r) => r.id), `${write} -> ${read}`).toContain(id);
    }
    if (reached(judged, 'TV_Episodes.rating (guest)', 'GuestSessions.rated_tv_episodes')) {
      expect(ids('GuestSessions.rated_tv_episodes')).toContainEqual(expect.objectContaining({ show_id: series, rating: 9 }));
    }
  });
});

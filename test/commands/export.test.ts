import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportCommand } from '../../src/commands/export.js';
import { marqueeExport } from '../../src/import/index.js';
import { saveStoredSession, serviceKey } from '../../src/storage/index.js';
import { signIn, startTestServer, type TestServer } from '../server/harness.js';

let t: TestServer;
let sessionId: string;
let home: string;

beforeAll(async () => {
  t = await startTestServer();
  sessionId = await signIn(t);
  home = mkdtempSync(join(tmpdir(), 'marquee-export-'));
});
afterAll(async () => {
  await t.dispose();
  rmSync(home, { recursive: true, force: true });
});

function env(data = join(home, 'data')): Record<string, string> {
  return { MARQUEE_TOKEN: t.server.token, MARQUEE_BASE_URL: t.server.url, XDG_CONFIG_HOME: join(home, 'config'), MARQUEE_DATA_DIR: data };
}

async function run(args: string[], environment = env()) {
  let stdout = '';
  let stderr = '';
  const code = await runExportCommand(args, {
    env: environment,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    retry: { maxRetries: 0 },
  });
  for (const secret of [sessionId, t.server.token]) {
    expect(stdout).not.toContain(secret);
    expect(stderr).not.toContain(secret);
  }
  return { code, stdout, stderr };
}

describe('marquee export', () => {
  it('refuses without a kept user session, naming how to sign in', async () => {
    const result = await run([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^marquee export: no one is signed in: sign in from the TUI/);
  });

  it("writes the account's ratings, watchlist, favourites and lists, and reads back as Marquee's format", async () => {
    const session = { sessionId };
    const popular = await t.client.call('popularMovies', { query: { page: 1 } });
    const [a, b, c] = popular.results.map((m) => m.id);
    const series = (await t.client.call('popularTv', { query: { page: 1 } })).results[0]!.id;
    const account = (await t.client.call('accountOfSession', { session })).id;
    await t.client.call('rateMovie', { path: { movie_id: a! }, body: { value: 7.5 }, session });
    await t.client.call('rateSeries', { path: { series_id: series }, body: { value: 9 }, session });
    await t.client.call('rateEpisode', { path: { series_id: series, season_number: 1, episode_number: 2 }, body: { value: 6.5 }, session });
    await t.client.call('setWatchlist', { path: { account_id: account }, body: { media_type: 'movie', media_id: b!, watchlist: true }, session });
    await t.client.call('setFavorite', { path: { account_id: account }, body: { media_type: 'tv', media_id: series, favorite: true }, session });
    const { list_id } = await t.client.call('createList', { body: { name: 'Noir', description: 'dark' }, session });
    await t.client.call('addListItem', { path: { list_id }, body: { media_id: c! }, session });
    saveStoredSession(join(home, 'data'), serviceKey(t.server.url), { kind: 'user', id: sessionId });

    const out = join(home, 'out', '..', 'export.json');
    writeFileSync(out, 'old content');
    const result = await run(['--out', out]);
    expect(result.stderr).toBe(`marquee export: wrote ${out}: 3 ratings, 1 on the watchlist, 1 favourites, 1 list\n`);
    expect(result.code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const data = marqueeExport.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(data.ratings.map((r) => [r.media_type, r.media_type === 'episode' ? r.series.tmdb_id : r.tmdb_id, r.rating]).sort()).toEqual(
      [['episode', series, 6.5], ['movie', a, 7.5], ['tv', series, 9]].sort(),
    );
    const episode = data.ratings.find((r) => r.media_type === 'episode');
    expect(episode).toMatchObject({ season_number: 1, episode_number: 2 });
    expect(data.watchlist.map((w) => [w.media_type, w.tmdb_id])).toEqual([['movie', b]]);
    expect(data.favorites.map((f) => [f.media_type, f.tmdb_id])).toEqual([['tv', series]]);
    expect(data.lists).toEqual([{ name: 'Noir', description: 'dark', items: [expect.objectContaining({ media_type: 'movie', tmdb_id: c })] }]);

    // Without --out: the same export on stdout, nothing on stderr.
    const printed = await run([]);
    expect(printed.code).toBe(0);
    expect(printed.stderr).toBe('');
    expect({ ...marqueeExport.parse(JSON.parse(printed.stdout)), exported_at: null }).toEqual({ ...data, exported_at: null });
  });

  it('refuses an unknown format and a folder that cannot be written, leaving nothing half', async () => {
    expect((await run(['--format', 'xml'])).stderr).toMatch(/^marquee export: --format xml: the formats are json\n$/);
    // A file where the folder should be.
    const result = await run(['--out', join(home, 'export.json', 'export.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot be written .*\(E[A-Z]+\)\n$/);
    expect(JSON.parse(readFileSync(join(home, 'export.json'), 'utf8')).format).toBe('marquee-export');
  });
});

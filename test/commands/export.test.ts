import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marqueeExport } from '../../src/transfers/index.js';
import { saveStoredSession, serviceKey } from '../../src/storage/index.js';
import { letterboxdStars } from '../../src/transfers/export-formats.js';
import { signIn, startTestServer, type TestServer } from '../server/harness.js';
import { exportEnv, runExport } from './export-support.js';

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

const env = (data?: string) => exportEnv(t, home, data);
const run = (args: string[], environment = env()) => runExport(args, environment, [sessionId, t.server.token]);

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
    // IMDb ids are the ones the service's external ids name (null where the title has none).
    const movieImdb = (await t.client.call('movieExternalIds', { path: { movie_id: a! } })).imdb_id;
    const seriesImdb = (await t.client.call('tvExternalIds', { path: { series_id: series } })).imdb_id;
    const episodeImdb = (await t.client.call('episodeExternalIds', { path: { series_id: series, season_number: 1, episode_number: 2 } })).imdb_id;
    expect(seriesImdb).toMatch(/^tt\d+$/);
    expect(data.ratings.find((r) => r.media_type === 'movie')!.imdb_id).toBe(movieImdb);
    expect(data.ratings.find((r) => r.media_type === 'tv')!.imdb_id).toBe(seriesImdb);
    expect(episode).toMatchObject({ imdb_id: episodeImdb, series: { tmdb_id: series, imdb_id: seriesImdb } });
    expect(data.favorites[0]!.imdb_id).toBe(seriesImdb);
    const withoutIds = marqueeExport.parse(JSON.parse((await run(['--no-imdb-ids'])).stdout));
    expect(withoutIds.favorites[0]!.imdb_id).toBeNull();

    // A spreadsheet's CSV: a row per entry, the byte order mark first.
    const csv = await run(['--format', 'csv']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.split('\n');
    expect(lines[0]).toBe('\uFEFFsection,list,media_type,tmdb_id,imdb_id,title,year,series_tmdb_id,series_title,season,episode,rating,date,description');
    expect(lines.filter((line) => line.startsWith('rating,'))).toHaveLength(3);
    expect(lines).toContain(`rating,,episode,${episode!.tmdb_id},${episodeImdb ?? ''},${episode!.title},${episode!.series.year},${series},${episode!.series.title},1,2,6.5,,`);
    expect(lines).toContain('list-info,Noir,,,,,,,,,,,,dark');
    expect(lines.find((line) => line.startsWith('list,Noir,movie,'))).toContain(`,${c},`);

    // Letterboxd: the rated film only, in half stars (7.5 rounds up to 4).
    const boxd = join(home, 'letterboxd.csv');
    const letterboxd = await run(['--format', 'letterboxd', '--out', boxd]);
    expect(letterboxd.code).toBe(0);
    expect(letterboxd.stderr).toBe(
      `marquee export: wrote ${boxd}: 1 rated films\n` +
        'marquee export: left out 2 ratings of series and episodes, the watchlist, favourites and lists: Letterboxd keeps rated films only\n',
    );
    const film = data.ratings.find((r) => r.media_type === 'movie') as { title: string; year: number | null };
    expect(readFileSync(boxd, 'utf8').split('\n').filter(Boolean)).toEqual([
      'tmdbID,imdbID,Title,Year,Rating,WatchedDate',
      `${a},${movieImdb ?? ''},${film.title.includes(',') ? `"${film.title}"` : film.title},${film.year ?? ''},4,`,
    ]);

    // Without --out: the same export on stdout, nothing on stderr.
    const printed = await run([]);
    expect(printed.code).toBe(0);
    expect(printed.stderr).toBe('');
    expect({ ...marqueeExport.parse(JSON.parse(printed.stdout)), exported_at: null }).toEqual({ ...data, exported_at: null });
  });

  it('refuses an unknown format and a folder that cannot be written, leaving nothing half', async () => {
    expect((await run(['--format', 'xml'])).stderr).toMatch(/^marquee export: --format xml: the formats are json, csv, letterboxd, stats-json\n$/);
    // A file where the folder should be.
    const result = await run(['--out', join(home, 'export.json', 'export.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot be written .*\(E[A-Z]+\)\n$/);
    expect(JSON.parse(readFileSync(join(home, 'export.json'), 'utf8')).format).toBe('marquee-export');
  });
});

describe('Letterboxd stars', () => {
  it('halves the 0.5-10 scale into half stars, rounding half up, never below half a star', () => {
    expect([0.5, 1, 1.5, 6, 7, 7.5, 9.5, 10].map(letterboxdStars)).toEqual([0.5, 0.5, 1, 3, 3.5, 4, 5, 5]);
  });
});

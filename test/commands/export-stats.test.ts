import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStoredSession, serviceKey } from '../../src/storage/index.js';
import { signIn, startTestServer, type TestServer } from '../server/harness.js';
import { runImportCommand } from '../../src/commands/import.js';
import { exportEnv, runExport } from './export-support.js';

/** `marquee export --format stats-json` against the embedded server, on an account of its own. */

let t: TestServer;
let sessionId: string;
let home: string;

beforeAll(async () => {
  t = await startTestServer();
  sessionId = await signIn(t);
  home = mkdtempSync(join(tmpdir(), 'marquee-export-stats-'));
  saveStoredSession(join(home, 'data'), serviceKey(t.server.url), { kind: 'user', id: sessionId });
});
afterAll(async () => {
  await t.dispose();
  rmSync(home, { recursive: true, force: true });
});

const run = (args: string[]) => runExport(args, exportEnv(t, home), [sessionId, t.server.token]);

describe('marquee export --format stats-json', () => {
  it("writes the account's figures, each bar naming the titles behind it", async () => {
    const session = { sessionId };
    const [a, b] = (await t.client.call('popularMovies', { query: { page: 1 } })).results;
    const series = (await t.client.call('popularTv', { query: { page: 1 } })).results[0]!;
    await t.client.call('rateMovie', { path: { movie_id: a!.id }, body: { value: 7.5 }, session });
    await t.client.call('rateMovie', { path: { movie_id: b!.id }, body: { value: 7.5 }, session });
    await t.client.call('rateSeries', { path: { series_id: series.id }, body: { value: 4 }, session });
    await t.client.call('rateEpisode', { path: { series_id: series.id, season_number: 1, episode_number: 1 }, body: { value: 6 }, session });

    const out = join(home, 'stats.json');
    const result = await run(['--format', 'stats-json', '--out', out]);
    expect(result.stderr).toBe(`marquee export: wrote ${out}: statistics of 2 films, 1 series and 1 episodes rated\n`);
    expect(result.code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    expect(doc).toMatchObject({ format: 'marquee-stats', version: 1, totals: { films: 2, series: 1, episodes: 1 } });
    const filmBars = doc.ratings.films.filter((bar: { count: number }) => bar.count > 0);
    expect(filmBars).toEqual([{ label: '7.5', count: 2, mean: 7.5, refs: [{ kind: 'movie', id: a!.id }, { kind: 'movie', id: b!.id }] }]);
    expect(doc.ratings.series.filter((bar: { count: number }) => bar.count > 0)).toEqual([{ label: '4', count: 1, mean: 4, refs: [{ kind: 'tv', id: series.id }] }]);
    // The crowd's mean for the two films is the mean of their vote averages, as the catalog gives them.
    expect(doc.versusCrowd.films.crowd).toBeCloseTo((a!.vote_average! + b!.vote_average!) / 2, 2);
    // The genres of the three titles, as their details name them, each counted once per title.
    const details = await Promise.all([
      t.client.call('movieDetails', { path: { movie_id: a!.id } }),
      t.client.call('movieDetails', { path: { movie_id: b!.id } }),
      t.client.call('tvDetails', { path: { series_id: series.id } }),
    ]);
    const genreCount = new Map<string, number>();
    for (const d of details) for (const g of d.genres) genreCount.set(g.name, (genreCount.get(g.name) ?? 0) + 1);
    expect(Object.fromEntries(doc.byGenre.map((bar: { label: string; count: number }) => [bar.label, bar.count]))).toEqual(Object.fromEntries(genreCount));
    expect(doc.titles[`movie:${a!.id}`]).toEqual({ name: a!.title, year: Number(a!.release_date!.slice(0, 4)) });
    expect(doc.titles[`tv:${series.id}`].name).toBe(series.name);

    // To stdout, the same document.
    const piped = await run(['--format', 'stats-json']);
    expect(piped.code).toBe(0);
    expect({ ...JSON.parse(piped.stdout), exported_at: null }).toEqual({ ...doc, exported_at: null });
  });

  it('dates the ratings an import applied with the dates of the file, and says how many ratings carry one', async () => {
    // Three films the first test did not rate, with their IMDb ids.
    const picked: { id: number; imdb: string; title: string }[] = [];
    for (const movie of (await t.client.call('popularMovies', { query: { page: 2 } })).results) {
      const details = await t.client.call('movieDetails', { path: { movie_id: movie.id } });
      if (details.imdb_id && picked.length < 3) picked.push({ id: movie.id, imdb: details.imdb_id, title: details.title });
    }
    const header = 'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors';
    const dates = ['2019-05-04', '2019-05-20', '2020-01-02'];
    const rows = picked.map((f, i) => [f.imdb, 6 + i, dates[i], `"${f.title.replace(/"/g, '""')}"`, '', '', 'Movie', '', '', '', '', '', '', ''].join(','));
    const file = join(home, 'imdb-ratings.csv');
    writeFileSync(file, `${header}\n${rows.join('\n')}\n`);
    let stderr = '';
    const code = await runImportCommand([file], {
      env: exportEnv(t, home), stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) }, retry: { maxRetries: 0 },
    });
    expect(stderr).not.toContain(sessionId);
    expect(code).toBe(0);

    const piped = await run(['--format', 'stats-json']);
    expect(piped.code).toBe(0);
    const doc = JSON.parse(piped.stdout);
    // The first test's 2 films, 1 series and 1 episode (rated over HTTP: no date), and the 3 imported, dated as the file says.
    expect(doc.totals).toEqual({ films: 5, series: 1, episodes: 1, dated: 3, undated: 4 });
    const months = doc.perMonth.filter((bar: { count: number }) => bar.count > 0).map((bar: { label: string; refs: unknown }) => [bar.label, bar.refs]);
    expect(months).toEqual([
      ['2019-05', [{ kind: 'movie', id: picked[0]!.id }, { kind: 'movie', id: picked[1]!.id }]],
      ['2020-01', [{ kind: 'movie', id: picked[2]!.id }]],
    ]);
  });
});

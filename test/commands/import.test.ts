import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportCommand } from '../../src/commands/export.js';
import { runImportCommand, type ImportCommandIo } from '../../src/commands/import.js';
import { JOURNAL_FILE } from '../../src/transfers/journal.js';
import { saveStoredSession, serviceKey } from '../../src/storage/index.js';
import { signIn, startTestServer, type TestServer } from '../server/harness.js';

/**
 * marquee import against the embedded server: an IMDb-format file built from the catalog's own
 * IMDb ids, plus rows the catalog does not have, rows a title cannot tell apart, and a type the
 * service does not keep.
 */

let t: TestServer;
let sessionId: string;
let home: string;
let account: number;
/** Films of the catalog with their IMDb ids, title and year. */
let films: Array<{ id: number; imdb: string; title: string; year: number }>;

beforeAll(async () => {
  t = await startTestServer();
  sessionId = await signIn(t);
  home = mkdtempSync(join(tmpdir(), 'marquee-import-'));
  saveStoredSession(join(home, 'data'), serviceKey(t.server.url), { kind: 'user', id: sessionId });
  account = (await t.client.call('accountOfSession', { session: { sessionId } })).id;
  films = [];
  for (let page = 1; films.length < 12 && page <= 3; page++) {
    for (const movie of (await t.client.call('popularMovies', { query: { page } })).results) {
      const details = await t.client.call('movieDetails', { path: { movie_id: movie.id } });
      if (details.imdb_id && details.release_date && films.length < 12) {
        films.push({ id: movie.id, imdb: details.imdb_id, title: details.title, year: Number(details.release_date.slice(0, 4)) });
      }
    }
  }
});
afterAll(async () => {
  await t.dispose();
  rmSync(home, { recursive: true, force: true });
});

function env(server: TestServer = t, data = join(home, 'data')): Record<string, string> {
  return { MARQUEE_TOKEN: server.server.token, MARQUEE_BASE_URL: server.server.url, XDG_CONFIG_HOME: join(home, 'config'), MARQUEE_DATA_DIR: data };
}

async function run(args: string[], extra: ImportCommandIo = {}, environment = env()) {
  let stdout = '';
  let stderr = '';
  const code = await runImportCommand(args, {
    env: environment,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    retry: { maxRetries: 0 },
    ...extra,
  });
  for (const secret of [sessionId, t.server.token]) {
    expect(stdout).not.toContain(secret);
    expect(stderr).not.toContain(secret);
  }
  return { code, stdout, stderr };
}

const HEADER = 'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors';
const csvCell = (text: string) => (/[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const imdbRow = (c: { imdb: string; rating: number; title: string; type?: string; year?: number | '' }) =>
  [c.imdb, c.rating, '2024-01-02', csvCell(c.title), csvCell(c.title), `https://www.imdb.com/title/${c.imdb}/`, c.type ?? 'Movie', '7.1', '120', c.year ?? '', 'Drama', '1000', '', ''].join(',');

/** 8 by IMDb id, 2 by title and year (their IMDb ids unknown), 2 without a year, 3 unknown, 1 game. */
function sampleFile(): { path: string; ratings: Map<number, number> } {
  const ratings = new Map<number, number>();
  const rows: string[] = [];
  films.slice(0, 8).forEach((f, i) => {
    rows.push(imdbRow({ imdb: f.imdb, rating: (i % 10) + 1, title: f.title, year: f.year }));
    ratings.set(f.id, (i % 10) + 1);
  });
  films.slice(8, 10).forEach((f, i) => {
    rows.push(imdbRow({ imdb: `tt99${String(9000 + i).padStart(6, '0')}`, rating: 5, title: f.title, year: f.year }));
    ratings.set(f.id, 5);
  });
  films.slice(10, 12).forEach((f, i) => rows.push(imdbRow({ imdb: `tt98${String(9000 + i).padStart(6, '0')}`, rating: 4, title: f.title, year: '' })));
  for (let i = 0; i < 3; i++) rows.push(imdbRow({ imdb: `tt97${String(9000 + i).padStart(6, '0')}`, rating: 3, title: `No Such Film, Part ${i}`, year: 1950 }));
  rows.push(imdbRow({ imdb: 'tt0100001', rating: 9, title: 'A Game', type: 'Video Game', year: 2001 }));
  const path = join(home, 'ratings.csv');
  writeFileSync(path, `\uFEFF${HEADER}\n${rows.join('\n')}\n`);
  return { path, ratings };
}

const escape = (text: string) => text.replace(/[()]/g, '\\$&');
const total = (stdout: string, label: string) => Number(new RegExp(`^  ${escape(label)} +(\\d+)$`, 'm').exec(stdout)?.[1]);
/** "Written: 10 (...)" or, in a dry run, "To write: 10 (...)". */
const written = (stdout: string) => Number(/^(?:Written|To write): (\d+) /m.exec(stdout)?.[1]);

async function ratedMovies(server: TestServer, session: string, accountId: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const answer = await server.client.call('accountRatedMovies', { path: { account_id: accountId }, query: { page: 1 }, session: { sessionId: session } });
  for (const m of answer.results) out.set(m.id, m.rating);
  return out;
}

describe('marquee import', () => {
  it('a dry run of a JSON file numbers its rows as entries, not lines', async () => {
    const [a] = films;
    const file = join(home, 'trakt-ratings.json');
    writeFileSync(file, JSON.stringify([{ rated_at: '2024-01-02T10:00:00.000Z', rating: 7, type: 'movie', movie: { title: a!.title, year: a!.year, ids: { tmdb: a!.id } } }]));
    const result = await run([file, '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`  entry 1: ${a!.title} (${a!.year}), rate 7:`);
  });

  it('a dry run of a Marquee file names the array of each entry, so two entries are never both "entry 1"', async () => {
    const [a] = films;
    const title = { media_type: 'movie', tmdb_id: a!.id, imdb_id: null, title: a!.title, year: a!.year };
    const file = join(home, 'marquee-export.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'marquee-export',
        version: 1,
        exported_at: '2026-01-02',
        ratings: [{ ...title, rating: 7, rated_at: null }],
        watchlist: [],
        favorites: [],
        lists: [{ name: 'Noir', description: '', items: [{ ...title, added_at: null }] }],
      }),
    );
    const result = await run([file, '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`  ratings entry 1: ${a!.title} (${a!.year}), rate 7:`);
    expect(result.stdout).toContain(`  list 1 entry 1: ${a!.title} (${a!.year}), list "Noir":`);
  });

  it('a dry run of a zip names the entry of each row, not only its line', async () => {
    const [a, b] = films;
    const csv = (header: string, row: string) => new TextEncoder().encode(`${header}\n${row}\n`);
    const zip = join(home, 'letterboxd-export.zip');
    writeFileSync(zip, zipSync({
      'ratings.csv': csv('Date,Name,Year,Letterboxd URI,Rating', `2024-01-02,${a!.title},${a!.year},https://boxd.it/a,4`),
      'watchlist.csv': csv('Date,Name,Year,Letterboxd URI', `2024-01-03,${b!.title},${b!.year},https://boxd.it/b`),
    }));
    const result = await run([zip, '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`  ratings.csv line 2: ${a!.title} (${a!.year}), rate 8:`);
    expect(result.stdout).toContain(`  watchlist.csv line 2: ${b!.title} (${b!.year}), watchlist:`);
  });

  it('refuses a file it cannot read whole, naming file, line and column, and writes nothing', async () => {
    const path = join(home, 'bad.csv');
    writeFileSync(path, `${HEADER}\n${imdbRow({ imdb: films[0]!.imdb, rating: 11, title: 'X', year: 2000 })}\n`);
    const result = await run([path]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^marquee import: .*bad\.csv: line 2, column Your Rating: /);
    expect(result.stdout).toBe('');
    expect((await ratedMovies(t, sessionId, account)).size).toBe(0);
  });

  it('--dry-run counts every row exactly and writes nothing', async () => {
    const { path } = sampleFile();
    const result = await run([path, '--dry-run']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('16 rows (imdb-ratings 16), dry run: nothing is written');
    expect(total(result.stdout, 'matched by id')).toBe(8);
    expect(total(result.stdout, 'matched by title and year')).toBe(2);
    expect(total(result.stdout, 'ambiguous')).toBe(2);
    expect(total(result.stdout, 'not found')).toBe(3);
    expect(total(result.stdout, 'not importable')).toBe(1);
    expect(written(result.stdout)).toBe(10);
    expect(result.stdout).toContain('To write: 10 (10 new, 0 changed); nothing was written');
    expect(total(result.stdout, 'unchanged (already so on the account)')).toBe(0);
    expect(result.stdout).toMatch(/line 2: .*rate 1: matched by id, film \d+ /);
    expect(result.stdout).toMatch(/No Such Film, Part 0 \(1950\), rate 3: not found/);
    expect((await ratedMovies(t, sessionId, account)).size).toBe(0);
  });

  it('imports, stopped halfway goes on with no write twice, a third run writes nothing, and the report re-imports', async () => {
    const { path, ratings } = sampleFile();
    const stopAfter = 4;
    const first = await run([path], {
      afterWrite: (writes) => {
        if (writes === stopAfter) throw new Error('interrupted');
      },
    });
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/stopped after row \d+ of 16; run the same command again to go on/);
    expect((await ratedMovies(t, sessionId, account)).size).toBe(stopAfter);
    const journal = join(home, 'data', JOURNAL_FILE);
    expect(statSync(journal).mode & 0o777).toBe(0o600);

    let writes = 0;
    const second = await run([path], { afterWrite: (n) => void (writes = n) });
    expect(second.code).toBe(0);
    expect(writes).toBe(10 - stopAfter);
    expect(written(second.stdout)).toBe(10 - stopAfter);
    expect(total(second.stdout, 'written by an earlier run')).toBe(stopAfter);
    expect(await ratedMovies(t, sessionId, account)).toEqual(ratings);

    let third = 0;
    const again = await run([path], { afterWrite: (n) => void (third = n) });
    expect(again.code).toBe(0);
    expect(third).toBe(0);
    expect(total(again.stdout, 'written by an earlier run')).toBe(10);

    // The report: the 6 rows not imported, each with its reason; a tmdb_id filled in imports it.
    const reportPath = join(home, 'ratings-report.csv');
    expect(again.stdout).toContain(`The 6 rows not imported, with the reason and the candidates: ${reportPath}`);
    const report = parse(readFileSync(reportPath), { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(report).toHaveLength(6);
    expect(report.map((r) => r.reason)).toEqual([
      expect.stringMatching(/gives no year/), expect.stringMatching(/gives no year/),
      expect.stringMatching(/is not on the service.*no film is titled/), expect.anything(), expect.anything(),
      expect.stringMatching(/Video Game is not something/),
    ]);
    expect(report[0]!.candidates).toContain(`[tmdb ${films[10]!.id}]`);
    report[0]!.tmdb_id = String(films[10]!.id);
    const corrected = join(home, 'corrected.csv');
    const { stringify } = await import('csv-stringify/sync');
    writeFileSync(corrected, stringify(report, { header: true }));
    const fixed = await run([corrected]);
    expect(fixed.code).toBe(0);
    expect(total(fixed.stdout, 'matched by id')).toBe(1);
    expect(written(fixed.stdout)).toBe(1);
    expect((await ratedMovies(t, sessionId, account)).get(films[10]!.id)).toBe(4);
  });

  it('export, then import onto a fresh account, reproduces ratings, watchlist, favourites and lists', async () => {
    const session = { sessionId };
    const series = (await t.client.call('popularTv', { query: { page: 1 } })).results[0]!.id;
    await t.client.call('rateSeries', { path: { series_id: series }, body: { value: 8.5 }, session });
    await t.client.call('rateEpisode', { path: { series_id: series, season_number: 1, episode_number: 1 }, body: { value: 7 }, session });
    await t.client.call('setWatchlist', { path: { account_id: account }, body: { media_type: 'movie', media_id: films[11]!.id, watchlist: true }, session });
    await t.client.call('setFavorite', { path: { account_id: account }, body: { media_type: 'tv', media_id: series, favorite: true }, session });
    const { list_id } = await t.client.call('createList', { body: { name: 'To share', description: 'for friends' }, session });
    await t.client.call('addListItem', { path: { list_id }, body: { media_id: films[0]!.id }, session });
    await t.client.call('addListItem', { path: { list_id }, body: { media_id: films[1]!.id }, session });

    const exported = join(home, 'marquee.json');
    let err = '';
    const code = await runExportCommand(['--out', exported], { env: env(), stdout: { write: () => true }, stderr: { write: (s: string) => (err += s) } });
    expect(err).toMatch(/wrote .*: 13 ratings, 1 on the watchlist, 1 favourites, 1 list/);
    expect(code).toBe(0);

    // Another service with the same catalog and its own account: nothing on it yet.
    const fresh = await startTestServer();
    try {
      const freshSession = await signIn(fresh);
      const freshData = join(home, 'fresh-data');
      saveStoredSession(freshData, serviceKey(fresh.server.url), { kind: 'user', id: freshSession });
      let out = '';
      const imported = await runImportCommand([exported], {
        env: env(fresh, freshData),
        stdout: { write: (s: string) => (out += s) },
        stderr: { write: () => true },
      });
      expect(imported).toBe(0);
      expect(total(out, 'matched by id')).toBe(13 + 1 + 1 + 2);
      expect(written(out)).toBe(17);

      let again = '';
      const reexported = join(home, 'again.json');
      expect(await runExportCommand(['--out', reexported], { env: env(fresh, freshData), stdout: { write: () => true }, stderr: { write: (s: string) => (again += s) } })).toBe(0);
      const strip = (file: string) => ({ ...JSON.parse(readFileSync(file, 'utf8')), exported_at: null });
      expect(strip(reexported)).toEqual(strip(exported));
    } finally {
      await fresh.dispose();
    }
  });

  it('the CSV and Letterboxd exports import back, told by their headers or named with --from', async () => {
    const exportAs = async (format: string, out: string) => {
      const code = await runExportCommand(['--format', format, '--out', out], { env: env(), stdout: { write: () => true }, stderr: { write: () => true } });
      expect(code).toBe(0);
    };
    const original = join(home, 'original.json');
    await exportAs('json', original);
    const want = JSON.parse(readFileSync(original, 'utf8')) as { ratings: Array<{ media_type: string; tmdb_id: number; rating: number }> };
    // What the CSV cannot hold: lists' descriptions (and lists left empty).
    const withoutDescriptions = (file: string) => {
      const data = JSON.parse(readFileSync(file, 'utf8'));
      return { ...data, exported_at: null, lists: data.lists.map((list: object) => ({ ...list, description: '' })) };
    };

    for (const [format, from] of [['csv', undefined], ['csv', 'marquee'], ['letterboxd', undefined], ['letterboxd', 'letterboxd']] as const) {
      const file = join(home, `round-trip-${format}-${from ?? 'detected'}.csv`);
      await exportAs(format, file);
      const fresh = await startTestServer();
      try {
        const freshSession = await signIn(fresh);
        const freshData = join(home, `fresh-${format}-${from ?? 'detected'}`);
        saveStoredSession(freshData, serviceKey(fresh.server.url), { kind: 'user', id: freshSession });
        let out = '';
        let err = '';
        const code = await runImportCommand([file, ...(from ? ['--from', from] : [])], {
          env: env(fresh, freshData),
          stdout: { write: (s: string) => (out += s) },
          stderr: { write: (s: string) => (err += s) },
        });
        // Only the progress lines a log gets.
        expect(err.split('\n').filter((line) => line !== '' && !/^marquee import: (matching|importing) \d+\/\d+ rows$/.test(line)), `${format} ${from}`).toEqual([]);
        expect(code).toBe(0);
        expect(out).toContain(format === 'csv' ? '(marquee-csv ' : '(letterboxd-import ');
        if (format === 'csv') {
          const again = join(home, `again-${format}-${from ?? 'detected'}.json`);
          expect(await runExportCommand(['--out', again], { env: env(fresh, freshData), stdout: { write: () => true }, stderr: { write: () => true } })).toBe(0);
          expect(withoutDescriptions(again)).toEqual(withoutDescriptions(original));
        } else {
          const freshAccount = (await fresh.client.call('accountOfSession', { session: { sessionId: freshSession } })).id;
          const films = new Map(want.ratings.filter((r) => r.media_type === 'movie').map((r) => [r.tmdb_id, r.rating]));
          expect(films.size).toBeGreaterThan(5);
          expect(await ratedMovies(fresh, freshSession, freshAccount)).toEqual(films);
          expect(written(out)).toBe(films.size);
        }
      } finally {
        await fresh.dispose();
      }
    }
  });
});

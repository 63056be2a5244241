import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { act } from 'react';
import { afterAll, describe, expect } from 'vitest';
import { marqueeExport } from '../../src/transfers/index.js';
import { fileRatingDates } from '../../src/storage/index.js';
import { storeTest as it, type Service } from '../store-test.js';
import { KEY } from './harness.js';

/** Import and export from the Lists tab, on the embedded server's catalog. */

const files = mkdtempSync(join(tmpdir(), 'marquee-transfers-'));
afterAll(() => rmSync(files, { recursive: true, force: true }));

/** The frame's text with the panel's borders and line breaks taken out, for messages that wrap. */
const flat = (frame: string) => frame.replace(/\s*[│╭╮╰╯─]+\s*/g, ' ').replace(/\s+/g, ' ');

const HEADER = 'Const,Your Rating,Date Rated,Title,URL,Title Type,Year';

/**
 * An IMDb ratings file: `count` films of the catalog that carry an IMDb id (from `firstId` on,
 * so that the tests' files rate different films), rated 1, 2, 3..., and one film the catalog lacks.
 */
async function imdbFile(service: Service, name: string, count: number, firstId = 1): Promise<{ path: string; ratings: Map<number, number> }> {
  const ratings = new Map<number, number>();
  const rows: string[] = [];
  for (let id = firstId; ratings.size < count; id++) {
    const film = await service.get<{ imdb_id: string | null; title: string; release_date: string }>(`/3/movie/${id}`);
    if (!film.imdb_id || !film.release_date) continue;
    const rating = (ratings.size % 10) + 1;
    ratings.set(id, rating);
    rows.push([film.imdb_id, rating, '2024-03-01', `"${film.title.replace(/"/g, '""')}"`, '', 'Movie', film.release_date.slice(0, 4)].join(','));
  }
  rows.push('tt9700001,4,2024-03-01,No Such Film,,Movie,1950');
  const path = join(files, name);
  writeFileSync(path, `${HEADER}\n${rows.join('\n')}\n`);
  return { path, ratings };
}

describe('import and export on the Lists tab', () => {
  /** What the first test imported: the account's ratings when the export test runs next. */
  let firstRatings = new Map<number, number>();

  it('imports a file after reading it whole, checks it against the account, and reports what it could not match', async ({ app, service }) => {
    const { ui, store } = await app.start({ signedIn: true, deps: { ratingDates: fileRatingDates(files, 'http://127.0.0.1') } });
    const { path, ratings } = await imdbFile(service, 'ratings.csv', 4);
    await ui.press('4');
    await ui.waitFor('I import · E export');

    // A file that cannot be read is said with its line and column; the path stays to be fixed.
    const broken = join(files, 'broken.csv');
    writeFileSync(broken, `${HEADER}\ntt0068646,11,2024-03-01,The Godfather,,Movie,1972\n`);
    await ui.press('I');
    await ui.waitFor('Import into your account');
    await ui.type(broken);
    await ui.press(KEY.enter);
    let frame = await ui.waitFor('✗');
    expect(flat(frame)).toContain(`✗ ${broken}: line 2, column Your Rating: rating "11" is outside the scale (whole numbers from 1 to 10)`);

    // The right file: its rows counted, nothing written until Enter again.
    await ui.press(KEY.ctrlU);
    await ui.type(path);
    await ui.press(KEY.enter);
    await ui.waitFor('5 rows (IMDb ratings 5)');
    await ui.waitFor('‹ replace them with the file’s ›');
    // Enter checks the file against the account first: what it would write, nothing written yet.
    await ui.press(KEY.enter);
    frame = await ui.waitFor('to write 4');
    expect(flat(frame)).toMatch(/to write 4 · new 4 · changed 0 · unchanged 0/);
    expect(frame).toContain('writes 4 entries');
    await ui.press(KEY.enter);
    frame = await ui.waitFor('matched by id 4');
    expect(frame).toMatch(/not found 1/);
    expect(flat(frame)).toMatch(/written 4 · new 4 · changed 0 · unchanged 0/);
    // Each rating written is recorded with the file's date (when it was rated), for the Stats timelines.
    expect(store.getState().ratings.datedRatings().map((e) => [e.kind, e.id, e.value, e.ratedAt])).toEqual(
      [...ratings].map(([id, value]) => ['movie', id, value, '2024-03-01']),
    );
    expect(flat(frame)).toContain(`The row not imported, with the reason and the candidates: ${join(files, 'ratings-report.csv')}`);
    const report = parse(readFileSync(join(files, 'ratings-report.csv')), { columns: true }) as Array<Record<string, string>>;
    expect(report.map((row) => [row.imdb_id, row.title, row.source])).toEqual([['tt9700001', 'No Such Film', 'imdb']]);
    await ui.press(KEY.enter);
    await ui.waitFor('I import · E export');

    // The same file again: every row was written by the first run, nothing is written twice.
    await ui.press('I');
    await ui.type(path);
    await ui.press(KEY.enter);
    await ui.waitFor('5 rows');
    await ui.press(KEY.enter);
    frame = await ui.waitFor('written by an earlier run 4');
    expect(frame).toMatch(/to write 0 ·/);
    await ui.press(KEY.enter);
    frame = await ui.waitFor(/written 0 ·/);
    expect(frame).toContain('written by an earlier run 4');
    await ui.press(KEY.enter);
    firstRatings = ratings;
  });

  it('exports what the account holds, in the format chosen', async ({ app }) => {
    const { ui } = await app.start({ signedIn: true });
    await ui.press('4');
    await ui.waitFor('I import · E export');
    let frame: string;
    // Export: Tab to the format, → to CSV, Tab back to the file; the name follows the format.
    await ui.press('E');
    await ui.waitFor('Export your account');
    await ui.press(KEY.tab);
    await ui.press(KEY.right);
    await ui.waitFor('‹ csv ›');
    await ui.waitFor('marquee-export.csv');
    await ui.press(KEY.left);
    await ui.waitFor('‹ json ›');
    await ui.press(KEY.tab);
    // The default is in the home folder, never the folder Marquee was started from.
    expect(ui.frame()).toContain('~/marquee-export.json');
    // A bare name gets the format's extension.
    const out = join(files, 'export.json');
    await ui.press(KEY.ctrlU);
    await ui.type(join(files, 'export'));
    await ui.waitFor(`→ ${out}`);
    await ui.press(KEY.enter);
    frame = await ui.waitFor('✓ Wrote');
    expect(flat(frame)).toContain(`✓ Wrote ${out}: 4 ratings, 0 on the watchlist, 0 favourites, 0 lists`);
    const data = marqueeExport.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(new Map(data.ratings.map((r) => [r.media_type === 'episode' ? 0 : r.tmdb_id, r.rating]))).toEqual(firstRatings);
  });

  it('stops after the row under way when asked, and a new run goes on without writing anything twice', async ({ app, service }) => {
    const { store } = await app.start({ signedIn: true });
    const { path } = await imdbFile(service, 'longer.csv', 8, 100);
    const transfers = () => store.getState().transfers;
    await act(() => transfers().readImport(path));
    expect(transfers().import).toMatchObject({ status: 'read', rows: 9 });
    await act(() => transfers().checkImport());
    expect(transfers().import).toMatchObject({ status: 'checked' });
    const stopAtThird = store.subscribe((state) => {
      const job = state.transfers.import;
      if (job.status === 'importing' && job.phase === 'writing' && job.done === 3) state.transfers.stopImport();
    });
    await act(() => transfers().startImport());
    stopAtThird();
    expect(transfers().import).toMatchObject({ status: 'failed', message: 'Stopped.', done: 3, total: 9 });
    expect(existsSync(join(files, 'longer-report.csv'))).toBe(false);

    act(() => transfers().resetImport());
    await act(() => transfers().readImport(path));
    await act(() => transfers().checkImport());
    await act(() => transfers().startImport());
    const job = transfers().import;
    if (job.status !== 'done') throw new Error(`the import ended ${job.status}`);
    expect(job.totals.writes).toMatchObject({ 'done-before': 3, new: 5, changed: 0, same: 0, failed: 0 });
    expect(job.totals.matches['not-found']).toBe(1);
  });

  it('the check names the ratings an import replaces, and the choice to keep them leaves them', async ({ app, service }) => {
    const { ui, store } = await app.start({ signedIn: true });
    const transfers = () => store.getState().transfers;
    // The account rates a film 2 (through an import of its own), then a file rates it 9.
    const { path: first, ratings } = await imdbFile(service, 'first.csv', 2, 200);
    await act(() => transfers().readImport(first));
    await act(() => transfers().checkImport());
    await act(() => transfers().startImport());
    act(() => transfers().resetImport());
    const [film, held] = [...ratings][1]!;
    const second = join(files, 'second.csv');
    writeFileSync(second, readFileSync(first, 'utf8').replace(/^(tt\d+),2,/m, '$1,9,'));

    await ui.press('4');
    await ui.waitFor('I import · E export');
    await ui.press('I');
    await ui.type(second);
    await ui.press(KEY.enter);
    await ui.waitFor('‹ replace them with the file’s ›');
    await ui.press(KEY.enter);
    let frame = flat(await ui.waitFor('to write 1'));
    expect(frame).toMatch(new RegExp(`line \\d+: film ${film} ".*"[^:]*: replaces your ${held} with 9`));
    expect(frame).toMatch(/to write 1 · new 0 · changed 1 · unchanged 1/);

    // Back to the choice, → keeps them: the check says so, and the import writes nothing.
    await ui.press(KEY.esc);
    await ui.press(KEY.right);
    await ui.waitFor('‹ keep them ›');
    await ui.press(KEY.enter);
    frame = flat(await ui.waitFor('keeping the ratings you hold'));
    expect(frame).toMatch(new RegExp(`film ${film} ".*"[^:]*: keeps your ${held} \\(the file says 9\\)`));
    expect(frame).toMatch(/to write 0 · new 0 · changed 0 · unchanged 1 · kept 1/);
    await ui.press(KEY.enter);
    await ui.waitFor(/written 0 ·/);
    // The account still holds its rating: a new check of the same file would replace it.
    act(() => transfers().resetImport());
    await act(() => transfers().readImport(second));
    await act(() => transfers().checkImport());
    const job = transfers().import;
    if (job.status !== 'checked') throw new Error(`the check ended ${job.status}`);
    expect(job.changes).toEqual([expect.stringMatching(new RegExp(`film ${film} ".*"[^:]*: replaces your ${held} with 9$`))]);
  });
});

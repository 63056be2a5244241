import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { act } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { marqueeExport } from '../../src/import/index.js';
import { embeddedAppSuite } from './embedded-app.js';
import { KEY } from './harness.js';

/** Import and export from the Lists tab, on the embedded server's catalog. */

const { start, get } = embeddedAppSuite('transfers');
const files = mkdtempSync(join(tmpdir(), 'marquee-transfers-'));
afterAll(() => rmSync(files, { recursive: true, force: true }));

/** The frame's text with the panel's borders and line breaks taken out, for messages that wrap. */
const flat = (frame: string) => frame.replace(/\s*[│╭╮╰╯─]+\s*/g, ' ').replace(/\s+/g, ' ');

const HEADER = 'Const,Your Rating,Date Rated,Title,URL,Title Type,Year';

/**
 * An IMDb ratings file: `count` films of the catalog that carry an IMDb id (from `firstId` on,
 * so that the tests' files rate different films), rated 1, 2, 3..., and one film the catalog lacks.
 */
async function imdbFile(name: string, count: number, firstId = 1): Promise<{ path: string; ratings: Map<number, number> }> {
  const ratings = new Map<number, number>();
  const rows: string[] = [];
  for (let id = firstId; ratings.size < count; id++) {
    const film = await get<{ imdb_id: string | null; title: string; release_date: string }>(`/3/movie/${id}`);
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
  it('imports a file after reading it whole, reports what it could not match, and exports what the account holds', async () => {
    const { ui } = await start({ signedIn: true });
    const { path, ratings } = await imdbFile('ratings.csv', 4);
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
    await ui.press(KEY.enter);
    frame = await ui.waitFor('matched by id 4');
    expect(frame).toMatch(/not found 1/);
    expect(frame).toMatch(/written 4 · already the same 0/);
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
    expect(frame).toMatch(/written 0 ·/);
    await ui.press(KEY.enter);

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
    const out = join(files, 'export.json');
    await ui.press(KEY.ctrlU);
    await ui.type(out);
    await ui.press(KEY.enter);
    frame = await ui.waitFor('✓ Wrote');
    expect(flat(frame)).toContain(`✓ Wrote ${out}: 4 ratings, 0 on the watchlist, 0 favourites, 0 lists`);
    const data = marqueeExport.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(new Map(data.ratings.map((r) => [r.media_type === 'episode' ? 0 : r.tmdb_id, r.rating]))).toEqual(ratings);
  });

  it('stops after the row under way when asked, and a new run goes on without writing anything twice', async () => {
    const { store } = await start({ signedIn: true });
    const { path } = await imdbFile('longer.csv', 12, 100);
    const transfers = () => store.getState().transfers;
    await act(() => transfers().readImport(path));
    expect(transfers().import).toMatchObject({ status: 'read', rows: 13 });
    const stopAtThird = store.subscribe((state) => {
      const job = state.transfers.import;
      if (job.status === 'importing' && job.done === 3) state.transfers.stopImport();
    });
    await act(() => transfers().startImport());
    stopAtThird();
    expect(transfers().import).toMatchObject({ status: 'failed', message: 'Stopped.', done: 3, total: 13 });
    expect(existsSync(join(files, 'longer-report.csv'))).toBe(false);

    act(() => transfers().resetImport());
    await act(() => transfers().readImport(path));
    await act(() => transfers().startImport());
    const job = transfers().import;
    if (job.status !== 'done') throw new Error(`the import ended ${job.status}`);
    expect(job.totals.writes).toMatchObject({ 'done-before': 3, written: 9, same: 0, failed: 0 });
    expect(job.totals.matches['not-found']).toBe(1);
  });
});

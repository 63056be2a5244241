import { describe, expect } from 'vitest';
import { readFixture } from '../fixtures.js';
import { storeTest } from '../store-test.js';

/**
 * A line break inside a title, a name or a label from the service: the row that shows it stays
 * one row. Drawn as it came, the text after the break went over the rows below (the counter
 * read "1/140LINE (2015)"), which lets a service write what it likes on the screen.
 */

const it = storeTest.override('over', 'fake');

function popularWith(titles: Record<number, string>) {
  const page = readFixture('E14-movie-upcoming.spec.json') as { results: Record<string, unknown>[] };
  const results = page.results.map((movie, i) => ({ ...movie, title: titles[i] ?? movie.title }));
  return { status: 200, body: { ...page, page: 1, results, total_pages: 1, total_results: results.length } };
}

describe('line breaks in one-line text from the service', () => {
  it('a title holding \\n, \\r\\n and a lone \\r stays on its row of the Movies list', async ({ app, service }) => {
    service.fake.failNext('GET /3/movie/popular', popularWith({ 0: 'Top\nSPOOFED ROW', 1: 'Second\r\nSPOOF TWO', 2: 'Third\rSPOOF THREE' }), 5);
    const { ui } = await app.start({ columns: 100, rows: 30 });
    const frame = await ui.waitFor('SPOOFED ROW');
    const lines = frame.split('\n');
    // Each title is one row, the text after its break on the same row.
    expect(lines.filter((line) => line.includes('Top SPOOFED ROW'))).toHaveLength(1);
    expect(lines.some((line) => line.includes('Second SPOOF TWO'))).toBe(true);
    expect(lines.some((line) => line.includes('Third SPOOF THREE'))).toBe(true);
    // Nothing starts a row of its own.
    expect(lines.some((line) => /^\W*SPOOF/.test(line.trim()))).toBe(false);
  });
});

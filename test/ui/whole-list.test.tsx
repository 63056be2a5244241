import { describe, expect } from 'vitest';
import { PageCursor } from '../../src/api/index.js';
import { formatCount } from '../../src/ui/format.js';
import { storeTest as it } from '../store-test.js';
import { KEY } from './harness.js';

/** A paged list is the whole listing: G goes to its true end, the counter is position/total, the filter says what it sees. */

const rowsShown = (frame: string) => frame.split('\n').filter((line) => /^[ ›] \S/.test(line) && !/^[ ›] …/.test(line)).length;

describe('a paged list', () => {
  it('G goes to the last row of the whole list at one press, loading its last page alone', async ({ app, service }) => {
    const { ui, calls } = await app.start();
    const { total_results: total } = await service.get<{ total_results: number }>('/3/movie/popular');
    expect(total).toBeGreaterThan(100);
    // The first screen filled (its second page too, where the height needs it).
    await ui.waitFor((f) => !/^[ ›] …$/m.test(f) && !f.includes('loading more'));
    const before = calls.filter((c) => c === 'popularMovies').length;
    await ui.press('G');
    const frame = await ui.waitFor(`${formatCount(total)}/${formatCount(total)}`);
    // The rows in view are the last page's, not placeholders, once it came.
    await ui.waitFor((f) => !/^[ ›] …$/m.test(f));
    expect(frame).not.toMatch(/\b20\/|\b40\//);
    // The last page (and at most the one before it, in view too), not every page on the way.
    expect(calls.filter((c) => c === 'popularMovies').length - before).toBeLessThanOrEqual(2);
    // PgUp from there loads the page it needs, the counter still of the whole list.
    await ui.press(KEY.pageUp, KEY.pageUp);
    await ui.waitFor((f) => new RegExp(`\\d+/${formatCount(total)}`).test(f) && !/^[ ›] …$/m.test(f));
  });

  it('fills a tall first screen with as many pages as its height needs', async ({ app }) => {
    const { ui } = await app.start();
    await ui.resize(160, 45);
    // 45 rows: more than one page of 20 fits; the second page comes without a key.
    const frame = await ui.waitFor((f) => rowsShown(f) > 20 && !/^[ ›] …$/m.test(f));
    expect(rowsShown(frame)).toBeGreaterThan(30);
  });

  it('filters the rows loaded, says so, and Ctrl-L loads the rest (up to 1,000) and filters them all', async ({ app, service }) => {
    const { ui } = await app.start();
    const { total_results: total } = await service.get<{ total_results: number }>('/3/movie/popular');
    await ui.press('/', 'e');
    let frame = await ui.waitFor(/of \d+ loaded · Ctrl-L loads up to 1,000/);
    const loaded = Number(/of (\d+) loaded/.exec(frame)![1]);
    expect(loaded).toBeLessThan(total);
    await ui.press('\u000C');
    frame = await ui.waitFor(new RegExp(`of ${formatCount(Math.min(total, 1000))}(?! loaded)`));
    expect(frame).not.toContain('Ctrl-L loads');
  });
});

describe('the pages of a listing', () => {
  it('loads the last page of a 1,400-row listing directly, and knows every row is there', async () => {
    const asked: number[] = [];
    const cursor = new PageCursor<number>(async (page) => {
      asked.push(page);
      return { page, results: Array.from({ length: 20 }, (_, i) => (page - 1) * 20 + i), total_pages: 70, total_results: 1400 };
    });
    await cursor.loadNext();
    await cursor.loadPage(cursor.pageOf(1399)!);
    expect(asked).toEqual([1, 70]);
    const rows = cursor.rows();
    expect(rows).toHaveLength(1400);
    expect(rows[1399]).toBe(1399);
    expect(rows[20]).toBeUndefined();
    // In order, the pages in between fill the gap; the rows in order then run to the end.
    for (let page = 2; page < 70; page++) await cursor.loadNext();
    expect(cursor.items).toHaveLength(1400);
    expect(cursor.hasMore).toBe(false);
    expect(asked.filter((p) => p === 70)).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_PAGE, PageCursor, type Page } from '../../src/api/index.js';

/** A listing of `totalPages` pages of 2 items each, recording which pages were asked for. */
function listing(totalPages: number) {
  const asked: number[] = [];
  const fetchPage = async (page: number): Promise<Page<string>> => {
    asked.push(page);
    return { page, results: [`${page}a`, `${page}b`], total_pages: totalPages, total_results: totalPages * 2 };
  };
  return { asked, fetchPage };
}

describe('PageCursor', () => {
  it('loads pages in order and stops at total_pages', async () => {
    const { asked, fetchPage } = listing(3);
    const cursor = new PageCursor(fetchPage);
    expect(cursor.hasMore).toBe(true);
    while (cursor.hasMore) await cursor.loadNext();
    await cursor.loadNext(); // nothing more to load: no request
    expect(asked).toEqual([1, 2, 3]);
    expect(cursor.items).toEqual(['1a', '1b', '2a', '2b', '3a', '3b']);
    expect(cursor.totalResults).toBe(6);
  });

  it('never asks beyond page 500, whatever total_pages claims', async () => {
    const { asked, fetchPage } = listing(7416);
    const cursor = new PageCursor(fetchPage);
    while (cursor.hasMore) await cursor.loadNext();
    expect(asked.at(-1)).toBe(MAX_PAGE);
    expect(asked).toHaveLength(500);
    expect(cursor.totalResults).toBe(7416 * 2);
  });

  it('a second loadNext while one is running shares it', async () => {
    const { asked, fetchPage } = listing(5);
    const cursor = new PageCursor(fetchPage);
    const first = cursor.loadNext();
    const second = cursor.loadNext();
    expect(second).toBe(first);
    await Promise.all([first, second]);
    expect(asked).toEqual([1]);
  });

  it('items is a new array after each load', async () => {
    const cursor = new PageCursor(listing(2).fetchPage);
    await cursor.loadNext();
    const before = cursor.items;
    await cursor.loadNext();
    expect(cursor.items).not.toBe(before);
    expect(before).toEqual(['1a', '1b']);
  });

  it('a failed page leaves the cursor as it was and is asked again next time', async () => {
    let fail = true;
    const asked: number[] = [];
    const cursor = new PageCursor<number>(async (page) => {
      asked.push(page);
      if (page === 2 && fail) throw new Error('offline');
      return { page, results: [page], total_pages: 3, total_results: 3 };
    });
    await cursor.loadNext();
    await expect(cursor.loadNext()).rejects.toThrow('offline');
    expect(cursor.items).toEqual([1]);
    fail = false;
    await cursor.loadNext();
    expect(asked).toEqual([1, 2, 2]);
    expect(cursor.items).toEqual([1, 2]);
  });

  it('an empty listing or an early empty page ends it', async () => {
    const empty = new PageCursor(async () => ({ page: 1, results: [], total_pages: 0, total_results: 0 }));
    await empty.loadNext();
    expect(empty.hasMore).toBe(false);
    const lying = new PageCursor(async (page) => ({ page, results: [], total_pages: 9, total_results: 18 }));
    await lying.loadNext();
    expect(lying.hasMore).toBe(false);
  });

  it('a row on two pages is kept once, where it came first, and the counts drop it', async () => {
    const pages: Record<number, Array<{ id: number }>> = { 1: [{ id: 1 }, { id: 2 }, { id: 3 }], 2: [{ id: 3 }, { id: 4 }, { id: 5 }], 3: [{ id: 6 }, { id: 1 }, { id: 7 }] };
    const cursor = new PageCursor(async (page) => ({ page, results: pages[page]!, total_pages: 3, total_results: 9 }));
    await cursor.loadNext();
    await cursor.loadPage(3);
    expect(cursor.rowCount).toBe(8);
    expect(cursor.pageOf(7)).toBe(3);
    await cursor.loadNext();
    expect(cursor.items.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(cursor.totalResults).toBe(7);
  });

  it('a service that answers every page with the same rows ends the listing at the first repeat', async () => {
    const asked: number[] = [];
    const cursor = new PageCursor(async (page) => {
      asked.push(page);
      return { page, results: [{ id: 1 }, { id: 2 }], total_pages: 500, total_results: 1000 };
    });
    await cursor.loadNext();
    await cursor.loadNext();
    expect(cursor.hasMore).toBe(false);
    expect(cursor.rowCount).toBe(2);
    await cursor.loadPage(3);
    expect(asked).toEqual([1, 2]);
  });
});

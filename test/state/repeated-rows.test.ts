import { describe, expect, it } from 'vitest';
import { PageCursor } from '../../src/api/index.js';
import { operationKeys, operations, type OperationKey } from '../../src/contract/index.js';
import { pagedOperationSource, type CatalogApi, type PagedOperationKey } from '../../src/state/index.js';
import { sampleAnswer } from '../api/samples.js';

/**
 * The real service reads each page at its own moment, and its order moves in between
 * (popularity changes): a title comes on two pages and another on none. Its multi search for
 * "Arrow" had Cupid's Arrow and The Black Arrow on both page 1 and page 2. Every paged list
 * shows each title once, where it came first, and its counts drop the repeats.
 */

const PAGE_SIZE = 4;
const PAGES = 3;
const REPEATS_PER_PAGE = 2;

/** What tells two rows apart, as a list's keys do: the kind and id of a title, the file of an image. */
const identity = (row: unknown) => {
  const { media_type: kind, id, file_path: file } = (row ?? {}) as Record<string, unknown>;
  return id === undefined && file === undefined ? undefined : `${String(kind)}:${String(id)}:${String(file)}`;
};

/** The paged reads of the table: a GET whose answer is a page of `results` (or a list's `items`). */
function pagedOperations(): PagedOperationKey[] {
  return operationKeys.filter((key) => {
    if (operations[key].method !== 'GET') return false;
    let answer: unknown;
    try {
      answer = sampleAnswer(key);
    } catch {
      return false;
    }
    // Paged: it says which page it is (a list's details, how many items it has).
    const body = answer as { results?: unknown; items?: unknown; page?: unknown; item_count?: unknown };
    return (Array.isArray(body.results) && typeof body.page === 'number') || (Array.isArray(body.items) && typeof body.item_count === 'number');
  }) as PagedOperationKey[];
}

/** Row `n` of the listing, made from the sample's first row: its own id (and file, for images). */
function rowOf(sample: Record<string, unknown>, n: number): Record<string, unknown> {
  const row: Record<string, unknown> = { ...sample, id: typeof sample.id === 'string' ? `row-${n}` : 10_000 + n };
  if (typeof sample.file_path === 'string') row.file_path = `/row-${n}.jpg`;
  return row;
}

/**
 * A fake client answering `op` page by page: each page after the first begins with the last
 * rows of the page before it, as the service's does when the order moved between two requests.
 */
function repeatingClient(op: OperationKey): { client: CatalogApi; shown: (page: number) => Array<Record<string, unknown>> } {
  const answer = sampleAnswer(op) as Record<string, unknown>;
  const field = Array.isArray(answer.results) ? 'results' : 'items';
  const sample = (answer[field] as Array<Record<string, unknown>>)[0]!;
  const pageRows = (page: number): Array<Record<string, unknown>> => {
    const own = Array.from({ length: PAGE_SIZE }, (_, i) => rowOf(sample, (page - 1) * PAGE_SIZE + i));
    if (page === 1) return own;
    return [...pageRows(page - 1).slice(-REPEATS_PER_PAGE), ...own.slice(REPEATS_PER_PAGE)];
  };
  const client = {
    call: async (called: string, args: { query?: { page?: number } }) => {
      expect(called).toBe(op);
      const page = Number(args.query?.page ?? 1);
      return { ...answer, page, [field]: pageRows(page), total_pages: PAGES, total_results: PAGES * PAGE_SIZE, item_count: PAGES * PAGE_SIZE };
    },
  } as unknown as CatalogApi;
  return { client, shown: pageRows };
}

describe('a title on two pages', () => {
  const paged = pagedOperations();

  it('the paged reads include every list kind', () => {
    for (const op of ['searchMulti', 'searchMovies', 'popularMovies', 'nowPlayingMovies', 'upcomingMovies', 'trendingAll', 'discoverMovies', 'discoverSeries', 'movieLists', 'movieReviews', 'personTaggedImages'])
      if ((operationKeys as readonly string[]).includes(op)) expect(paged).toContain(op);
  });

  it.each(paged)('%s: each row once, in the place it came first, and the counts say so', async (op) => {
    const { client, shown } = repeatingClient(op);
    const source = pagedOperationSource(op, { path: {}, query: {} } as never);
    const cursor = new PageCursor((page) => source.loadPage(client, page));
    // The first page, then the last (a jump to the end), then the one between.
    await cursor.loadNext();
    await cursor.loadPage(PAGES);
    await cursor.loadNext();
    const rows = cursor.rows();
    const identities = rows.map((row) => identity(row));
    expect(identities.every((identity) => identity !== undefined)).toBe(true);
    expect(new Set(identities).size).toBe(identities.length);
    const served = [1, 2, 3].flatMap((page) => shown(page)).map((row) => identity(row));
    expect(identities).toEqual([...new Set(served)]);
    // Each later page repeated REPEATS_PER_PAGE rows of the one before.
    const distinct = PAGES * PAGE_SIZE - (PAGES - 1) * REPEATS_PER_PAGE;
    expect(cursor.rowCount).toBe(distinct);
    expect(cursor.totalResults).toBe(distinct);
    expect(cursor.items).toHaveLength(distinct);
  });
});

import { describe, expect } from 'vitest';
import { pagedOperationSource, pagedState } from '../../src/state/index.js';
import { storeTest } from '../store-test.js';

/**
 * A paged read loaded again (after a write, a retry) keeps the rows it showed, marked as being
 * reloaded, until the new first page replaces them: a list does not blink to "Loading…", and a
 * key pressed meanwhile acts on rows that are there.
 */

const it = storeTest.override('over', 'served');

describe('a paged read loaded again', () => {
  it('keeps its rows while the first page is asked again, asks no more pages of the old answer, then shows the new one', async ({ fileStore: test }) => {
    const queries = () => test.store.getState().queries;
    const popular = pagedOperationSource('popularMovies', { query: {} });
    await queries().loadPages(popular);
    const before = pagedState(queries(), popular);
    expect(before.status).toBe('ready');
    expect(before.items.length).toBeGreaterThan(0);

    test.calls.length = 0;
    const reloading = queries().reload(popular.key);
    const during = pagedState(queries(), popular);
    expect(during.status).toBe('ready');
    expect(during.reloading).toBe(true);
    expect(during.items).toEqual(before.items);
    // A next page of the answer being replaced is not asked for: the only request is the new first page.
    await queries().loadMore(popular.key, true);
    await reloading;
    expect(test.calls).toEqual(['popularMovies']);

    const after = pagedState(queries(), popular);
    expect(after.status).toBe('ready');
    expect(after.reloading).toBeFalsy();
    expect(after.items.map((movie) => movie.id)).toEqual(before.items.map((movie) => movie.id));
  });
});

import { describe, expect, it } from 'vitest';
import { pagedOperationSource } from '../../src/state/index.js';
import { firstReadsOf } from '../../src/ui/first-reads.js';
import { offlineStore } from '../state/support.js';

describe('the reads asked at start (firstReadsOf)', () => {
  it("are the Movies tab's list as its first screen shows it, and nothing for another screen", () => {
    const { store } = offlineStore();
    expect(firstReadsOf(store.getState()).map((source) => source.key)).toEqual([pagedOperationSource('popularMovies', {}).key]);
    store.getState().movies.setSection('topRated');
    expect(firstReadsOf(store.getState()).map((source) => source.key)).toEqual([pagedOperationSource('topRatedMovies', {}).key]);
    store.getState().nav.switchTab('tv');
    expect(firstReadsOf(store.getState())).toEqual([]);
  });
});

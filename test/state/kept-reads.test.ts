import { describe, expect } from 'vitest';
import { KEPT_READ_BYTES, pagedOperationSource, pagedState, queryState, type Source } from '../../src/state/index.js';
import { KeptReads, measureAnswer } from '../../src/state/concurrency/kept-reads.js';
import { staleQueries } from '../../src/contract/index.js';
import { storeTest } from '../store-test.js';

/**
 * The store keeps what screens have read within a bound in bytes: past it, the least recently
 * used reads that no mounted screen holds are forgotten (a screen that shows one again loads it
 * again). Without the bound every read of a day's browsing stays in the heap.
 */

const it = storeTest.override('over', 'served');

/** A read whose answer is a third of the bound and a little more: three of them do not fit. */
const bigRead = (name: string): Source<string> => ({ key: `big:${name}`, load: async () => name.repeat(Math.ceil(KEPT_READ_BYTES / 3 / name.length) + 16) });

describe('reads kept in the store', () => {
  it('forgets the least recently used read once the answers add up to more than the bound', async ({ fileStore: test }) => {
    const queries = () => test.store.getState().queries;
    const [first, second, third] = [bigRead('first'), bigRead('second'), bigRead('third')];
    await queries().load(first);
    await queries().load(second);
    expect(queryState(queries(), first).status).toBe('ready');
    await queries().load(third);
    expect(queries().entries[first.key]).toBeUndefined();
    expect(queryState(queries(), second).status).toBe('ready');
    expect(queryState(queries(), third).status).toBe('ready');
    // Shown again, it is asked again.
    await queries().load(first);
    expect(queryState(queries(), first).data).toBe(await first.load(undefined as never));
    expect(queries().entries[second.key]).toBeUndefined();
  });

  it('never forgets a read a mounted screen holds, however old; once let go it is the newest', async ({ fileStore: test }) => {
    const queries = () => test.store.getState().queries;
    const [shown, other, more, last] = [bigRead('shown'), bigRead('other'), bigRead('more'), bigRead('last')];
    const release = queries().hold(shown.key);
    await queries().load(shown);
    await queries().load(other);
    await queries().load(more);
    expect(queryState(queries(), shown).status).toBe('ready');
    expect(queries().entries[other.key]).toBeUndefined();
    release();
    await queries().load(last);
    // `more` was used before `shown` was let go: it goes first.
    expect(queries().entries[more.key]).toBeUndefined();
    expect(queryState(queries(), shown).status).toBe('ready');
  });

  it('counts every page a list has loaded, and forgets the list as a whole', async ({ fileStore: test }) => {
    const queries = () => test.store.getState().queries;
    const popular = pagedOperationSource('popularMovies', { query: {} });
    await queries().loadPages(popular);
    await queries().loadMore(popular.key, true);
    expect(pagedState(queries(), popular).items.length).toBeGreaterThan(20);
    await queries().load(bigRead('one'));
    await queries().load(bigRead('two'));
    await queries().load(bigRead('three'));
    expect(queries().pages[popular.key]).toBeUndefined();
  });
});

describe('KeptReads', () => {
  it('names nothing while within its bound, and the oldest unheld first past it', () => {
    const kept = new KeptReads(100);
    kept.add('a', 40);
    kept.add('b', 40);
    expect([...kept.overBound()]).toEqual([]);
    const release = kept.hold('a');
    kept.add('c', 40);
    expect([...kept.overBound()]).toEqual(['b']);
    kept.forget(['b']);
    expect(kept.bytes).toBe(80);
    release();
    kept.add('d', 40);
    expect([...kept.overBound()]).toEqual(['c']);
    // A page added to a list counts on top of what it held; a reload from its first page starts over.
    kept.add('d', 10);
    kept.add('d', 5, true);
    expect(kept.bytes).toBe(40 + 40 + 5);
  });

  it('measures an answer by its JSON text, and one that is not JSON as nothing', () => {
    expect(measureAnswer({ title: 'Heat' })).toBe('{"title":"Heat"}'.length);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(measureAnswer(cyclic)).toBe(0);
    expect(measureAnswer(undefined)).toBe(0);
  });
});

describe('a write', () => {
  it('loads again the stale reads a mounted screen shows, and forgets those no screen shows', async ({ fileStore: test }) => {
    const queries = () => test.store.getState().queries;
    const loads: Record<string, number> = {};
    /** A read of the film's account states, counting its loads. */
    const statesOf = (name: string, movieId: number): Source<string> => ({
      key: `states:${name}`,
      reads: { op: 'movieAccountStates', params: { movie_id: movieId } },
      load: async () => {
        loads[name] = (loads[name] ?? 0) + 1;
        return `${name} ${loads[name]}`;
      },
    });
    const shown = statesOf('shown', 550);
    const notShown = statesOf('not shown', 550);
    const otherFilm = statesOf('other film', 13);
    const release = queries().hold(shown.key);
    for (const source of [shown, notShown, otherFilm]) await queries().load(source);

    await queries().written(staleQueries('rateMovie', { movie_id: 550 }, { value: 8 }));

    expect(loads).toEqual({ shown: 2, 'not shown': 1, 'other film': 1 });
    expect(queryState(queries(), shown).data).toBe('shown 2');
    expect(queries().entries[notShown.key]).toBeUndefined();
    // Not made stale by the write: kept as it was.
    expect(queryState(queries(), otherFilm).data).toBe('other film 1');
    // Shown again, it is asked afresh.
    await queries().load(notShown);
    expect(queryState(queries(), notShown).data).toBe('not shown 2');
    release();
  });
});

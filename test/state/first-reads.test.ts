import { describe, expect, it } from 'vitest';
import { pagedOperationSource, pagedState } from '../../src/state/index.js';
import { eventually, fakeServiceStores, type CallHook } from './support.js';

/**
 * The first screen's reads (ConnectionSlice.start's firstReads) go out with the connection's own
 * first requests, not after their answers: the first data row then waits for one round trip, not
 * two. The screen finds the read as if it had asked itself: on its way, loaded, or failed.
 */

const POPULAR_MOVIES = pagedOperationSource('popularMovies', {});

const fake = fakeServiceStores();
const serviceTarget = () => ({ baseUrl: fake.service.url, token: fake.service.token, approvalBase: fake.service.url });

/** Holds every answer to the token check until `release` is called. */
function holdingTokenCheck(): { hook: CallHook; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    hook: async (operation, _args, send) => {
      if (operation === 'validateKey') await released;
      return send();
    },
    release,
  };
}

describe("the first screen's reads at start", () => {
  it('are asked before the token check answers, and the screen takes that answer without asking again', async () => {
    const held = holdingTokenCheck();
    const { store, calls } = fake.makeStore(serviceTarget(), {}, held.hook);
    const started = store.getState().connection.start(() => [POPULAR_MOVIES]);
    await eventually(() => expect(calls).toContain('popularMovies'));
    expect(store.getState().connection.status).toBe('connecting');

    held.release();
    await started;
    expect(store.getState().connection.status).toBe('ready');
    // The screen, shown now, asks for its read: it is there already.
    await store.getState().queries.loadPages(POPULAR_MOVIES);
    const popular = pagedState(store.getState().queries, POPULAR_MOVIES);
    expect(popular.status).toBe('ready');
    expect(popular.items.length).toBeGreaterThan(0);
    expect(calls.filter((call) => call === 'popularMovies')).toHaveLength(1);
  });

  it('a screen shown while the first page is on its way waits for it rather than asking again', async () => {
    let releasePopular = () => {};
    const popularHeld = new Promise<void>((resolve) => (releasePopular = resolve));
    const { store, calls } = fake.makeStore(serviceTarget(), {}, async (operation, _args, send) => {
      if (operation === 'popularMovies') await popularHeld;
      return send();
    });
    await store.getState().connection.start(() => [POPULAR_MOVIES]);
    // Ready before the list's answer: the screen shows, finds it on its way, and asks nothing.
    expect(pagedState(store.getState().queries, POPULAR_MOVIES).status).toBe('loading');
    await store.getState().queries.loadPages(POPULAR_MOVIES);
    releasePopular();
    await eventually(() => expect(pagedState(store.getState().queries, POPULAR_MOVIES).status).toBe('ready'));
    expect(calls.filter((call) => call === 'popularMovies')).toHaveLength(1);
  });

  it('fail as the screen’s own read would: the failure is kept for the screen to show, not asked again', async () => {
    // Not found is not retried: one request, one failure.
    fake.service.failNext('GET /3/movie/popular', { status: 404, body: { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' } });
    const { store, calls } = fake.makeStore(serviceTarget());
    await store.getState().connection.start(() => [POPULAR_MOVIES]);
    await eventually(() => expect(pagedState(store.getState().queries, POPULAR_MOVIES).status).toBe('error'));
    expect(store.getState().connection.status).toBe('ready');
    expect(pagedState(store.getState().queries, POPULAR_MOVIES).error?.message).toMatch(/could not be found/i);
    expect(calls.filter((call) => call === 'popularMovies')).toHaveLength(1);
  });

  it('are asked again by a later start (the retry after a failed one), which names none itself', async () => {
    let down = true;
    const { store, calls } = fake.makeStore(serviceTarget(), {}, async (operation, _args, send) => {
      if (down) throw new Error('connect ECONNREFUSED');
      return send();
    });
    await store.getState().connection.start(() => [POPULAR_MOVIES]);
    expect(store.getState().connection.status).toBe('failed');
    await eventually(() => expect(pagedState(store.getState().queries, POPULAR_MOVIES).status).toBe('error'));

    down = false;
    await store.getState().connection.start();
    expect(store.getState().connection.status).toBe('ready');
    await eventually(() => expect(pagedState(store.getState().queries, POPULAR_MOVIES).status).toBe('ready'));
    expect(calls.filter((call) => call === 'popularMovies')).toHaveLength(2);
  });

  it('are not asked ahead when they are account state (the session is not restored yet)', async () => {
    const rated = pagedOperationSource('accountRatedMovies', { path: { account_id: 1 } });
    const { store, calls } = fake.makeStore(serviceTarget(), {});
    await store.getState().connection.start(() => [rated]);
    expect(store.getState().connection.status).toBe('ready');
    expect(calls).not.toContain('accountRatedMovies');
  });
});

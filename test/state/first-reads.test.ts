import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pagedOperationSource, pagedState } from '../../src/state/index.js';
import { startFakeService, type FakeService } from './fake-service.js';
import { eventually, makeStore, type CallHook, type TestStore } from './support.js';

/**
 * The first screen's reads (StoreDeps.firstReads) go out with the connection's own first
 * requests, not after their answers: the first data row then waits for one round trip, not two.
 */

const POPULAR_MOVIES = pagedOperationSource('popularMovies', {});

let service: FakeService;
let current: TestStore | undefined;

beforeAll(async () => {
  service = await startFakeService();
});
afterAll(() => service.close());
afterEach(() => {
  current?.cleanup();
  current = undefined;
});

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
    current = makeStore({ baseUrl: service.url, token: service.token, approvalBase: service.url }, { firstReads: () => [POPULAR_MOVIES] }, held.hook);
    const { store, calls } = current;
    const started = store.getState().connection.start();
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
    current = makeStore({ baseUrl: service.url, token: service.token, approvalBase: service.url }, { firstReads: () => [POPULAR_MOVIES] }, async (operation, _args, send) => {
      if (operation === 'popularMovies') await popularHeld;
      return send();
    });
    const { store, calls } = current;
    await store.getState().connection.start();
    const shown = store.getState().queries.loadPages(POPULAR_MOVIES);
    expect(pagedState(store.getState().queries, POPULAR_MOVIES).status).toBe('loading');
    releasePopular();
    await shown;
    expect(pagedState(store.getState().queries, POPULAR_MOVIES).status).toBe('ready');
    expect(calls.filter((call) => call === 'popularMovies')).toHaveLength(1);
  });

  it('leave nothing behind when they fail: the screen asks for itself', async () => {
    service.failNext('GET /3/movie/popular', { status: 503, body: { success: false, status_code: 43, status_message: 'down' } });
    current = makeStore({ baseUrl: service.url, token: service.token, approvalBase: service.url }, { firstReads: () => [POPULAR_MOVIES] });
    const { store, calls } = current;
    await store.getState().connection.start();
    await eventually(() => expect(calls).toContain('popularMovies'));
    await eventually(() => expect(store.getState().queries.pages[POPULAR_MOVIES.key]).toBeUndefined());
    await store.getState().queries.loadPages(POPULAR_MOVIES);
    expect(pagedState(store.getState().queries, POPULAR_MOVIES).status).toBe('ready');
    expect(calls.filter((call) => call === 'popularMovies')).toHaveLength(2);
  });

  it('are not asked ahead when they are account state (the session is not restored yet)', async () => {
    const rated = pagedOperationSource('accountRatedMovies', { path: { account_id: 1 } });
    current = makeStore({ baseUrl: service.url, token: service.token, approvalBase: service.url }, { firstReads: () => [rated] });
    const { store, calls } = current;
    await store.getState().connection.start();
    expect(store.getState().connection.status).toBe('ready');
    expect(calls).not.toContain('accountRatedMovies');
  });
});

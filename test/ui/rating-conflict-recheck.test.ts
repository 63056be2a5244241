import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import { NetworkError } from '../../src/api/errors.js';
import type { CatalogApi, EpisodeRef } from '../../src/state/index.js';
import { myRating } from '../../src/state/index.js';
import { act } from 'react';
import { makeStore } from '../state/support.js';
import { renderApp } from './harness.js';
import { seriesWithSeason, startEmbeddedCatalog, type EmbeddedCatalog } from './tv-support.js';

/**
 * A rating kept while offline that the service meanwhile holds differently is asked about; the
 * prompt names what the service holds when it is shown, not what it held when the conflict was
 * found: the value is read again, and a conflict the service has since settled goes.
 */

let catalog: EmbeddedCatalog;
let episode: EpisodeRef;
beforeAll(async () => {
  catalog = await startEmbeddedCatalog();
  const { series, season } = await seriesWithSeason(catalog.client, 3);
  episode = { seriesId: series.id, season: season.season_number, episode: 2 };
}, 60_000);
afterAll(() => catalog.close());

/** A store whose rating of `episode` waits offline while another device rates it 7; with `ui`, the app is drawn and a popup covers the prompt when the conflict is found. */
async function storeWithConflict({ ui = false } = {}) {
  const offline = { now: false };
  let client: CatalogClient | undefined;
  const test = makeStore(
    { baseUrl: catalog.server.url, token: catalog.server.token, approvalBase: catalog.server.url },
    {
      service: { kind: 'embedded', label: 'embedded catalog' },
      createClient: (target, session) => {
        const own = new CatalogClient({ baseUrl: target.baseUrl, token: target.token ?? '', session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
        client = own;
        const api: CatalogApi = {
          call(key, args) {
            if (offline.now && (key === 'rateEpisode' || key === 'episodeAccountStates')) return Promise.reject(new NetworkError(key, 'refused', 'connection refused by host'));
            return own.call(key, args);
          },
          close: () => own.close(),
        };
        return api;
      },
    },
  );
  const state = () => test.store.getState();
  const rendered = ui ? await renderApp(test.store, { columns: 100, rows: 30 }) : undefined;
  await act(() => state().connection.start());
  expect(await state().session.startGuestSession()).toBe(true);
  const path = { series_id: episode.seriesId, season_number: episode.season, episode_number: episode.episode };
  // Kept while offline; meanwhile another device (the same guest session) rates it 7.
  offline.now = true;
  await state().ratings.rate(episode, 3);
  await client!.call('rateEpisode', { path, body: { value: 7 } });
  offline.now = false;
  if (rendered) await act(async () => state().nav.openModal('session'));
  await act(() => state().ratings.sendWaiting());
  expect(state().ratings.conflicts).toEqual([{ episode, mine: 3, theirs: 7 }]);
  const elsewhere = (value: number | null) =>
    value === null ? client!.call('deleteEpisodeRating', { path }) : client!.call('rateEpisode', { path, body: { value } });
  return {
    test: { cleanup: () => (rendered?.unmount(), test.cleanup()) },
    state,
    elsewhere,
    ui: rendered,
  };
}

describe('a rating conflict shown later', () => {
  it('names the value the service holds when it is read again', async () => {
    const { test, state, elsewhere } = await storeWithConflict();
    try {
      await elsewhere(8.5);
      await state().ratings.recheckConflict();
      expect(state().ratings.conflicts).toEqual([{ episode, mine: 3, theirs: 8.5 }]);
      await elsewhere(null);
      await state().ratings.recheckConflict();
      expect(state().ratings.conflicts).toEqual([{ episode, mine: 3, theirs: null }]);
    } finally {
      test.cleanup();
    }
  });

  it('goes when the service now holds what was asked here', async () => {
    const { test, state, elsewhere } = await storeWithConflict();
    try {
      await elsewhere(3);
      await state().ratings.recheckConflict();
      expect(state().ratings.conflicts).toEqual([]);
      expect(state().ratings.waiting).toEqual({});
      expect(myRating(state(), episode)).toBe(3);
    } finally {
      test.cleanup();
    }
  });

  it('is asked with the value the service holds when its prompt shows, after waiting behind another popup', async () => {
    const { test, state, elsewhere, ui } = await storeWithConflict({ ui: true });
    try {
      expect(ui!.frame()).not.toContain('Send yours?');
      await elsewhere(8.5);
      await act(async () => state().nav.closeModal());
      await ui!.waitFor(/you asked for 3\.0 while offline; the service now holds 8\.5, set elsewhere/);
    } finally {
      test.cleanup();
    }
  });
});

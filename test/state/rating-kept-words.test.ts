import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import { NetworkError } from '../../src/api/errors.js';
import type { CatalogApi, EpisodeRef } from '../../src/state/index.js';
import { seriesWithSeason, startEmbeddedCatalog, type EmbeddedCatalog } from '../ui/tv-support.js';
import { makeStore } from './support.js';

/**
 * What the toasts say about ratings kept on this machine: an undo while the service does not
 * answer is kept to send, not "undone"; and the toast once they are sent tells ratings from deletes.
 */

let catalog: EmbeddedCatalog;
let episodes: EpisodeRef[];
beforeAll(async () => {
  catalog = await startEmbeddedCatalog();
  const { series, season } = await seriesWithSeason(catalog.client, 3);
  episodes = [1, 2, 3].map((episode) => ({ seriesId: series.id, season: season.season_number, episode }));
}, 60_000);
afterAll(() => catalog.close());

/** A store on the catalog whose rating writes fail while `offline.now` is true. */
function storeWithOutage() {
  const offline = { now: false };
  const test = makeStore(
    { baseUrl: catalog.server.url, token: catalog.server.token, approvalBase: catalog.server.url },
    {
      service: { kind: 'embedded', label: 'embedded catalog' },
      createClient: (target, session) => {
        const client = new CatalogClient({ baseUrl: target.baseUrl, token: target.token ?? '', session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
        const api: CatalogApi = {
          call(key, args) {
            const writes = key === 'rateEpisode' || key === 'deleteEpisodeRating' || key === 'episodeAccountStates';
            if (writes && offline.now) return Promise.reject(new NetworkError(key, 'refused', 'connection refused by host'));
            return client.call(key, args);
          },
          close: () => client.close(),
        };
        return api;
      },
    },
  );
  return { test, offline };
}

describe('toasts about ratings kept on this machine', () => {
  it('an undo the service cannot take yet is kept to send, and the toast after sending counts deletes apart', async () => {
    const { test, offline } = storeWithOutage();
    try {
      const state = () => test.store.getState();
      const said: string[] = [];
      test.store.subscribe((now, before) => {
        for (const toast of now.notifications.toasts) if (!before.notifications.toasts.some((t) => t.id === toast.id)) said.push(toast.text);
      });
      await state().connection.start();
      expect(await state().session.startGuestSession()).toBe(true);
      await state().ratings.rate(episodes[0]!, 6);
      await state().ratings.rate(episodes[1]!, 7);
      offline.now = true;
      // Undoing the 7 deletes it: kept, not done.
      await state().ratings.undo();
      await state().ratings.rate(episodes[2]!, 8);
      expect(said.join('\n')).not.toMatch(/^Undid/m);
      expect(said).toContainEqual(expect.stringMatching(/Undo of your rating of S\d+ E2: not rated is kept on this machine/));
      offline.now = false;
      await state().ratings.sendWaiting();
      await state().ratings.settled();
      expect(said.at(-1)).toBe('Sent 1 rating and 1 delete kept on this machine');
    } finally {
      test.cleanup();
    }
  });
});

import { describe, expect } from 'vitest';
import { NetworkError } from '../../src/api/errors.js';
import type { EpisodeRef } from '../../src/state/index.js';
import { myRating } from '../../src/state/index.js';
import { act } from 'react';
import type { CallHook } from '../state/support.js';
import { storeTest as it, type App, type Stores } from '../store-test.js';
import { seriesWithSeason } from './tv-support.js';

/**
 * A rating kept while offline that the service meanwhile holds differently is asked about; the
 * prompt names what the service holds when it is shown, not what it held when the conflict was
 * found: the value is read again, and a conflict the service has since settled goes.
 */

let episode: EpisodeRef;
it.beforeAll(async ({ service }) => {
  const { series, season } = await seriesWithSeason(service.client, 3);
  episode = { seriesId: series.id, season: season.season_number, episode: 2 };
}, 60_000);

/** A store whose rating of `episode` waits offline while another device rates it 7; with `ui`, the app is drawn and a popup covers the prompt when the conflict is found. */
async function storeWithConflict({ stores, app }: { stores: Stores; app: App }, { ui = false } = {}) {
  const offline = { now: false };
  const through: CallHook = (operation, _args, send) =>
    offline.now && (operation === 'rateEpisode' || operation === 'episodeAccountStates') ? Promise.reject(new NetworkError(operation, 'refused', 'connection refused by host')) : send();
  const started = ui ? await app.start({ through }) : undefined;
  const test = started?.test ?? stores.make({}, through);
  const state = () => test.store.getState();
  if (!started) await act(() => state().connection.start());
  expect(await state().session.startGuestSession()).toBe(true);
  // The store's own client, past the hook: another device with the same guest session.
  const client = test.client();
  const path = { series_id: episode.seriesId, season_number: episode.season, episode_number: episode.episode };
  // Kept while offline; meanwhile another device (the same guest session) rates it 7.
  offline.now = true;
  await state().ratings.rate(episode, 3);
  await client.call('rateEpisode', { path, body: { value: 7 } });
  offline.now = false;
  if (started) await act(async () => state().nav.openModal('session'));
  await act(() => state().ratings.sendWaiting());
  expect(state().ratings.conflicts).toEqual([{ episode, mine: 3, theirs: 7 }]);
  const elsewhere = (value: number | null) =>
    value === null ? client.call('deleteEpisodeRating', { path }) : client.call('rateEpisode', { path, body: { value } });
  return { state, elsewhere, ui: started?.ui };
}

describe('a rating conflict shown later', () => {
  it('names the value the service holds when it is read again', async ({ stores, app }) => {
    const { state, elsewhere } = await storeWithConflict({ stores, app });
    await elsewhere(8.5);
    await state().ratings.recheckConflict();
    expect(state().ratings.conflicts).toEqual([{ episode, mine: 3, theirs: 8.5 }]);
    await elsewhere(null);
    await state().ratings.recheckConflict();
    expect(state().ratings.conflicts).toEqual([{ episode, mine: 3, theirs: null }]);
  });

  it('goes when the service now holds what was asked here', async ({ stores, app }) => {
    const { state, elsewhere } = await storeWithConflict({ stores, app });
    await elsewhere(3);
    await state().ratings.recheckConflict();
    expect(state().ratings.conflicts).toEqual([]);
    expect(state().ratings.waiting).toEqual({});
    expect(myRating(state(), episode)).toBe(3);
  });

  it('is asked with the value the service holds when its prompt shows, after waiting behind another popup', async ({ stores, app }) => {
    const { state, elsewhere, ui } = await storeWithConflict({ stores, app }, { ui: true });
    expect(ui!.frame()).not.toContain('Send yours?');
    await elsewhere(8.5);
    await act(async () => state().nav.closeModal());
    await ui!.waitFor(/you asked for 3\.0 while offline; the service now holds 8\.5, set elsewhere/);
  });
});

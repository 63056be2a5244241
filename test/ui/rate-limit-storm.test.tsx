import { act } from 'react';
import { describe, expect } from 'vitest';
import { parseFaultSpec } from '../../src/server/index.js';
import { episodeRefKey } from '../../src/state/index.js';
import { fileSessionStorage } from '../../src/storage/index.js';
import { storeTest } from '../store-test.js';
import { openSeasonByKeys, seriesWithSeason } from './tv-support.js';

/**
 * Rating episodes while the service answers most writes with 429 (`marquee serve --faults`,
 * drawn from the server's seed, so every run meets the same storm): each refused rating is
 * kept on this machine with a message that says why, sent again, and in the end the service
 * holds every rating asked and the screen shows them saved. No write is lost.
 */

/** The season rated, on the embedded catalog whose rating writes meet the storm. */
const it = storeTest.override('faults', parseFaultSpec('rateEpisode:429=60%')).extend('target', { scope: 'file' }, ({ service }) => seriesWithSeason(service.client, 4));

describe('a 429 storm on ratings', () => {
  it('keeps each refused rating with a clear message, sends it again, and ends with the service holding all of them', async ({ app, service, target }) => {
    const { ui, store, calls, test } = await app.start();
    await openSeasonByKeys(ui, target);
    const state = () => store.getState();
    const messages: string[] = [];
    const unsubscribe = store.subscribe((s) => {
      for (const toast of s.notifications.toasts) if (!messages.includes(toast.text)) messages.push(toast.text);
    });

    // Rating mode: four episodes, four values, in one read.
    await ui.press('m8769');
    const asked = [8, 7, 6, 9];
    const seasonNumber = target.season.season_number;
    const episodes = asked.map((_, i) => ({ seriesId: target.series.id, season: seasonNumber, episode: i + 1 }));

    // The storm refuses some; what it refused is kept and tried again (the 15 s timer, called here at once).
    for (let round = 0; round < 40; round++) {
      await act(() => state().ratings.settled());
      if (Object.keys(state().ratings.waiting).length === 0 && Object.keys(state().ratings.pending).length === 0) break;
      await act(() => state().ratings.sendWaiting());
    }
    unsubscribe();

    expect(calls.filter((c) => c === 'rateEpisode').length, 'the storm refused some writes').toBeGreaterThan(asked.length);
    expect(messages.some((m) => m.includes('asks to slow down (too many requests)') && m.includes('kept on this machine')), messages.join('\n')).toBe(true);
    expect(state().ratings.waiting).toEqual({});

    // The service holds every rating asked: read back through the guest session the app keeps.
    const guest = fileSessionStorage(test.dataDir, 'http://127.0.0.1').load();
    expect(guest?.kind).toBe('guest');
    const { url, token } = service;
    const answer = await fetch(`${url}/3/guest_session/${guest!.id}/rated/tv/episodes`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    type Rated = { show_id: number; season_number: number; episode_number: number; rating: number };
    const rated = (await answer.json()) as { results: Rated[] };
    const held = Object.fromEntries(rated.results.filter((e) => e.show_id === target.series.id && e.season_number === seasonNumber).map((e) => [e.episode_number, e.rating]));
    expect(held).toEqual({ 1: 8, 2: 7, 3: 6, 4: 9 });
    // And the screen says so: no rating still kept to send.
    const frame = await ui.waitFor((f) => !f.includes('kept to send'));
    expect(frame).toContain('rating mode');
    for (const episode of episodes) expect(state().ratings.local[episodeRefKey(episode)]).toBe(asked[episode.episode - 1]);
  });
});

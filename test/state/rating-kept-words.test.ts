import { describe, expect } from 'vitest';
import { storeTest as it } from '../store-test.js';

/**
 * What the toasts say about ratings kept on this machine: an undo while the service does not
 * answer is kept to send, not "undone"; and the toast once they are sent tells ratings from deletes.
 */

/** The episode operations that fail while the service does not answer. */
const EPISODE_WRITES = ['rateEpisode', 'deleteEpisodeRating', 'episodeAccountStates'];

describe('toasts about ratings kept on this machine', () => {
  it('an undo the service cannot take yet is kept to send, and the toast after sending counts deletes apart', async ({ stores, episodes }) => {
    const { test, fault } = stores.withFaults(EPISODE_WRITES);
    const state = () => test.store.getState();
    const said: string[] = [];
    test.store.subscribe((now, before) => {
      for (const toast of now.notifications.toasts) if (!before.notifications.toasts.some((t) => t.id === toast.id)) said.push(toast.text);
    });
    await state().connection.start();
    expect(await state().session.startGuestSession()).toBe(true);
    await state().ratings.rate(episodes[0]!, 6);
    await state().ratings.rate(episodes[1]!, 7);
    fault.now = 'network';
    // Undoing the 7 deletes it: kept, not done.
    await state().ratings.undo();
    await state().ratings.rate(episodes[2]!, 8);
    expect(said.join('\n')).not.toMatch(/^Undid/m);
    expect(said).toContainEqual(expect.stringMatching(/Undo of your rating of S\d+ E2: not rated is kept on this machine/));
    fault.now = 'none';
    await state().ratings.sendWaiting();
    await state().ratings.settled();
    expect(said.at(-1)).toBe('Sent 1 rating and 1 delete kept on this machine');
  });
});

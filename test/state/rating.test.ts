import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { RATING_MESSAGES } from '../../src/contract/index.js';
import {
  EMPTY_RATING_MESSAGE,
  myRating,
  parseRating,
  seasonKey,
  stepRating,
  type EpisodeRef,
} from '../../src/state/index.js';
import {
  openAction,
  ratingFormReducer,
  submitRatingForm,
  type RatingFormAction,
  type RatingFormState,
} from '../../src/ui/screens/tv/useRatingForm.js';
import { storeTest as it, type FailingStore, type Stores } from '../store-test.js';
import { seriesWithSeason } from '../ui/tv-support.js';

let episodes: EpisodeRef[];

it.beforeAll(async ({ service }) => {
  const { series, season } = await seriesWithSeason(service.client, 3);
  episodes = [1, 2, 3].map((episode) => ({ seriesId: series.id, season: season.season_number, episode }));
});

async function connected(stores: Stores): Promise<FailingStore> {
  const store = stores.failing();
  await store.store.getState().connection.start();
  expect(store.store.getState().connection.status).toBe('ready');
  return store;
}

/**
 * The quick rating form as a season screen holds it (ui/screens/tv/useRatingForm.ts), without
 * React: its state, the screen's cursor, and the same reducer and submit step.
 */
function ratingForm(store: FailingStore) {
  let form: RatingFormState | undefined;
  let cursor = 0;
  const dispatch = (action: RatingFormAction) => {
    form = ratingFormReducer(form, action);
  };
  const context = {
    store: store.store,
    episodes,
    moveTo: (index: number) => {
      cursor = index;
    },
    dispatch,
    current: () => form,
    canReopen: () => form === undefined,
  };
  return {
    get form() {
      return form;
    },
    get cursor() {
      return cursor;
    },
    openForm(index: number) {
      const action = openAction(store.store, episodes, index);
      if (action) dispatch(action);
    },
    type(text: string) {
      for (const character of text) dispatch({ type: 'type', character });
    },
    erase: () => dispatch({ type: 'erase' }),
    step: (direction: 1 | -1) => dispatch({ type: 'step', direction, from: store.store.getState().ratings.lastValue ?? 5 }),
    submit: () => (form ? submitRatingForm(form, context) : Promise.resolve(false)),
  };
}

describe('rating values', () => {
  it('reads what is typed with the service rules', () => {
    expect(parseRating('7.5')).toEqual({ value: 7.5 });
    expect(parseRating('10')).toEqual({ value: 10 });
    expect(parseRating('')).toEqual({ problem: EMPTY_RATING_MESSAGE });
    expect(parseRating('0')).toEqual({ problem: RATING_MESSAGES.tooLow });
    expect(parseRating('0.4')).toEqual({ problem: RATING_MESSAGES.notHalfStep });
    expect(parseRating('10.5')).toEqual({ problem: RATING_MESSAGES.tooHigh });
    expect(parseRating('7.2')).toEqual({ problem: RATING_MESSAGES.notHalfStep });
    expect(parseRating('.')).toEqual({ problem: RATING_MESSAGES.notHalfStep });
  });

  it('steps by half points, snapping off-step values, within 0.5..10', () => {
    expect(stepRating('7', 1, 5)).toBe(7.5);
    expect(stepRating('7', -1, 5)).toBe(6.5);
    expect(stepRating('7.2', 1, 5)).toBe(7.5);
    expect(stepRating('7.2', -1, 5)).toBe(7);
    expect(stepRating('10', 1, 5)).toBe(10);
    expect(stepRating('0.5', -1, 5)).toBe(0.5);
    expect(stepRating('', 1, 5)).toBe(5.5);
    expect(stepRating('', -1, 8)).toBe(7.5);
  });
});

describe('the quick rating form', () => {
  it('refuses values outside 0.5..10 or off the 0.5 step before any request', async ({ stores }) => {
    const store = await connected(stores);
    const rating = ratingForm(store);
    rating.openForm(0);
    for (const [text, message] of [
      ['11', RATING_MESSAGES.tooHigh],
      ['0', RATING_MESSAGES.tooLow],
      ['7.2', RATING_MESSAGES.notHalfStep],
      ['', EMPTY_RATING_MESSAGE],
    ] as const) {
      while (rating.form!.text) rating.erase();
      rating.type(text);
      expect(await rating.submit()).toBe(false);
      expect(rating.form).toMatchObject({ text, problem: message, index: 0 });
    }
    expect(store.calls).not.toContain('rateEpisode');
    expect(store.calls).not.toContain('createGuestSession');
    expect(store.store.getState().session.current.kind).toBe('none');
  });

  it('takes only digits and one point, up to "10.0"', async ({ stores }) => {
    const store = await connected(stores);
    const rating = ratingForm(store);
    rating.openForm(0);
    rating.type('7a.5.x');
    expect(rating.form!.text).toBe('7.5');
    rating.type('55');
    expect(rating.form!.text).toBe('7.55');
    rating.erase();
    rating.step(1);
    expect(rating.form!.text).toBe('8.0');
  });

  it('starts a guest session on demand, saves, and moves the cursor to the next episode', async ({ stores }) => {
    const store = await connected(stores);
    const state = () => store.store.getState();
    const rating = ratingForm(store);
    rating.openForm(0);
    rating.type('8');
    const first = rating.submit();
    // The form closes and the cursor moves at once, so the next r works while this one saves.
    expect(rating.form).toBeUndefined();
    expect(rating.cursor).toBe(1);

    // The next two are rated before the first is saved: they all share one guest session.
    rating.openForm(1);
    rating.type('7.5');
    const second = rating.submit();
    rating.openForm(2);
    // The form starts from the value saved last.
    expect(rating.form).toMatchObject({ text: '7.5', prefilled: true });
    rating.step(1);
    expect(rating.form!.text).toBe('8.0');
    const third = rating.submit();
    expect(await Promise.all([first, second, third])).toEqual([true, true, true]);
    expect(state().session.current.kind).toBe('guest');
    expect(store.calls.filter((c) => c === 'createGuestSession')).toHaveLength(1);
    expect(store.calls.filter((c) => c === 'rateEpisode')).toHaveLength(3);
    expect(episodes.map((e) => myRating(state(), e))).toEqual([8, 7.5, 8]);
    // The last episode keeps the cursor: there is no next one.
    expect(rating.cursor).toBe(2);
  });

  it('opens on my rating (a digit replaces it) to re-rate', async ({ stores }) => {
    const store = await connected(stores);
    const rating = ratingForm(store);
    expect(await store.store.getState().ratings.rate(episodes[1]!, 6)).toBeUndefined();
    rating.openForm(1);
    expect(rating.form).toMatchObject({ text: '6.0', prefilled: true });
    rating.type('9');
    expect(rating.form).toMatchObject({ text: '9', prefilled: false });
    expect(await rating.submit()).toBe(true);
    expect(myRating(store.store.getState(), episodes[1]!)).toBe(9);
  });

  it('shows a service error in the form again, with the value that was typed', async ({ stores }) => {
    const store = await connected(stores);
    const state = () => store.store.getState();
    await state().session.startGuestSession();
    store.failNext('rateEpisode', 404, 34, 'The resource you requested could not be found.');
    const rating = ratingForm(store);
    rating.openForm(1);
    rating.type('6.5');
    expect(await rating.submit()).toBe(false);
    expect(rating.form).toMatchObject({
      index: 1,
      text: '6.5',
      problem: 'The resource you requested could not be found. (HTTP 404)',
    });
    expect(rating.cursor).toBe(1);
    expect(myRating(state(), episodes[1]!)).toBeUndefined();
    expect(state().ratings.pending).toEqual({});
    // Enter again saves it.
    expect(await rating.submit()).toBe(true);
    expect(myRating(state(), episodes[1]!)).toBe(6.5);
  });

  it('deletes a rating after asking', async ({ stores }) => {
    const store = await connected(stores);
    const state = () => store.store.getState();
    state().ratings.askDelete(episodes[2]!);
    expect(state().ratings.deletion).toBeUndefined();
    expect(state().notifications.toasts.at(-1)?.text).toMatch(/have not rated/);

    expect(await state().ratings.rate(episodes[2]!, 4.5)).toBeUndefined();
    state().ratings.askDelete(episodes[2]!);
    expect(state().ratings.deletion).toMatchObject({ value: 4.5 });
    state().ratings.cancelDelete();
    expect(state().ratings.deletion).toBeUndefined();
    expect(store.calls).not.toContain('deleteEpisodeRating');

    state().ratings.askDelete(episodes[2]!);
    expect(await state().ratings.confirmDelete()).toBe(true);
    expect(store.calls).toContain('deleteEpisodeRating');
    expect(myRating(state(), episodes[2]!)).toBeUndefined();
    expect(state().ratings.deletion).toBeUndefined();
  });
});

describe('my ratings with a user session', () => {
  it("finds a kept guest session's earlier ratings of a season, in one request", async ({ stores }) => {
    const first = await connected(stores);
    expect(await first.store.getState().ratings.rate(episodes[1]!, 6.5)).toBeUndefined();
    expect(first.store.getState().session.current.kind).toBe('guest');

    // Another run with the guest session kept by the first.
    const second = stores.failing();
    copyFileSync(join(first.dataDir, 'sessions.json'), join(second.dataDir, 'sessions.json'));
    await second.store.getState().connection.start();
    const state = () => second.store.getState();
    expect(state().session.current.kind).toBe('guest');
    expect(myRating(state(), episodes[1]!)).toBeUndefined();
    const { seriesId, season } = episodes[1]!;
    await state().ratings.loadSeasonRatings(seriesId, season);
    expect(myRating(state(), episodes[1]!)).toBe(6.5);
    expect(myRating(state(), episodes[0]!)).toBeUndefined();
    // Opened again, the season is not asked for twice.
    await state().ratings.loadSeasonRatings(seriesId, season);
    expect(second.calls.filter((call) => call === 'seasonAccountStates')).toHaveLength(1);
    expect(second.calls).not.toContain('accountRatedEpisodes');
  });

  it("says when a guest session's ratings cannot be loaded, and loads them on a retry", async ({ stores }) => {
    const store = await connected(stores);
    expect(await store.store.getState().ratings.rate(episodes[2]!, 4)).toBeUndefined();
    store.failNext('seasonAccountStates', 503, 9, 'Service offline: This service is temporarily offline, try again later.');
    const { seriesId, season } = episodes[2]!;
    const key = seasonKey(seriesId, season);
    await store.store.getState().ratings.loadSeasonRatings(seriesId, season);
    expect(store.store.getState().ratings.guestSeasons[key]).toMatchObject({ status: 'error', error: { message: expect.stringMatching(/temporarily offline/) } });
    await store.store.getState().ratings.loadSeasonRatings(seriesId, season, true);
    expect(store.store.getState().ratings.guestSeasons[key]?.status).toBe('ready');
    expect(myRating(store.store.getState(), episodes[2]!)).toBe(4);
  });

  it("loads the account's rated episodes, and forgets them on sign-out", async ({ stores, service }) => {
    const { username, password } = service.server.demoAccount;
    const first = await connected(stores);
    expect(await first.store.getState().session.signInWithPassword(username, password)).toBe(true);
    expect(await first.store.getState().ratings.rate(episodes[0]!, 9.5)).toBeUndefined();
    expect(first.calls).not.toContain('createGuestSession');

    // Another run, signed in as the same account, finds the rating on the service.
    const second = await connected(stores);
    const state = () => second.store.getState();
    expect(await state().session.signInWithPassword(username, password)).toBe(true);
    expect(myRating(state(), episodes[0]!)).toBeUndefined();
    await state().ratings.loadAccountRatings();
    expect(state().ratings.accountStatus).toBe('ready');
    expect(myRating(state(), episodes[0]!)).toBe(9.5);

    await state().session.signOut();
    expect(myRating(state(), episodes[0]!)).toBeUndefined();
    expect(state().ratings.accountStatus).toBe('idle');
  });

  it('rates several episodes one request at a time, stops at a failure, and goes on from there on retry', async ({ stores }) => {
    const store = await connected(stores);
    const state = () => store.store.getState();
    await state().session.startGuestSession();
    // The service fails the second rating of the batch.
    const unsubscribe = store.store.subscribe((now, before) => {
      if (now.ratings.batch?.done === 1 && before.ratings.batch?.done === 0) {
        store.failNext('rateEpisode', 404, 34, 'The resource you requested could not be found.');
      }
    });
    await state().ratings.rateMany(episodes, 6);
    unsubscribe();
    expect(state().ratings.batch).toMatchObject({ status: 'stopped', done: 1, value: 6, stoppedAt: { episode: episodes[1] } });
    expect(episodes.map((e) => myRating(state(), e))).toEqual([6, undefined, undefined]);
    expect(store.calls.filter((c) => c === 'rateEpisode')).toHaveLength(2);

    await state().ratings.retryBatch();
    expect(state().ratings.batch).toBeUndefined();
    expect(episodes.map((e) => myRating(state(), e))).toEqual([6, 6, 6]);
    // The retry sent the two not rated, and nothing twice.
    expect(store.calls.filter((c) => c === 'rateEpisode')).toHaveLength(4);
    expect(state().notifications.toasts.at(-1)?.text).toBe('Rated 3 episodes: 6.0');
  });
});

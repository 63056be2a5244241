import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_MESSAGES } from '../../src/contract/index.js';
import { type TestServer, refusal, signIn, signInSecondUser, standard, startTestServer } from './harness.js';

/**
 * Ratings of whole films and series, account states, the rated lists of an account and of a
 * guest session, the watchlist and the favourites: answers, refusals and who sees what.
 */

let t: TestServer;
let owner: { sessionId: string };
let other: { sessionId: string };
let guest: { guestSessionId: string };

beforeAll(async () => {
  t = await startTestServer();
  owner = { sessionId: await signIn(t) };
  other = await signInSecondUser(t);
  guest = { guestSessionId: (await t.client.call('createGuestSession')).guest_session_id };
});

afterAll(async () => {
  await t.dispose();
});

const json = { 'content-type': 'application/json;charset=utf-8' };
const account = { account_id: 0 };

describe('rating films and series', () => {
  it('refuses values outside 0.5..10 in steps of 0.5 with the three exact messages (400, status_code 18)', async () => {
    const cases: Array<[number, string]> = [
      [0, RATING_MESSAGES.tooLow],
      [10.5, RATING_MESSAGES.tooHigh],
      [7.2, RATING_MESSAGES.notHalfStep],
      [0.4, RATING_MESSAGES.notHalfStep],
    ];
    for (const [value, message] of cases) {
      const expected = { httpStatus: 400, statusCode: 18, statusMessage: message };
      expect(await refusal(t.client.call('rateMovie', { path: { movie_id: 20 }, body: { value }, session: owner })), `movie ${value}`).toEqual(expected);
      expect(await refusal(t.client.call('rateSeries', { path: { series_id: 20 }, body: { value }, session: owner })), `series ${value}`).toEqual(expected);
    }
    expect((await t.client.call('movieAccountStates', { path: { movie_id: 20 }, session: owner })).rated).toBe(false);
  });

  it('a body without a value, or with text for it, is 422 status_code 5', async () => {
    for (const body of ['{}', '{"value":"8"}', '{"rating":8}']) {
      const response = await t.raw('POST', `/3/movie/20/rating?session_id=${owner.sessionId}`, { body, headers: json });
      expect(response.status, body).toBe(422);
      expect(response.json, body).toMatchObject({ status_code: 5 });
    }
  });

  it('first rating 201 status_code 1, re-rating 201 status_code 12, delete 200 status_code 13, deleting again 404 status_code 34', async () => {
    for (const kind of ['movie', 'tv'] as const) {
      const target = `/3/${kind}/21/rating?session_id=${owner.sessionId}`;
      const first = await t.raw('POST', target, { body: '{"value":7}', headers: json });
      expect([first.status, first.json]).toEqual([201, { success: true, status_code: 1, status_message: 'Success.' }]);
      const again = await t.raw('POST', target, { body: '{"value":8.5}', headers: json });
      expect([again.status, again.json]).toEqual([201, { success: true, status_code: 12, status_message: 'The item/record was updated successfully.' }]);
      const states = await t.raw('GET', `/3/${kind}/21/account_states?session_id=${owner.sessionId}`);
      expect(states.json).toEqual({ id: 21, favorite: false, rated: { value: 8.5 }, watchlist: false });
      const deleted = await t.raw('DELETE', target);
      expect([deleted.status, deleted.json]).toEqual([200, { success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' }]);
      const twice = await t.raw('DELETE', target);
      expect([twice.status, (twice.json as { status_code: number }).status_code]).toEqual([404, 34]);
    }
  });

  it('a film or series that does not exist is 404 status_code 34', async () => {
    expect(await refusal(t.client.call('rateMovie', { path: { movie_id: 999_999 }, body: { value: 5 }, session: owner }))).toEqual(standard(34));
    expect(await refusal(t.client.call('rateSeries', { path: { series_id: 999_999 }, body: { value: 5 }, session: owner }))).toEqual(standard(34));
    expect(await refusal(t.client.call('movieAccountStates', { path: { movie_id: 999_999 }, session: owner }))).toEqual(standard(34));
    const missingEpisode = { series_id: 4, season_number: 1, episode_number: 99 };
    expect(await refusal(t.client.call('episodeAccountStates', { path: missingEpisode, session: owner }))).toEqual(standard(34));
  });

  it('no session, or one the service does not know, is 401 status_code 3', async () => {
    for (const session of [{}, { sessionId: 'not-a-session' }, { guestSessionId: 'not-a-guest-session' }]) {
      expect(await refusal(t.client.call('rateMovie', { path: { movie_id: 22 }, body: { value: 5 }, session }))).toEqual(standard(3));
      expect(await refusal(t.client.call('deleteSeriesRating', { path: { series_id: 22 }, session }))).toEqual(standard(3));
      expect(await refusal(t.client.call('seriesAccountStates', { path: { series_id: 22 }, session }))).toEqual(standard(3));
    }
    expect(await refusal(t.client.call('accountRatedMovies', { path: account, session: { sessionId: 'not-a-session' } }))).toEqual(standard(3));
  });

  it("each account sees only its own ratings, and cannot delete another's", async () => {
    await t.client.call('rateMovie', { path: { movie_id: 23 }, body: { value: 9 }, session: owner });
    expect((await t.client.call('movieAccountStates', { path: { movie_id: 23 }, session: other })).rated).toBe(false);
    const theirs = await t.client.call('accountRatedMovies', { path: account, session: other });
    expect(theirs.results.map((m) => m.id)).not.toContain(23);
    expect(await refusal(t.client.call('deleteMovieRating', { path: { movie_id: 23 }, session: other }))).toEqual(standard(34));
    expect((await t.client.call('movieAccountStates', { path: { movie_id: 23 }, session: owner })).rated).toEqual({ value: 9 });
  });

  it('rated lists come in rating order, newest first with created_at.desc; another sort_by is 422 status_code 5', async () => {
    for (const id of [31, 32, 33]) {
      await t.client.call('rateSeries', { path: { series_id: id }, body: { value: id - 28 }, session: other });
      t.clock.advance(1000);
    }
    // Re-rating keeps the place of the first rating.
    await t.client.call('rateSeries', { path: { series_id: 31 }, body: { value: 10 }, session: other });
    const ascending = await t.client.call('accountRatedSeries', { path: account, session: other });
    expect(ascending.results.map((s) => [s.id, s.rating])).toEqual([[31, 10], [32, 4], [33, 5]]);
    const newest = await t.client.call('accountRatedSeries', { path: account, query: { sort_by: 'created_at.desc' }, session: other });
    expect(newest.results.map((s) => s.id)).toEqual([33, 32, 31]);
    const wrong = await t.raw('GET', `/3/account/0/rated/tv?sort_by=rating.desc&session_id=${other.sessionId}`);
    expect([wrong.status, (wrong.json as { status_code: number }).status_code]).toEqual([422, 5]);
  });

  it('rating an episode shows in its account states, for a user and a guest alike', async () => {
    const episode = { series_id: 7, season_number: 1, episode_number: 2 };
    await t.client.call('rateEpisode', { path: episode, body: { value: 6 }, session: guest });
    const states = await t.client.call('episodeAccountStates', { path: episode, session: guest });
    expect(states.rated).toEqual({ value: 6 });
    expect((await t.client.call('episodeAccountStates', { path: episode, session: owner })).rated).toBe(false);
  });
});

describe('guest sessions', () => {
  it("rate films and series and read them back from the guest session's own lists", async () => {
    await t.client.call('rateMovie', { path: { movie_id: 40 }, body: { value: 7.5 }, session: guest });
    t.clock.advance(1000);
    await t.client.call('rateMovie', { path: { movie_id: 41 }, body: { value: 2 }, session: guest });
    await t.client.call('rateSeries', { path: { series_id: 40 }, body: { value: 5 }, session: guest });
    const movies = await t.client.call('guestRatedMovies', { query: { sort_by: 'created_at.desc' }, session: guest });
    expect(movies.results.map((m) => [m.id, m.rating])).toEqual([[41, 2], [40, 7.5]]);
    expect((await t.client.call('guestRatedSeries', { session: guest })).results.map((s) => s.id)).toEqual([40]);
    const states = await t.client.call('movieAccountStates', { path: { movie_id: 40 }, session: guest });
    expect(states).toEqual({ id: 40, favorite: false, rated: { value: 7.5 }, watchlist: false });
    // Ratings of a guest are not the account's, and the other way round.
    expect((await t.client.call('accountRatedMovies', { path: account, session: owner })).results.map((m) => m.id)).not.toContain(40);
  });

  it('a guest session the service does not know is 401 status_code 3 on its lists', async () => {
    for (const path of ['rated/movies', 'rated/tv', 'rated/tv/episodes']) {
      const response = await t.raw('GET', `/3/guest_session/0123456789abcdef0123456789abcdef/${path}`);
      expect([response.status, (response.json as { status_code: number }).status_code], path).toEqual([401, 3]);
    }
    // A user's session id is not a guest session.
    const asUser = await t.raw('GET', `/3/guest_session/${owner.sessionId}/rated/movies`);
    expect(asUser.status).toBe(401);
  });

  it("another guest session's lists are its own", async () => {
    const second = { guestSessionId: (await t.client.call('createGuestSession')).guest_session_id };
    expect((await t.client.call('guestRatedMovies', { session: second })).results).toEqual([]);
  });

  it('has no watchlist or favourites: 401 status_code 3', async () => {
    const body = { media_type: 'movie', media_id: 1, watchlist: true } as const;
    expect(await refusal(t.client.call('setWatchlist', { path: account, body, session: guest }))).toEqual(standard(3));
    expect(await refusal(t.client.call('favoriteMovies', { path: account, session: guest }))).toEqual(standard(3));
    const raw = await t.raw('POST', `/3/account/0/favorite?guest_session_id=${guest.guestSessionId}`, {
      body: JSON.stringify({ media_type: 'tv', media_id: 1, favorite: true }),
      headers: json,
    });
    expect(raw.status).toBe(401);
  });
});

describe('watchlist and favourites', () => {
  it('add 201 status_code 1, add again 201 status_code 12, remove 200 status_code 13 (also when not there)', async () => {
    const target = `/3/account/0/watchlist?session_id=${owner.sessionId}`;
    const post = (body: object) => t.raw('POST', target, { body: JSON.stringify(body), headers: json });
    const added = await post({ media_type: 'movie', media_id: 50, watchlist: true });
    expect([added.status, added.json]).toEqual([201, { success: true, status_code: 1, status_message: 'Success.' }]);
    const again = await post({ media_type: 'movie', media_id: 50, watchlist: true });
    expect([again.status, (again.json as { status_code: number }).status_code]).toEqual([201, 12]);
    const removed = await post({ media_type: 'movie', media_id: 50, watchlist: false });
    expect([removed.status, removed.json]).toEqual([200, { success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' }]);
    const absent = await post({ media_type: 'movie', media_id: 50, watchlist: false });
    expect([absent.status, (absent.json as { status_code: number }).status_code]).toEqual([200, 13]);
  });

  it('account states and the lists reflect what was added, per kind, and only for that account', async () => {
    await t.client.call('setWatchlist', { path: account, body: { media_type: 'movie', media_id: 51, watchlist: true }, session: owner });
    t.clock.advance(1000);
    await t.client.call('setWatchlist', { path: account, body: { media_type: 'movie', media_id: 52, watchlist: true }, session: owner });
    await t.client.call('setFavorite', { path: account, body: { media_type: 'tv', media_id: 51, favorite: true }, session: owner });
    expect(await t.client.call('movieAccountStates', { path: { movie_id: 51 }, session: owner })).toEqual({ id: 51, favorite: false, rated: false, watchlist: true });
    // Series 51 is a favourite, film 51 is not: the kinds are kept apart.
    expect(await t.client.call('seriesAccountStates', { path: { series_id: 51 }, session: owner })).toEqual({ id: 51, favorite: true, rated: false, watchlist: false });
    const watchlist = await t.client.call('watchlistMovies', { path: account, session: owner });
    expect(watchlist.results.map((m) => m.id)).toEqual([51, 52]);
    const newest = await t.client.call('watchlistMovies', { path: account, query: { sort_by: 'created_at.desc' }, session: owner });
    expect(newest.results.map((m) => m.id)).toEqual([52, 51]);
    expect((await t.client.call('watchlistSeries', { path: account, session: owner })).results).toEqual([]);
    expect((await t.client.call('favoriteSeries', { path: account, session: owner })).results.map((s) => s.id)).toEqual([51]);
    expect((await t.client.call('watchlistMovies', { path: account, session: other })).results).toEqual([]);
    expect((await t.client.call('movieAccountStates', { path: { movie_id: 51 }, session: other })).watchlist).toBe(false);
    await t.client.call('setFavorite', { path: account, body: { media_type: 'tv', media_id: 51, favorite: false }, session: owner });
    expect((await t.client.call('favoriteSeries', { path: account, session: owner })).results).toEqual([]);
  });

  it('a bad media_type, a missing field or a title that does not exist is refused', async () => {
    const target = `/3/account/0/favorite?session_id=${owner.sessionId}`;
    for (const body of [
      { media_type: 'person', media_id: 1, favorite: true },
      { media_type: 'movie', favorite: true },
      { media_type: 'movie', media_id: 1 },
      { media_id: 1, favorite: true },
      { media_type: 'movie', media_id: 'one', favorite: true },
    ]) {
      const response = await t.raw('POST', target, { body: JSON.stringify(body), headers: json });
      expect([response.status, (response.json as { status_code: number }).status_code], JSON.stringify(body)).toEqual([422, 5]);
    }
    const missing = { media_type: 'tv', media_id: 999_999, favorite: true } as const;
    expect(await refusal(t.client.call('setFavorite', { path: account, body: missing, session: owner }))).toEqual(standard(34));
    expect(await refusal(t.client.call('setWatchlist', { path: account, body: { media_type: 'movie', media_id: 1, watchlist: true }, session: { sessionId: 'nope' } }))).toEqual(standard(3));
  });
});

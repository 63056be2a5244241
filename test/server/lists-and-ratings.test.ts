import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/api/errors.js';
import { RATING_MESSAGES, STATUS_CODES } from '../../src/contract/index.js';
import { type TestServer, refusal, signIn, signInSecondUser, standard, startTestServer } from './harness.js';

let t: TestServer;
let owner: { sessionId: string };
let other: { sessionId: string };

beforeAll(async () => {
  t = await startTestServer();
  owner = { sessionId: await signIn(t) };
  other = await signInSecondUser(t);
});

afterAll(async () => {
  await t.dispose();
});


async function newList(name: string, session = owner): Promise<number> {
  return Number((await t.client.call('createList', { body: { name }, session })).list_id);
}

describe('episode ratings', () => {
  const path = { series_id: 4, season_number: 1, episode_number: 3 };

  it('refuses values outside 0.5..10 in steps of 0.5 with the three exact messages (400, status_code 18)', async () => {
    const cases: Array<[number, string]> = [
      [0, RATING_MESSAGES.tooLow],
      [-1, RATING_MESSAGES.tooLow],
      [10.5, RATING_MESSAGES.tooHigh],
      [11, RATING_MESSAGES.tooHigh],
      [7.2, RATING_MESSAGES.notHalfStep],
      [0.4, RATING_MESSAGES.notHalfStep],
      [0.1, RATING_MESSAGES.notHalfStep],
    ];
    for (const [value, message] of cases) {
      expect(await refusal(t.client.call('rateEpisode', { path, body: { value }, session: owner })), String(value)).toEqual({
        httpStatus: 400,
        statusCode: 18,
        statusMessage: message,
      });
    }
  });

  it('first rating is status_code 1, re-rating 12, delete 13; deleting again is 404 status_code 34', async () => {
    expect(await t.client.call('rateEpisode', { path, body: { value: 0.5 }, session: owner })).toEqual({ success: true, status_code: 1, status_message: 'Success.' });
    expect(await t.client.call('rateEpisode', { path, body: { value: 10 }, session: owner })).toEqual({
      success: true,
      status_code: 12,
      status_message: 'The item/record was updated successfully.',
    });
    const rated = await t.client.call('accountRatedEpisodes', { path: { account_id: 1 }, session: owner });
    expect(rated.results.find((e) => e.show_id === 4 && e.episode_number === 3)?.rating).toBe(10);
    expect(await t.client.call('deleteEpisodeRating', { path, session: owner })).toEqual({
      success: true,
      status_code: 13,
      status_message: 'The item/record was deleted successfully.',
    });
    expect(await refusal(t.client.call('deleteEpisodeRating', { path, session: owner }))).toEqual(standard(34));
  });

  it('answers with HTTP 201 for a rating and 200 for a deletion', async () => {
    const target = `/3/tv/4/season/1/episode/4/rating?session_id=${owner.sessionId}`;
    const rated = await t.raw('POST', target, { body: '{"value":7}', headers: { 'content-type': 'application/json;charset=utf-8' } });
    expect(rated.status).toBe(201);
    expect(rated.json).toEqual({ success: true, status_code: 1, status_message: 'Success.' });
    const deleted = await t.raw('DELETE', target);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' });
  });

  it('an episode that does not exist is 404 status_code 34', async () => {
    for (const missing of [
      { series_id: 999_999, season_number: 1, episode_number: 1 },
      { series_id: 4, season_number: 77, episode_number: 1 },
      { series_id: 4, season_number: 1, episode_number: 99 },
    ]) {
      expect(await refusal(t.client.call('rateEpisode', { path: missing, body: { value: 5 }, session: owner }))).toEqual(standard(34));
    }
  });

  it('lists rated episodes in rating order, either way', async () => {
    const session = other;
    for (const episode of [1, 2, 3]) {
      await t.client.call('rateEpisode', { path: { series_id: 5, season_number: 1, episode_number: episode }, body: { value: episode + 4 }, session });
      t.clock.advance(1000);
    }
    const ascending = await t.client.call('accountRatedEpisodes', { path: { account_id: 0 }, session });
    expect(ascending.results.map((e) => e.episode_number)).toEqual([1, 2, 3]);
    const descending = await t.client.call('accountRatedEpisodes', { path: { account_id: 0 }, query: { sort_by: 'created_at.desc' }, session });
    expect(descending.results.map((e) => [e.episode_number, e.rating])).toEqual([[3, 7], [2, 6], [1, 5]]);
  });
});

describe('lists', () => {
  it('create answers 201 with status_code 1, the real message and the list id', async () => {
    const response = await t.raw('POST', `/3/list?session_id=${owner.sessionId}`, {
      body: JSON.stringify({ name: 'This is my awesome test list.', description: 'Just an awesome list.', language: 'en' }),
      headers: { 'content-type': 'application/json;charset=utf-8' },
    });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      status_message: 'The item/record was created successfully.',
      success: true,
      status_code: 1,
      list_id: expect.any(Number),
    });
  });

  it('add (201, 12), duplicate (403, 8), remove (200, 13), removing what is not there (404, 34)', async () => {
    const listId = await newList('Duplicates');
    const add = await t.raw('POST', `/3/list/${listId}/add_item?session_id=${owner.sessionId}`, {
      body: JSON.stringify({ media_id: 18 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(add.status).toBe(201);
    expect(add.json).toEqual({ success: true, status_code: 12, status_message: 'The item/record was updated successfully.' });
    expect(await refusal(t.client.call('addListItem', { path: { list_id: listId }, body: { media_id: 18 }, session: owner }))).toEqual(standard(8));
    const remove = await t.raw('POST', `/3/list/${listId}/remove_item?session_id=${owner.sessionId}`, {
      body: JSON.stringify({ media_id: 18 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(remove.status).toBe(200);
    expect(remove.json).toEqual({ success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' });
    expect(await refusal(t.client.call('removeListItem', { path: { list_id: listId }, body: { media_id: 18 }, session: owner }))).toEqual(standard(34));
    expect(await refusal(t.client.call('addListItem', { path: { list_id: listId }, body: { media_id: 999_999 }, session: owner }))).toEqual(standard(34));
    expect(await refusal(t.client.call('addListItem', { path: { list_id: 999_999 }, body: { media_id: 1 }, session: owner }))).toEqual(standard(34));
  });

  it('details page through the items, 20 at a time, in the order they were added', async () => {
    const listId = await newList('Long list');
    const movies = Array.from({ length: 25 }, (_, i) => 30 + i);
    for (const media_id of movies) await t.client.call('addListItem', { path: { list_id: listId }, body: { media_id }, session: owner });
    const first = await t.client.call('listDetails', { path: { list_id: listId } });
    expect(first).toMatchObject({ id: listId, item_count: 25, page: 1, total_pages: 2, total_results: 25, created_by: t.server.demoAccount.username });
    expect(first.items.map((i) => i.id)).toEqual(movies.slice(0, 20));
    const second = await t.client.call('listDetails', { path: { list_id: listId }, query: { page: 2 } });
    expect(second.items.map((i) => i.id)).toEqual(movies.slice(20));
    const firstMovie = await t.client.call('movieDetails', { path: { movie_id: 30 } });
    expect(first.poster_path).toBe(firstMovie.poster_path);
    const raw = await t.raw('GET', `/3/list/${listId}`);
    expect((raw.json as { id: unknown }).id).toBe(String(listId));
  });

  it('item status and account lists with their item counts', async () => {
    const listId = await newList('Status');
    await t.client.call('addListItem', { path: { list_id: listId }, body: { media_id: 3 }, session: owner });
    expect(await t.client.call('listItemStatus', { path: { list_id: listId }, query: { movie_id: 3 } })).toEqual({ id: listId, item_present: true });
    expect(await t.client.call('listItemStatus', { path: { list_id: listId }, query: { movie_id: 4 } })).toEqual({ id: listId, item_present: false });
    expect(await refusal(t.client.call('listItemStatus', { path: { list_id: 999_999 }, query: { movie_id: 3 } }))).toEqual(standard(34));
    const lists = await t.client.call('accountLists', { path: { account_id: 0 }, session: owner });
    expect(lists.results[0]).toMatchObject({ id: listId, name: 'Status', item_count: 1, list_type: 'movie', favorite_count: 0 });
    const otherLists = await t.client.call('accountLists', { path: { account_id: 0 }, session: other });
    expect(otherLists.results.some((l) => Number(l.id) === listId)).toBe(false);
  });

  it('clear needs confirm=true (400 status_code 29)', async () => {
    const listId = await newList('Clear me');
    await t.client.call('addListItem', { path: { list_id: listId }, body: { media_id: 9 }, session: owner });
    for (const query of ['', '&confirm=false', '&confirm=yes']) {
      const response = await t.raw('POST', `/3/list/${listId}/clear?session_id=${owner.sessionId}${query}`);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ success: false, status_code: 29, status_message: STATUS_CODES[29].message });
    }
    expect((await t.client.call('listDetails', { path: { list_id: listId } })).item_count).toBe(1);
    await t.client.call('clearList', { path: { list_id: listId }, query: { confirm: true }, session: owner });
    expect((await t.client.call('listDetails', { path: { list_id: listId } })).item_count).toBe(0);
  });

  it('only the owner may change or delete a list (401 status_code 38), and nothing changes', async () => {
    const listId = await newList('Mine only');
    await t.client.call('addListItem', { path: { list_id: listId }, body: { media_id: 11 }, session: owner });
    const path = { list_id: listId };
    expect(await refusal(t.client.call('addListItem', { path, body: { media_id: 12 }, session: other }))).toEqual(standard(38));
    expect(await refusal(t.client.call('removeListItem', { path, body: { media_id: 11 }, session: other }))).toEqual(standard(38));
    expect(await refusal(t.client.call('clearList', { path, query: { confirm: true }, session: other }))).toEqual(standard(38));
    expect(await refusal(t.client.call('deleteList', { path, session: other }))).toEqual(standard(38));
    const details = await t.client.call('listDetails', { path });
    expect(details.items.map((i) => i.id)).toEqual([11]);
    expect(await t.client.call('deleteList', { path, session: owner })).toMatchObject({ status_code: 13 });
    expect(await refusal(t.client.call('listDetails', { path }))).toEqual(standard(34));
  });

  it('E12 lists the lists that hold a film, and forgets a list when it is deleted', async () => {
    const movieId = 77;
    const before = await t.client.call('movieLists', { path: { movie_id: movieId } });
    expect(before.total_results).toBe(0);
    const mine = await newList('Has 77');
    const theirs = await newList('Also has 77', other);
    await t.client.call('addListItem', { path: { list_id: mine }, body: { media_id: movieId }, session: owner });
    await t.client.call('addListItem', { path: { list_id: theirs }, body: { media_id: movieId }, session: other });
    await t.client.call('addListItem', { path: { list_id: theirs }, body: { media_id: 78 }, session: other });
    const after = await t.client.call('movieLists', { path: { movie_id: movieId } });
    expect(after).toMatchObject({ id: movieId, total_results: 2, total_pages: 1 });
    expect(after.results.map((l) => [Number(l.id), l.item_count])).toEqual([[theirs, 2], [mine, 1]]);
    await t.client.call('deleteList', { path: { list_id: theirs }, session: other });
    const afterDelete = await t.client.call('movieLists', { path: { movie_id: movieId } });
    expect(afterDelete.results.map((l) => Number(l.id))).toEqual([mine]);
  });

  it('200 concurrent adds and removes on one list leave exactly the expected films', async () => {
    const listId = await newList('Busy');
    const path = { list_id: listId };
    // Films 1..50 start on the list; 50 requests remove them while 150 add films 51..150.
    const initial = Array.from({ length: 50 }, (_, i) => 1 + i);
    for (const media_id of initial) await t.client.call('addListItem', { path, body: { media_id }, session: owner });
    const removals = initial.map((media_id) => t.client.call('removeListItem', { path, body: { media_id }, session: owner }));
    const additions = Array.from({ length: 150 }, (_, i) =>
      t.client.call('addListItem', { path, body: { media_id: 51 + (i % 100) }, session: owner }).then(
        () => 'added' as const,
        (error: unknown) => (error instanceof ServiceError && error.statusCode === 8 ? ('duplicate' as const) : Promise.reject(error)),
      ),
    );
    const [removed, added] = await Promise.all([Promise.all(removals), Promise.all(additions)]);
    expect(removed).toHaveLength(50);
    // Films 51..100 were asked for twice: each exactly once added, once a duplicate.
    expect(added.filter((a) => a === 'added')).toHaveLength(100);
    expect(added.filter((a) => a === 'duplicate')).toHaveLength(50);
    const ids: number[] = [];
    for (let page = 1; page <= 5; page++) {
      ids.push(...(await t.client.call('listDetails', { path, query: { page } })).items.map((i) => i.id));
    }
    expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => 51 + i));
    expect((await t.client.call('listDetails', { path })).item_count).toBe(100);
  });
});

describe("a season's account states", () => {
  const season = { series_id: 6, season_number: 1 };
  const episode = (episode_number: number) => ({ ...season, episode_number });

  it('gives my rating of every episode in one answer, false where I gave none', async () => {
    const details = await t.client.call('seasonDetails', { path: season });
    await t.client.call('rateEpisode', { path: episode(1), body: { value: 8.5 }, session: owner });
    await t.client.call('rateEpisode', { path: episode(3), body: { value: 4 }, session: owner });
    const states = await t.client.call('seasonAccountStates', { path: season, session: owner });
    expect(states.id).toBe(details.id);
    expect(states.results.map((e) => [e.id, e.episode_number])).toEqual(details.episodes.map((e) => [e.id, e.episode_number]));
    expect(states.results.slice(0, 4).map((e) => e.rated)).toEqual([{ value: 8.5 }, false, { value: 4 }, false]);

    await t.client.call('deleteEpisodeRating', { path: episode(3), session: owner });
    const after = await t.client.call('seasonAccountStates', { path: season, session: owner });
    expect(after.results[2]!.rated).toBe(false);
  });

  it("shows each caller only its own ratings: another user's and a guest session's are apart", async () => {
    await t.client.call('rateEpisode', { path: episode(2), body: { value: 6 }, session: owner });
    const { guest_session_id } = await t.client.call('createGuestSession');
    const guest = { guestSessionId: guest_session_id };
    await t.client.call('rateEpisode', { path: episode(4), body: { value: 9 }, session: guest });

    const mine = await t.client.call('seasonAccountStates', { path: season, session: owner });
    const theirs = await t.client.call('seasonAccountStates', { path: season, session: other });
    const guests = await t.client.call('seasonAccountStates', { path: season, session: guest });
    const ratedOf = (states: typeof mine) => states.results.filter((e) => e.rated !== false).map((e) => [e.episode_number, e.rated]);
    expect(ratedOf(mine)).toEqual([[1, { value: 8.5 }], [2, { value: 6 }]]);
    expect(ratedOf(theirs)).toEqual([]);
    expect(ratedOf(guests)).toEqual([[4, { value: 9 }]]);
  });

  it('needs a session or guest session that exists (401 status_code 3), and a season that exists (404 status_code 34)', async () => {
    expect(await refusal(t.client.call('seasonAccountStates', { path: season, session: {} }))).toEqual(standard(3));
    const unknown = await t.raw('GET', '/3/tv/6/season/1/account_states?session_id=0123456789abcdef0123456789abcdef01234567');
    expect([unknown.status, (unknown.json as { status_code: number }).status_code]).toEqual([401, 3]);
    const unknownGuest = await t.raw('GET', '/3/tv/6/season/1/account_states?guest_session_id=nope');
    expect([unknownGuest.status, (unknownGuest.json as { status_code: number }).status_code]).toEqual([401, 3]);
    for (const path of ['/3/tv/6/season/77/account_states', '/3/tv/999999/season/1/account_states', '/3/tv/abc/season/1/account_states']) {
      const missing = await t.raw('GET', `${path}?session_id=${owner.sessionId}`);
      expect([missing.status, (missing.json as { status_code: number }).status_code], path).toEqual([404, 34]);
    }
  });

  it('is kept by the caller alone, and only to be revalidated (it is the caller’s own)', async () => {
    const answer = await t.raw('GET', `/3/tv/6/season/1/account_states?session_id=${owner.sessionId}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
  });
});

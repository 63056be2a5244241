import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, signInSecondUser, signedInTestServer } from './harness.js';

/**
 * How the server reads who is calling, as the real service does and public clients rely on:
 * - the account id segment of /3/account/{account_id}/... is any text; the session decides the
 *   account (moviedb-promise sends a literal "{account_id}", the service's own examples "null");
 * - a write may carry api_key and session_id in its JSON body instead of the query.
 */

let t: TestServer;
let sessionId: string;

beforeAll(async () => {
  ({ t, sessionId } = await signedInTestServer());
});

afterAll(async () => {
  await t.dispose();
});

const json = { 'content-type': 'application/json' };

describe('the account id segment', () => {
  const segments = ['0', '1', '424242', 'null', '%7Baccount_id%7D', '{account_id}', 'undefined'];

  it('answers the reads for the account of the session, whatever the segment says', async () => {
    await t.raw('POST', `/3/account/0/watchlist?session_id=${sessionId}`, {
      headers: json, body: JSON.stringify({ media_type: 'movie', media_id: 21, watchlist: true }),
    });
    for (const segment of segments) {
      for (const read of ['lists', 'watchlist/movies', 'favorite/tv', 'rated/movies', 'rated/tv', 'rated/tv/episodes']) {
        const { status, json: body } = await t.raw('GET', `/3/account/${segment}/${read}?session_id=${sessionId}`);
        expect(status, `${segment} ${read}`).toBe(200);
        expect(body, `${segment} ${read}`).toHaveProperty('results');
      }
      const watchlist = await t.raw('GET', `/3/account/${segment}/watchlist/movies?session_id=${sessionId}`);
      expect((watchlist.json as { results: Array<{ id: number }> }).results.map((m) => m.id), segment).toContain(21);
      const details = await t.raw('GET', `/3/account/${segment}?session_id=${sessionId}`);
      expect(details.status, segment).toBe(200);
      expect(details.json).toMatchObject({ username: t.server.demoAccount.username });
    }
  });

  it('writes to the account of the session, whatever the segment says', async () => {
    const write = await t.raw('POST', `/3/account/%7Baccount_id%7D/favorite?session_id=${sessionId}`, {
      headers: json, body: JSON.stringify({ media_type: 'tv', media_id: 9, favorite: true }),
    });
    expect(write.status).toBe(201);
    const read = await t.raw('GET', `/3/account/null/favorite/tv?session_id=${sessionId}`);
    expect((read.json as { results: Array<{ id: number }> }).results.map((s) => s.id)).toContain(9);
  });

  it('never shows another account: the id of someone else still answers for the session', async () => {
    const other = await signInSecondUser(t);
    const mine = await t.raw('GET', `/3/account/null/watchlist/movies?session_id=${sessionId}`);
    const myId = ((await t.raw('GET', `/3/account?session_id=${sessionId}`)).json as { id: number }).id;
    const theirs = await t.raw('GET', `/3/account/${myId}/watchlist/movies?session_id=${other.sessionId}`);
    expect((mine.json as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect((theirs.json as { results: unknown[] }).results).toEqual([]);
  });

  it('still needs a session: without one it is 401 status_code 3', async () => {
    const { status, json: body } = await t.raw('GET', '/3/account/null/lists');
    expect(status).toBe(401);
    expect(body).toMatchObject({ status_code: 3 });
  });
});

describe('credentials in the body of a write', () => {
  const token = () => t.server.token;

  it('takes api_key and session_id from the JSON body of a POST, and the write is read back', async () => {
    const { status, json: body } = await t.raw('POST', '/3/movie/33/rating', {
      auth: false, headers: json, body: JSON.stringify({ api_key: token(), session_id: sessionId, value: 7.5 }),
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ success: true });
    const states = await t.raw('GET', `/3/movie/33/account_states?session_id=${sessionId}`);
    expect(states.json).toMatchObject({ rated: { value: 7.5 } });
  });

  it('takes them from the JSON body of a DELETE', async () => {
    const { status } = await t.raw('DELETE', '/3/movie/33/rating', {
      auth: false, headers: json, body: JSON.stringify({ api_key: token(), session_id: sessionId }),
    });
    expect(status).toBe(200);
    const states = await t.raw('GET', `/3/movie/33/account_states?session_id=${sessionId}`);
    expect(states.json).toMatchObject({ rated: false });
  });

  it('creates a list with the session in the body and adds to it', async () => {
    const created = await t.raw('POST', '/3/list', {
      auth: false, headers: json, body: JSON.stringify({ api_key: token(), session_id: sessionId, name: 'Body list', description: '', language: 'en' }),
    });
    expect(created.status).toBe(201);
    const listId = (created.json as { list_id: number }).list_id;
    const added = await t.raw('POST', `/3/list/${listId}/add_item`, {
      auth: false, headers: json, body: JSON.stringify({ api_key: token(), session_id: sessionId, media_id: 12 }),
    });
    expect(added.status).toBe(201);
    const list = await t.raw('GET', `/3/list/${listId}`);
    expect((list.json as { items: Array<{ id: number }> }).items.map((m) => m.id)).toEqual([12]);
  });

  it('takes clear’s confirm from the JSON body too, with the credentials; false or none there is still 400 status_code 29', async () => {
    const created = await t.raw('POST', `/3/list?session_id=${sessionId}`, {
      headers: json, body: JSON.stringify({ name: 'Cleared from the body', description: '', language: 'en' }),
    });
    const listId = (created.json as { list_id: number }).list_id;
    await t.raw('POST', `/3/list/${listId}/add_item?session_id=${sessionId}`, { headers: json, body: JSON.stringify({ media_id: 14 }) });
    const items = async () => ((await t.raw('GET', `/3/list/${listId}`)).json as { items: unknown[] }).items.length;
    for (const confirm of [false, 'false', undefined]) {
      const refused = await t.raw('POST', `/3/list/${listId}/clear`, {
        auth: false, headers: json, body: JSON.stringify({ api_key: token(), session_id: sessionId, confirm }),
      });
      expect(refused.status, String(confirm)).toBe(400);
      expect(refused.json).toMatchObject({ status_code: 29 });
    }
    expect(await items()).toBe(1);
    for (const confirm of [true, 'true']) {
      const cleared = await t.raw('POST', `/3/list/${listId}/clear`, {
        auth: false, headers: json, body: JSON.stringify({ api_key: token(), session_id: sessionId, confirm }),
      });
      expect(cleared.status, String(confirm)).toBe(201);
      expect(cleared.json).toMatchObject({ success: true, status_code: 12 });
    }
    expect(await items()).toBe(0);
    // The query is read first: confirm=false there is a refusal whatever the body says.
    const queryFirst = await t.raw('POST', `/3/list/${listId}/clear?confirm=false&session_id=${sessionId}`, {
      headers: json, body: JSON.stringify({ confirm: true }),
    });
    expect(queryFirst.json).toMatchObject({ status_code: 29 });
  });

  it('refuses a wrong or missing api_key in the body with 401 status_code 7, and writes nothing', async () => {
    for (const body of [{ api_key: 'wrong-token-123', session_id: sessionId, value: 3 }, { session_id: sessionId, value: 3 }]) {
      const refused = await t.raw('POST', '/3/movie/34/rating', { auth: false, headers: json, body: JSON.stringify(body) });
      expect(refused.status).toBe(401);
      expect(refused.json).toMatchObject({ status_code: 7 });
    }
    const states = await t.raw('GET', `/3/movie/34/account_states?session_id=${sessionId}`);
    expect(states.json).toMatchObject({ rated: false });
  });

  it('refuses a wrong session_id in the body with 401 status_code 3', async () => {
    const refused = await t.raw('POST', '/3/movie/34/rating', { headers: json, body: JSON.stringify({ session_id: 'not-a-session', value: 3 }) });
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ status_code: 3 });
  });

  it('reads the query first: a wrong api_key in the query is refused even with the right one in the body', async () => {
    const refused = await t.raw('POST', `/3/movie/34/rating?api_key=wrong-token-123`, {
      auth: false, headers: json, body: JSON.stringify({ api_key: token(), session_id: sessionId, value: 3 }),
    });
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ status_code: 7 });
  });

  it('does not take an api_key from anything but a write: a GET without one is 401 status_code 7', async () => {
    const refused = await t.raw('GET', '/3/movie/34', { auth: false });
    expect(refused.status).toBe(401);
  });
});

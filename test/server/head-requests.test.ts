import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { operationKeys, operations } from '../../src/contract/index.js';
import { Database } from '../../src/server/sqlite.js';
import { USER_DATABASE_FILE } from '../../src/server/userdata/store.js';
import { type TestServer, signIn, startTestServer } from './harness.js';

/**
 * HEAD asks for the headers a GET would have, and must change nothing: no request token, guest
 * session or session comes of it, on the operations that create one with GET nor on the approval
 * pages and session forms.
 */

let t: TestServer;
let db: Database;

beforeAll(async () => {
  t = await startTestServer();
  db = new Database(join(t.dataDir, USER_DATABASE_FILE), { readonly: true });
});

afterAll(async () => {
  db.close();
  await t.dispose();
});

/** What a HEAD could create, counted in the user database. */
function counts(): Record<string, number> {
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  const approved = db.prepare("SELECT count(*) FROM request_tokens WHERE state <> 'new'").pluck().get() as number;
  return {
    request_tokens: count('request_tokens'),
    answered_tokens: approved,
    sessions: count('sessions'),
    guest_sessions: count('guest_sessions'),
    lists: count('lists'),
    ratings: count('episode_ratings'),
  };
}

async function head(path: string, auth = true): Promise<number> {
  const headers: Record<string, string> = auth ? { authorization: `Bearer ${t.server.token}` } : {};
  const response = await request(`${t.server.url}${path}`, { method: 'HEAD', headers });
  await response.body.dump();
  return response.statusCode;
}

describe('HEAD', () => {
  it('creates no request token, guest session or session, on any address that creates one', async () => {
    const sessionId = await signIn(t);
    const { request_token: fresh } = await t.client.call('requestToken');
    const before = counts();
    const created = [
      '/3/authentication/token/new',
      '/3/authentication/guest_session/new',
      `/3/authentication/session/new?request_token=${fresh}`,
      `/3/authentication/token/validate_with_login?request_token=${fresh}&username=${t.server.demoAccount.username}`,
      `/authenticate/${fresh}`,
      `/authenticate/${fresh}/allow`,
      `/authenticate/${fresh}/deny`,
      `/3/list?session_id=${sessionId}`,
    ];
    for (const path of created) {
      // Twice, with and without the access token: neither may leave anything behind.
      const status = await head(path);
      await head(path, false);
      expect(status, path).not.toBe(500);
      expect(counts(), `HEAD ${path}`).toEqual(before);
    }
    // The fresh token was not answered by any HEAD: it can still be approved and used once.
    const demo = t.server.demoAccount;
    await t.client.call('validateWithLogin', { body: { username: demo.username, password: demo.password, request_token: fresh } });
    expect((await t.client.call('createSession', { body: { request_token: fresh } })).session_id).toMatch(/^[0-9a-f]{40}$/);
  });

  it('is refused (405) on the GETs that create a token or a guest session', async () => {
    for (const path of ['/3/authentication/token/new', '/3/authentication/guest_session/new']) {
      const response = await t.raw('HEAD', path);
      expect(response.status, path).toBe(405);
    }
  });

  it('answers every other GET of the table with headers only, and changes nothing', async () => {
    const sessionId = await signIn(t);
    const { guest_session_id: guestSessionId } = await t.client.call('createGuestSession');
    const before = counts();
    for (const key of operationKeys) {
      const spec = operations[key];
      if (spec.method !== 'GET' || key === 'requestToken' || key === 'createGuestSession') continue;
      const path = spec.path.replace('{guest_session_id}', guestSessionId).replace(/\{[a-z_]+\}/g, '1');
      const query = new URLSearchParams({ session_id: sessionId, query: 'a', movie_id: '1', external_source: 'imdb_id' });
      const response = await t.raw('HEAD', `${path}?${query}`);
      expect([200, 404], `HEAD ${path}`).toContain(response.status);
      expect(response.text, `HEAD ${path}`).toBe('');
    }
    expect(counts()).toEqual(before);
  });
});

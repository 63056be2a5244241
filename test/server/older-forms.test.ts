import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, signIn, startTestServer } from './harness.js';

/**
 * What third-party clients send that ours never does, and the real service accepts: the older
 * GET forms of validate_with_login and session/new (the body's fields as query parameters), and
 * null for an optional body field. An address of no operation is a 404 in the service's envelope.
 */

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.dispose();
});

const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('older request forms', () => {
  it('approves a request token and creates a session with GETs, as tmdbsimple does', async () => {
    const { username, password } = t.server.demoAccount;
    const { request_token } = await t.client.call('requestToken');
    const approved = await t.raw('GET', `/3/authentication/token/validate_with_login?${query({ username, password, request_token })}`);
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ success: true, request_token });

    const created = await t.raw('GET', `/3/authentication/session/new?${query({ request_token })}`);
    expect(created.status).toBe(200);
    const { session_id } = created.json as { session_id: string };
    expect(session_id).toMatch(/\S{20,}/);
    const account = await t.raw('GET', `/3/account?${query({ session_id })}`);
    expect(account.json).toMatchObject({ username });
  });

  it('refuses the GET forms as the POSTs are refused: a wrong password, an unapproved token', async () => {
    const { username } = t.server.demoAccount;
    const { request_token } = await t.client.call('requestToken');
    const refused = await t.raw('GET', `/3/authentication/token/validate_with_login?${query({ username, password: 'not it', request_token })}`);
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ success: false, status_code: 30 });
    const missing = await t.raw('GET', `/3/authentication/token/validate_with_login?${query({ username, request_token })}`);
    expect(missing.json).toMatchObject({ success: false, status_code: 26 });
    const unapproved = await t.raw('GET', `/3/authentication/session/new?${query({ request_token })}`);
    expect(unapproved.status).toBe(401);
    expect(unapproved.json).toMatchObject({ success: false, status_code: 17 });
  });

  it('offers no HEAD on the GET forms: they create and approve', async () => {
    const { request_token } = await t.client.call('requestToken');
    const head = await t.raw('HEAD', `/3/authentication/session/new?${query({ request_token })}`);
    expect(head.status).toBe(405);
  });

  it('takes null for an optional body field as not sent', async () => {
    const session_id = await signIn(t);
    const created = await t.raw('POST', `/3/list?${query({ session_id })}`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'From a Python client', description: null, language: null }),
    });
    expect(created.status).toBe(201);
    const { list_id } = created.json as { list_id: number | string };
    const list = await t.raw('GET', `/3/list/${list_id}`);
    expect(list.json).toMatchObject({ name: 'From a Python client', description: '', iso_639_1: 'en' });
    // A required field sent as null is missing, as before.
    const nameless = await t.raw('POST', `/3/list?${query({ session_id })}`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: null }),
    });
    expect(nameless.status).toBe(422);
  });

  it('answers an address of no operation with 404 in the envelope', async () => {
    const answer = await t.raw('GET', '/3/tv/1/screened_in_space');
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ success: false, status_code: 34 });
  });
});

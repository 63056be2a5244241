import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { ServiceError } from '../../src/api/errors.js';
import { STATUS_CODES } from '../../src/contract/index.js';
import { type TestServer, signIn, startTestServer, submitApprovalForm } from './harness.js';

/** The real session flow end to end: request token, approval page, session, guests, sign-out. */

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.dispose();
});

async function expectRefusal(call: Promise<unknown>, code: keyof typeof STATUS_CODES): Promise<void> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  const { httpStatus, statusCode, statusMessage } = error as ServiceError;
  expect({ httpStatus, statusCode, statusMessage }).toEqual({ httpStatus: STATUS_CODES[code].http, statusCode: code, statusMessage: STATUS_CODES[code].message });
}

/** The approval page as a browser gets it: no Authorization header. */
async function approvalPage(token: string) {
  const response = await request(`${t.server.url}/authenticate/${token}`);
  return { status: response.statusCode, headers: response.headers, html: await response.body.text() };
}

/** Submits the page's form with the button a user would press. */
async function pressButton(html: string, button: 'Approve' | 'Deny') {
  expect(html).toContain('>Approve</button>');
  return submitApprovalForm(t.server.url, html, button);
}

const newToken = async () => (await t.client.call('requestToken')).request_token;

describe('request token -> approval page -> session', () => {
  it('runs the whole flow through the page a browser would show', async () => {
    const issued = await t.client.call('requestToken');
    expect(issued.request_token).toMatch(/^[0-9a-f]{40}$/);
    expect(issued.expires_at).toBe('2025-03-14 13:00:00 UTC');

    const page = await approvalPage(issued.request_token);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.html).toContain(t.server.demoAccount.username);

    const approved = await pressButton(page.html, 'Approve');
    expect(approved.status).toBe(200);
    expect(approved.html).toContain('Access approved');
    expect(approved.headers['authentication-callback']).toBe(
      `${t.server.url}/3/authentication/session/new?request_token=${issued.request_token}`,
    );

    const { session_id } = await t.client.call('createSession', { body: { request_token: issued.request_token } });
    const account = await t.client.call('accountDetails', { path: { account_id: 999 }, session: { sessionId: session_id } });
    expect(account.username).toBe(t.server.demoAccount.username);

    // A request token is good for one session only.
    await expectRefusal(t.client.call('createSession', { body: { request_token: issued.request_token } }), 33);
    expect((await approvalPage(issued.request_token)).status).toBe(404);
  });

  it('escapes what it prints: the application name comes from the client', async () => {
    const response = await request(`${t.server.url}/3/authentication/token/new`, {
      headers: { authorization: `Bearer ${t.server.token}`, 'user-agent': '<script>alert("x")</script> & Co' },
    });
    const { request_token } = (await response.body.json()) as { request_token: string };
    const page = await approvalPage(request_token);
    expect(page.html).not.toContain('<script>');
    expect(page.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect((await approvalPage('<b>nope</b>')).html).not.toContain('<b>nope</b>');
  });

  it('an unapproved or denied token is 401 status_code 17 "Session denied."', async () => {
    const unapproved = await newToken();
    await expectRefusal(t.client.call('createSession', { body: { request_token: unapproved } }), 17);

    const denied = await newToken();
    const deniedPage = await approvalPage(denied);
    const answer = await pressButton(deniedPage.html, 'Deny');
    expect(answer.html).toContain('Access denied');
    await expectRefusal(t.client.call('createSession', { body: { request_token: denied } }), 17);
    // Once denied, it cannot be approved any more.
    expect((await approvalPage(denied)).status).toBe(404);
    // The same form, pressed again with Approve (its secret is still right), finds nothing to answer.
    const late = await pressButton(deniedPage.html, 'Approve');
    expect(late.status).toBe(404);
  });

  it('an unknown or expired token is 401 status_code 33', async () => {
    await expectRefusal(t.client.call('createSession', { body: { request_token: 'f'.repeat(40) } }), 33);
    const approvedLate = await newToken();
    const expiring = await newToken();
    await pressButton((await approvalPage(approvedLate)).html, 'Approve');
    t.clock.advance(61 * 60 * 1000);
    try {
      await expectRefusal(t.client.call('createSession', { body: { request_token: approvedLate } }), 33);
      expect((await approvalPage(expiring)).status).toBe(404);
      const { username, password } = t.server.demoAccount;
      await expectRefusal(t.client.call('validateWithLogin', { body: { username, password, request_token: expiring } }), 33);
    } finally {
      t.clock.advance(-61 * 60 * 1000);
    }
  });
});

describe('validate_with_login', () => {
  it('approves the token for the demo account', async () => {
    const sessionId = await signIn(t);
    const account = await t.client.call('accountDetails', { path: { account_id: 1 }, session: { sessionId } });
    expect(account.username).toBe(t.server.demoAccount.username);
  });

  it('a wrong password or unknown user is 401 status_code 30', async () => {
    const token = await newToken();
    await expectRefusal(t.client.call('validateWithLogin', { body: { username: t.server.demoAccount.username, password: 'wrong', request_token: token } }), 30);
    await expectRefusal(t.client.call('validateWithLogin', { body: { username: 'nobody', password: 'x', request_token: token } }), 30);
    await expectRefusal(t.client.call('createSession', { body: { request_token: token } }), 17);
  });

  it('a missing user name or password is 400 status_code 26', async () => {
    const token = await newToken();
    for (const body of [{ request_token: token }, { username: 'marquee-demo', request_token: token }, { username: '', password: '', request_token: token }]) {
      const response = await t.raw('POST', '/3/authentication/token/validate_with_login', {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ success: false, status_code: 26, status_message: STATUS_CODES[26].message });
    }
  });
});

describe('sessions on user operations', () => {
  it('a missing or unknown session is 401 status_code 3', async () => {
    const missing = await t.raw('GET', '/3/account/1');
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ success: false, status_code: 3, status_message: STATUS_CODES[3].message });
    await expectRefusal(t.client.call('accountDetails', { path: { account_id: 1 }, session: { sessionId: 'a'.repeat(40) } }), 3);
    await expectRefusal(t.client.call('createList', { body: { name: 'x' }, session: { sessionId: 'nope' } }), 3);
  });

  it('a guest session may rate and delete its rating, and nothing else (401 status_code 3)', async () => {
    const { guest_session_id } = await t.client.call('createGuestSession');
    const guest = { guestSessionId: guest_session_id };
    const path = { series_id: 3, season_number: 1, episode_number: 1 };
    expect(await t.client.call('rateEpisode', { path, body: { value: 6 }, session: guest })).toMatchObject({ status_code: 1 });
    expect(await t.client.call('rateEpisode', { path, body: { value: 6.5 }, session: guest })).toMatchObject({ status_code: 12 });
    expect(await t.client.call('deleteEpisodeRating', { path, session: guest })).toMatchObject({ status_code: 13 });

    for (const path of ['/3/account/1', '/3/account/1/lists', '/3/account/1/rated/tv/episodes']) {
      const response = await t.raw('GET', `${path}?guest_session_id=${guest_session_id}`);
      expect(response.status).toBe(401);
      expect((response.json as { status_code: number }).status_code).toBe(3);
    }
    const create = await t.raw('POST', `/3/list?guest_session_id=${guest_session_id}`, {
      body: JSON.stringify({ name: 'guest list' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(create.status).toBe(401);
    expect((create.json as { status_code: number }).status_code).toBe(3);
    // A guest id is not a session id either.
    await expectRefusal(t.client.call('accountDetails', { path: { account_id: 1 }, session: { sessionId: guest_session_id } }), 3);
  });

  it('guest sessions expire after 24 hours', async () => {
    const { guest_session_id, expires_at } = await t.client.call('createGuestSession');
    expect(expires_at).toBe('2025-03-15 12:00:00 UTC');
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      await expectRefusal(
        t.client.call('rateEpisode', {
          path: { series_id: 3, season_number: 1, episode_number: 2 },
          body: { value: 5 },
          session: { guestSessionId: guest_session_id },
        }),
        3,
      );
    } finally {
      t.clock.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });

  it('signing out ends the session; signing out twice is 404 status_code 37', async () => {
    const sessionId = await signIn(t);
    expect(await t.client.call('deleteSession', { body: { session_id: sessionId } })).toEqual({ success: true });
    await expectRefusal(t.client.call('accountDetails', { path: { account_id: 1 }, session: { sessionId } }), 3);
    await expectRefusal(t.client.call('deleteSession', { body: { session_id: sessionId } }), 37);
  });
});

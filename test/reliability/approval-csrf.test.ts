import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { ServiceError } from '../../src/api/errors.js';
import { UserStore } from '../../src/server/userdata/store.js';
import { type TestServer, startTestServer, submitApprovalForm } from '../server/harness.js';

/**
 * Item: the approval page resists cross-site requests. A POST without the page's secret, with
 * another token's secret, from a foreign Origin or marked cross-site by the browser is refused
 * (403) and the token stays unapproved; a token already approved for one account is not
 * approved again for another (409).
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

const newToken = async () => (await t.client.call('requestToken')).request_token;
const pageOf = async (token: string) => (await request(`${t.server.url}/authenticate/${token}`)).body.text();
const secretIn = (html: string) => /name="form_secret" value="([^"]+)"/.exec(html)![1]!;

async function post(token: string, headers: Record<string, string>, fields: Record<string, string>) {
  const response = await request(`${t.server.url}/authenticate/${token}/allow`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.statusCode, html: await response.body.text() };
}

/** Not approved: E2 still refuses the token with status_code 17. */
async function expectStillUnapproved(token: string) {
  const refusal = await t.client.call('createSession', { body: { request_token: token } }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(ServiceError);
  expect((refusal as ServiceError).statusCode).toBe(17);
}

describe('the approval form', () => {
  it('refuses a POST without the page secret, with a wrong one, or with the secret of another token', async () => {
    const token = await newToken();
    const other = await newToken();
    const own = { origin: t.server.url };
    expect((await post(token, own, {})).status).toBe(403);
    expect((await post(token, own, { form_secret: 'x'.repeat(43) })).status).toBe(403);
    const refused = await post(token, own, { form_secret: secretIn(await pageOf(other)) });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('did not come from this approval page');
    await expectStillUnapproved(token);
  });

  it('refuses a foreign Origin and a cross-site fetch even with the right secret', async () => {
    const token = await newToken();
    const form_secret = secretIn(await pageOf(token));
    for (const headers of <Record<string, string>[]>[
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: t.server.url },
    ]) {
      const answer = await post(token, headers, { form_secret });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.html).toContain('another site');
    }
    await expectStillUnapproved(token);
    // The page's own form, from its own origin, works.
    expect((await submitApprovalForm(t.server.url, await pageOf(token), 'Approve')).status).toBe(200);
  });

  it('a token logged in for one account is not approved again for another', async () => {
    const users = UserStore.open(t.dataDir);
    try {
      users.accounts.create({ username: 'second-user', password: 'second-password' }, new Date());
    } finally {
      users.close();
    }
    const token = await newToken();
    const page = await pageOf(token);
    await t.client.call('validateWithLogin', { body: { username: 'second-user', password: 'second-password', request_token: token } });
    const answer = await submitApprovalForm(t.server.url, page, 'Approve');
    expect(answer.status).toBe(409);
    expect(answer.html).toContain('already approved for another account');
    const { session_id } = await t.client.call('createSession', { body: { request_token: token } });
    const account = await t.client.call('accountDetails', { path: { account_id: 0 }, session: { sessionId: session_id } });
    expect(account.username).toBe('second-user');
  });
});

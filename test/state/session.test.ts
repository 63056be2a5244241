import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStoredSession, saveStoredSession, serviceKey } from '../../src/storage/index.js';
import { pagedOperationSource, pagedState, type AppStore } from '../../src/state/index.js';
import { FAKE_ACCOUNT } from './fake-service.js';
import { fakeServiceStores, makeStore, type TestStore } from './support.js';

const fake = fakeServiceStores();
let current: TestStore | undefined;

async function connected(prepare?: (dataDir: string) => void) {
  current = fake.makeStore({ baseUrl: fake.service.url, token: fake.service.token, approvalBase: 'https://approve.example' });
  prepare?.(current.dataDir);
  await current.store.getState().connection.start();
  return current;
}

const KEY = serviceKey('http://127.0.0.1');

/** Loads the signed-in account's lists through the query layer, as the Lists tab does. */
async function loadMyLists(store: AppStore) {
  const session = store.getState().session.current;
  if (session.kind !== 'user' || session.accountId === undefined) throw new Error('the account id is not known');
  const mine = pagedOperationSource('accountLists', { path: { account_id: session.accountId } });
  await store.getState().queries.loadPages(mine);
  expect(pagedState(store.getState().queries, mine).status).toBe('ready');
}

describe('signing in', () => {
  it('approves in the browser: request token, approval address opened, then E2', async () => {
    const { store, opened, dataDir } = await connected();
    expect(await store.getState().session.beginBrowserApproval()).toBe(true);
    const approval = store.getState().session.approval!;
    expect(approval.url).toBe(`https://approve.example/authenticate/${approval.requestToken}`);
    expect(opened).toEqual([approval.url]);

    // Enter before approving: the service denies the session, and the form says what to do.
    expect(await store.getState().session.completeBrowserApproval()).toBe(false);
    expect(store.getState().session.error).toMatch(/^Not approved yet/);
    expect(store.getState().session.current.kind).toBe('none');

    fake.service.approve(approval.requestToken);
    expect(await store.getState().session.completeBrowserApproval()).toBe(true);
    expect(store.getState().session.current).toEqual({ kind: 'user', username: 'alice', name: 'Alice Example', accountId: FAKE_ACCOUNT.id });
    expect(store.getState().session.error).toBeUndefined();
    expect(store.getState().session.approval).toBeUndefined();

    const file = join(dataDir, 'sessions.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadStoredSession(dataDir, KEY)).toMatchObject({ kind: 'user', accountId: FAKE_ACCOUNT.id, username: 'alice' });
    // The session id is in the file and nowhere in the state.
    const stored = loadStoredSession(dataDir, KEY)!;
    expect(JSON.stringify(store.getState())).not.toContain(stored.id);
    expect(readFileSync(file, 'utf8')).toContain(stored.id);
  });

  it('signs in with user name and password (validate_with_login, then E2)', async () => {
    const { store } = await connected();
    expect(await store.getState().session.signInWithPassword('alice', 'correct horse')).toBe(true);
    expect(store.getState().session.current.kind).toBe('user');
    const login = fake.service.requests.filter((r) => r.startsWith('POST /3/authentication/token/validate_with_login'));
    expect(login.length).toBeGreaterThan(0);
  });

  it('refuses a wrong password with the service message, and keeps nobody signed in', async () => {
    const { store, dataDir } = await connected();
    expect(await store.getState().session.signInWithPassword('alice', 'wrong')).toBe(false);
    expect(store.getState().session.error).toBe(
      'Sign-in refused: Invalid username and/or password: You did not provide a valid login. (HTTP 401)',
    );
    expect(store.getState().session.current.kind).toBe('none');
    expect(loadStoredSession(dataDir, KEY)).toBeUndefined();
  });

  it('asks for both fields before sending anything', async () => {
    const { store } = await connected();
    const sent = fake.service.requests.length;
    expect(await store.getState().session.signInWithPassword('  ', 'x')).toBe(false);
    expect(store.getState().session.error).toBe('Enter both a user name and a password.');
    expect(fake.service.requests.length).toBe(sent);
  });

  it('exchanges a pasted request token, and explains an unapproved one', async () => {
    const { store } = await connected();
    const fresh = await fetch(`${fake.service.url}/3/authentication/token/new`, { headers: { authorization: `Bearer ${fake.service.token}` } });
    const { request_token: token } = (await fresh.json()) as { request_token: string };

    expect(await store.getState().session.signInWithRequestToken(token)).toBe(false);
    expect(store.getState().session.error).toMatch(/not approved, or has expired/);

    fake.service.approve(token);
    expect(await store.getState().session.signInWithRequestToken(` ${token} `)).toBe(true);
    expect(store.getState().session.current.kind).toBe('user');
  });

  it('starts a guest session and keeps it', async () => {
    const { store, dataDir } = await connected();
    expect(await store.getState().session.startGuestSession()).toBe(true);
    expect(store.getState().session.current).toEqual({ kind: 'guest', expiresAt: '2099-01-01 00:00:00 UTC' });
    expect(loadStoredSession(dataDir, KEY)?.kind).toBe('guest');
  });
});

describe('keeping the session', () => {
  it('still signs in when the session file cannot be written, and says so', async () => {
    current = fake.makeStore({ baseUrl: fake.service.url, token: fake.service.token, approvalBase: fake.service.url }, {
      sessions: {
        load: () => undefined,
        save: () => {
          throw new Error('EACCES: permission denied');
        },
      },
    });
    const { store } = current;
    await store.getState().connection.start();
    expect(await store.getState().session.signInWithPassword('alice', 'correct horse')).toBe(true);
    expect(store.getState().session.current.kind).toBe('user');
    expect(store.getState().notifications.toasts.map((t) => t.text)).toContain(
      'Could not save the session file: EACCES: permission denied',
    );
  });
});

describe('signing out and restoring', () => {
  it('signs out: deletes the session on the service, forgets it and the account data', async () => {
    const { store, dataDir } = await connected();
    await store.getState().session.signInWithPassword('alice', 'correct horse');
    const session = store.getState().session.current;
    const mine = pagedOperationSource('accountLists', { path: { account_id: (session.kind === 'user' && session.accountId) || 0 } });
    await store.getState().queries.loadPages(mine);
    expect(pagedState(store.getState().queries, mine).status).toBe('ready');

    await store.getState().session.signOut();
    expect(fake.service.requests.at(-1)).toBe('DELETE /3/authentication/session');
    expect(store.getState().session.current.kind).toBe('none');
    expect(store.getState().queries.pages[mine.key]).toBeUndefined();
    expect(loadStoredSession(dataDir, KEY)).toBeUndefined();
    expect(store.getState().notifications.toasts.at(-1)?.text).toBe('Signed out');
  });

  it('restores a kept session on start', async () => {
    const first = await connected();
    await first.store.getState().session.signInWithPassword('alice', 'correct horse');
    const kept = loadStoredSession(first.dataDir, KEY)!;

    const second = makeStore({ baseUrl: fake.service.url, token: fake.service.token, approvalBase: fake.service.url });
    try {
      saveStoredSession(second.dataDir, KEY, kept);
      await second.store.getState().connection.start();
      expect(second.store.getState().session.current).toMatchObject({ kind: 'user', username: 'alice' });
    } finally {
      second.cleanup();
    }
  });

  it('drops a kept session the service rejects, with a clear message', async () => {
    const { store, dataDir } = await connected((dir) =>
      saveStoredSession(dir, KEY, { kind: 'user', id: 'stale-session', accountId: 1, username: 'alice' }),
    );
    expect(store.getState().connection.status).toBe('ready');
    expect(store.getState().session.current.kind).toBe('none');
    expect(store.getState().session.notice).toMatch(/no longer accepts the saved session/);
    expect(store.getState().notifications.toasts.at(-1)?.level).toBe('error');
    expect(loadStoredSession(dataDir, KEY)).toBeUndefined();
  });

  it('keeps a corrupt sessions file aside and says so, then starts signed out', async () => {
    const { store, dataDir } = await connected((dir) => writeFileSync(join(dir, 'sessions.json'), '{"http://127.0.0.1": {'));
    expect(store.getState().session.current.kind).toBe('none');
    const toast = store.getState().notifications.toasts.find((t) => t.level === 'warning');
    expect(toast?.text).toMatch(/^sessions\.json is not valid JSON: moved aside to sessions\.json\.corrupt-\S+$/);
    expect(readdirSync(dataDir).some((name) => name.startsWith('sessions.json.corrupt-'))).toBe(true);
  });

  it('learns the account from GET /3/account and never sends a made-up account id', async () => {
    const { store } = await connected();
    expect(await store.getState().session.signInWithPassword('alice', 'correct horse')).toBe(true);
    expect(fake.service.requests.some((r) => r.startsWith('GET /3/account?session_id='))).toBe(true);
    await loadMyLists(store);
    const accountPaths = fake.service.requests.filter((r) => r.startsWith('GET /3/account/'));
    expect(accountPaths.length).toBeGreaterThan(0);
    for (const request of accountPaths) expect(request).toMatch(new RegExp(`^GET /3/account/${FAKE_ACCOUNT.id}[/?]`));
  });

  it('a session kept without its account id learns it before the first account path', async () => {
    const { store, dataDir } = await connected();
    expect(await store.getState().session.signInWithPassword('alice', 'correct horse')).toBe(true);
    const stored = loadStoredSession(dataDir, KEY)!;
    // Offline at start: the kept session is used, its account id not known.
    const offline = makeStore({ baseUrl: fake.service.url, token: fake.service.token, approvalBase: fake.service.url });
    try {
      saveStoredSession(offline.dataDir, KEY, { kind: 'user', id: stored.id, username: 'alice' });
      fake.service.failNext('GET /3/account', { status: 503, body: { success: false, status_code: 9, status_message: 'Service offline.' } });
      await offline.store.getState().connection.start();
      const current = offline.store.getState().session.current;
      expect(current).toMatchObject({ kind: 'user', username: 'alice' });
      expect(current.kind === 'user' && current.accountId).toBeUndefined();
      const before = fake.service.requests.length;
      await offline.store.getState().session.learnAccountId();
      await loadMyLists(offline.store);
      const after = fake.service.requests.slice(before);
      expect(after[0]).toMatch(/^GET \/3\/account\?session_id=/);
      expect(after[1]).toMatch(new RegExp(`^GET /3/account/${FAKE_ACCOUNT.id}/lists`));
      expect(loadStoredSession(offline.dataDir, KEY)).toMatchObject({ accountId: FAKE_ACCOUNT.id });
    } finally {
      offline.cleanup();
    }
  });

  it('drops an expired guest session without asking the service', async () => {
    const { store } = await connected((dir) =>
      saveStoredSession(dir, KEY, { kind: 'guest', id: 'g', expiresAt: '2001-01-01 00:00:00 UTC' }),
    );
    expect(store.getState().session.current.kind).toBe('none');
    expect(store.getState().session.notice).toMatch(/expired/);
  });
});

import { act } from 'react';
import { describe, expect } from 'vitest';
import { loadStoredSession, serviceKey } from '../../src/storage/index.js';
import type { TestStore } from '../state/support.js';
import { storeTest, type App } from '../store-test.js';
import { KEY } from './harness.js';

const it = storeTest.override('over', 'fake');

async function start(app: App) {
  const { ui, test: store } = await app.start();
  await ui.waitFor('Evil Dead Rise');
  return { ui, store };
}

/** Signed in: the session is stored, and its id never reaches the screen. */
function expectNoSessionId(frame: string, store: TestStore) {
  const stored = loadStoredSession(store.dataDir, serviceKey('http://127.0.0.1'));
  expect(stored?.id).toMatch(/\S/);
  expect(frame).not.toContain(stored!.id);
}

describe('the session form', () => {
  it('approves in the browser: shows and opens the address, then Enter creates the session', async ({ app, service }) => {
    const { ui, store } = await start(app);
    await ui.press('s');
    await ui.waitFor('Approve in the browser (recommended)');
    await ui.press(KEY.enter);
    const frame = await ui.waitFor('/authenticate/');
    const token = /\/authenticate\/([0-9a-f]+)/.exec(frame)![1]!;
    expect(store.opened).toEqual([`${service.url}/authenticate/${token}`]);

    await ui.press(KEY.enter);
    await ui.waitFor('Not approved yet');
    expect(ui.frame()).toContain('not signed in');

    service.fake.approve(token);
    await ui.press(KEY.enter);
    const signedIn = await ui.waitFor('signed in as Alice Example');
    expect(signedIn).not.toContain('Approve in the browser');
    expect(signedIn).toContain('Evil Dead Rise');
    expectNoSessionId(signedIn, store);
  });

  it('signs in with name and password, masking the password and showing a refusal', async ({ app }) => {
    const { ui, store } = await start(app);
    await ui.press('s', 'j', KEY.enter);
    await ui.waitFor('User name:');
    // Letters and digits are text here: no tab switch, no quit.
    await ui.type('alice1q');
    await ui.press(KEY.backspace, KEY.backspace);
    await ui.press(KEY.tab);
    await ui.type('wrong');
    let frame = await ui.waitFor('Password:  *****');
    expect(frame).not.toContain('wrong');
    await ui.press(KEY.enter);
    frame = await ui.waitFor('Sign-in refused: Invalid username and/or password');
    expect(frame).toContain('User name: alice');
    expect(ui.quits).toBe(0);

    await ui.type('correct horse');
    await ui.press(KEY.enter);
    frame = await ui.waitFor('signed in as Alice Example');
    expectNoSessionId(frame, store);
  });

  it('exchanges a pasted request token, and says when it is not approved', async ({ app, service }) => {
    const { ui } = await start(app);
    const answer = await fetch(`${service.url}/3/authentication/token/new`, { headers: { authorization: `Bearer ${service.token}` } });
    const { request_token: token } = (await answer.json()) as { request_token: string };

    // The choices move with j/k as with the arrows.
    await ui.press('s', 'j', 'j', KEY.enter);
    await ui.waitFor('Request token:');
    // One field only: Tab says why it does nothing, and the field keeps what it has.
    await ui.press(KEY.tab);
    await ui.waitFor('This step has no other field: Enter goes on, Esc goes back');
    await ui.press(token); // a paste arrives as one chunk
    await ui.press(KEY.enter);
    await ui.waitFor('That request token is not approved, or has expired');

    service.fake.approve(token);
    await ui.press(KEY.enter);
    await ui.waitFor('signed in as Alice Example');
  });

  it('starts a guest session, then ends it', async ({ app, service }) => {
    const { ui } = await start(app);
    await ui.press('s', 'j', 'j', 'j', KEY.enter);
    await ui.waitFor('guest session ·');
    await ui.press('s');
    await ui.waitFor('End the guest session');
    await ui.press('k', 'k', KEY.enter);
    await ui.waitFor('End the guest session? Its ratings stay on the service');
    await ui.press('y');
    await ui.waitFor('not signed in ·');
  });

  it('signs out a user after asking; no and Esc keep the session', async ({ app, service }) => {
    const { ui, store } = await start(app);
    await act(() => store.store.getState().session.signInWithPassword('alice', 'correct horse'));
    await ui.waitFor('signed in as Alice Example');
    await ui.press('s');
    await ui.waitFor('Sign out Alice Example');
    // The menu opens on Cancel: an Enter at once (a word typed where it did not belong) closes it.
    await ui.press(KEY.enter);
    await ui.waitFor((frame) => !frame.includes('Sign out Alice Example'));
    expect(store.store.getState().session.current.kind).toBe('user');
    await ui.press('s', 'k', KEY.enter);
    // Asked first: n (or Esc) keeps the session, and the question is a popup that takes every key.
    await ui.waitFor('Sign out Alice Example? The session is deleted on the service.');
    const requests = service.fake.requests.length;
    await ui.press('1', 'q', 'n');
    await ui.waitFor((frame) => !frame.includes('The session is deleted on the service.'));
    expect(ui.frame()).toContain('Sign out Alice Example');
    expect(ui.quits).toBe(0);
    expect(service.fake.requests.length).toBe(requests);
    expect(store.store.getState().session.current.kind).toBe('user');
    await ui.press(KEY.enter);
    await ui.waitFor('The session is deleted on the service.');
    await ui.press(KEY.esc);
    await ui.waitFor((frame) => !frame.includes('The session is deleted on the service.'));
    expect(store.store.getState().session.current.kind).toBe('user');
    await ui.press(KEY.enter, 'y');
    await ui.waitFor('not signed in ·');
    expect(service.fake.requests.at(-1)).toBe('DELETE /3/authentication/session');
  });

  it('Esc goes back to the choices, then closes the form; the form takes every key', async ({ app }) => {
    const { ui } = await start(app);
    await ui.press('s', 'j', KEY.enter);
    await ui.waitFor('User name:');
    await ui.press(KEY.esc);
    await ui.waitFor('Approve in the browser');
    await ui.press('2', 'q', '?');
    expect(ui.frame()).toContain('Approve in the browser');
    expect(ui.quits).toBe(0);
    await ui.press(KEY.esc);
    const frame = await ui.waitFor('Popular movies');
    expect(frame).not.toContain('Approve in the browser');
  });
});

import { describe, expect } from 'vitest';
import { answerApproval } from '../server/harness.js';
import { storeTest as it } from '../store-test.js';
import { KEY } from './harness.js';

/** The shell on the embedded server, as `npm start` runs it. */
describe('on the embedded catalog', () => {
  it('shows every tab, and signs in through the approval page', async ({ app, service }) => {
    const { server } = service;
    const hint = `The embedded catalog has a demo account "${server.demoAccount.username}".`;
    const { ui, opened } = await app.start({
      target: { ...service.target, signInHint: hint },
      deps: { service: { kind: 'embedded', label: 'embedded catalog' } },
    });
    let frame = await ui.waitFor(/1\/[\d,]+/);
    expect(frame).toContain('not signed in · embedded catalog');
    await ui.press('2');
    await ui.waitFor('Popular TV series');
    await ui.waitFor(/1\/[\d,]+/);
    await ui.press('3', '/');
    await ui.type('the');
    await ui.press(KEY.enter);
    await ui.waitFor(/\[(movie|tv|person)\]/);
    await ui.press('4');
    await ui.waitFor('Press s to sign in');
    await ui.press('5');
    await ui.waitFor('United States (US)');

    await ui.press('s', KEY.enter);
    frame = await ui.waitFor('/authenticate/');
    const url = /(http:\/\/127\.0\.0\.1:\d+\/authenticate\/[^\s]+)/.exec(frame)![1]!;
    expect(opened).toEqual([url]);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const approved = await answerApproval(url);
    expect(approved.status).toBeLessThan(400);
    await ui.press(KEY.enter);
    frame = await ui.waitFor('signed in as');
    await ui.press('4');
    await ui.waitFor('My lists');

    // Sign out, then back in with the demo account's name and password.
    await ui.press('s', 'k', KEY.enter, 'y');
    await ui.waitFor('not signed in');
    await ui.press('s', 'j', KEY.enter);
    frame = await ui.waitFor('demo account');
    expect(frame).not.toContain(server.demoAccount.password);
    await ui.type(server.demoAccount.username);
    await ui.press(KEY.tab, server.demoAccount.password, KEY.enter);
    await ui.waitFor('signed in as');
  });
});

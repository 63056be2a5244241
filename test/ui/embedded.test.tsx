import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { answerApproval } from '../server/harness.js';
import { makeStore, type TestStore } from '../state/support.js';
import { KEY, renderApp } from './harness.js';

let server: RunningServer;
let serverDir: string;

beforeAll(async () => {
  serverDir = mkdtempSync(join(tmpdir(), 'marquee-embedded-'));
  server = await startServer({ dataDir: serverDir, catalogSize: 300 });
});
afterAll(async () => {
  await server.close();
  rmSync(serverDir, { recursive: true, force: true });
});

/** The shell on the embedded server, as `npm start` runs it. */
describe('on the embedded catalog', () => {
  it('shows every tab, and signs in through the approval page', async () => {
    const hint = `The embedded catalog has a demo account "${server.demoAccount.username}".`;
    const store: TestStore = makeStore({ baseUrl: server.url, token: server.token, approvalBase: server.url, signInHint: hint }, {
      service: { kind: 'embedded', label: 'embedded catalog' },
    });
    const ui = await renderApp(store.store);
    try {
      await act(() => store.store.getState().connection.start());
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
      expect(store.opened).toEqual([url]);
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
    } finally {
      ui.unmount();
      store.cleanup();
    }
  });
});

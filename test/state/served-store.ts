import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../server/harness.js';
import { makeStore, type TestStore } from './support.js';

/**
 * A reference server and a store connected to it, started before the file's tests and stopped
 * after them. Read the getter inside a test: both exist once the file's beforeAll has run.
 */
export function storeOnTestServer(): () => { readonly server: TestServer; readonly test: TestStore } {
  let started: { server: TestServer; test: TestStore } | undefined;
  beforeAll(async () => {
    const server = await startTestServer();
    const test = makeStore({ baseUrl: server.server.url, token: server.server.token, approvalBase: server.server.url });
    await test.store.getState().connection.start();
    started = { server, test };
  });
  afterAll(async () => {
    started?.test.cleanup();
    await started?.server.dispose();
  });
  return () => {
    if (!started) throw new Error('storeOnTestServer: read it inside a test');
    return started;
  };
}

import { test } from 'vitest';
import { TestServer } from './test-server.js';

/**
 * The client tests' server, as a vitest fixture: one TestServer per test file, started for the
 * first test that asks for it and closed after the file; each test that names `server` gets it
 * reset (no answers queued, no requests recorded, 404 for anything not scripted). A file adds
 * its own `client` fixture on top (see serverTest.extend in each test file).
 */
export const serverTest = test
  .extend('fileServer', { scope: 'file' }, async ({}, { onCleanup }) => {
    const server = await TestServer.start();
    onCleanup(() => server.close());
    return server;
  })
  .extend('server', ({ fileServer }) => {
    fileServer.reset();
    return fileServer;
  });

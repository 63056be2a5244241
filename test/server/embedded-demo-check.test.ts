import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openEmbeddedCatalog } from '../../src/server/embedded.js';
import type { ThreadRequest } from '../../src/server/in-thread.js';
import { TEST_CATALOG_SIZE } from './harness.js';

/**
 * The embedded catalog's thread is ready once the catalog is open: the check of the demo
 * account's password against its file (a scrypt, tens of milliseconds) is left to the first
 * request that may need that password, a write such as a sign-in, rather than held before the
 * TUI's first read.
 */

const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/server/userdata/secrets.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/server/userdata/secrets.js')>();
  return {
    ...original,
    passwordMatches: (...args: Parameters<typeof original.passwordMatches>) => {
      checks.count++;
      return original.passwordMatches(...args);
    },
  };
});

let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-demo-check-'));
  // The first start creates the demo account (and its file): nothing to check yet.
  const first = await openEmbeddedCatalog({ dataDir, catalogSize: TEST_CATALOG_SIZE });
  await first.close();
}, 60_000);

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const json = (body: Uint8Array) => JSON.parse(Buffer.from(body).toString('utf8')) as Record<string, unknown>;

describe('the embedded catalog at start', () => {
  it('answers reads without checking the demo password, and checks it for the first sign-in', async () => {
    checks.count = 0;
    const catalog = await openEmbeddedCatalog({ dataDir, catalogSize: TEST_CATALOG_SIZE });
    try {
      const ask = (method: ThreadRequest['method'], path: string, body?: unknown) =>
        catalog.answer({
          method,
          path,
          headers: { authorization: `Bearer ${catalog.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      expect((await ask('GET', '/3/movie/popular?page=1')).status).toBe(200);
      const token = await ask('GET', '/3/authentication/token/new');
      expect(checks.count).toBe(0);

      const { username, password } = catalog.demoAccount;
      const signIn = await ask('POST', '/3/authentication/token/validate_with_login', { username, password, request_token: json(token.body).request_token });
      expect(signIn.status).toBe(200);
      expect(json(signIn.body).success).toBe(true);
      // The account's password checked against the file, then the sign-in's own.
      expect(checks.count).toBe(2);
    } finally {
      await catalog.close();
    }
  });
});

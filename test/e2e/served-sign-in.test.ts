import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalBaseFor } from '../../src/contract/address.js';
import { ensureBundle } from '../reliability/bundle.js';
import { answerApproval, startTestServer, type TestServer } from '../server/harness.js';
import { KEYS, spawnMarquee } from './pty-harness.js';

/**
 * Signing in through the browser against a served catalog (what `marquee serve` runs, given
 * with --base-url): the address the browser is sent to is that server's own approval page,
 * never the real service's web site, and approving it there signs the TUI in. The browser opener
 * is started without the access token in its environment.
 */

let served: TestServer;
beforeAll(async () => {
  await ensureBundle();
  served = await startTestServer();
}, 180_000);
afterAll(() => served?.dispose());

describe('the approval address', () => {
  it('is the web site only for the real service; any other service serves its own page', () => {
    expect(approvalBaseFor('https://api.themoviedb.org')).toBe('https://www.themoviedb.org');
    expect(approvalBaseFor('https://API.themoviedb.org/3/')).toBe('https://www.themoviedb.org');
    expect(approvalBaseFor('http://127.0.0.1:4780')).toBe('http://127.0.0.1:4780');
    expect(approvalBaseFor('http://localhost:4780/3/')).toBe('http://localhost:4780');
    expect(approvalBaseFor('https://catalog.example/tmdb/3')).toBe('https://catalog.example/tmdb');
    expect(approvalBaseFor('https://api.themoviedb.org.evil.example')).toBe('https://api.themoviedb.org.evil.example');
  });
});

describe('signing in against a served catalog', () => {
  it('opens the served approval page, which signs the TUI in once approved', async () => {
    // A stand-in for xdg-open that writes down the address it was asked to open, and its environment.
    const bin = mkdtempSync(join(tmpdir(), 'marquee-opener-'));
    const opened = join(bin, 'opened.txt');
    const environment = join(bin, 'env.txt');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nenv > '${environment}'\nprintf '%s' "$1" > '${opened}.part' && mv '${opened}.part' '${opened}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const session = spawnMarquee({
      env: { PATH: `${bin}:${process.env.PATH ?? ''}`, MARQUEE_BASE_URL: served.server.url, MARQUEE_TOKEN: served.server.token },
    });
    try {
      await session.waitForText(/1\/[\d,]+/, 30_000);
      await session.press('s');
      await session.waitForText('Approve in the browser');
      await session.press(KEYS.enter);
      await session.waitForText('/authenticate/');
      for (let i = 0; i < 500 && !existsSync(opened); i++) await new Promise((r) => setTimeout(r, 20));
      const url = readFileSync(opened, 'utf8');
      expect(url.startsWith(`${served.server.url}/authenticate/`)).toBe(true);
      expect(url).not.toContain('themoviedb.org');
      // The browser is started without the access token in its environment.
      const openerEnv = readFileSync(environment, 'utf8');
      expect(openerEnv).toContain('PATH=');
      expect(openerEnv).not.toContain('MARQUEE_TOKEN');
      expect(openerEnv).not.toContain(served.server.token);
      expect((await answerApproval(url)).status).toBeLessThan(400);
      await session.press(KEYS.enter);
      await session.waitForText('signed in as', 20_000);
      await session.press('q');
      expect((await session.exited).exitCode).toBe(0);
    } finally {
      await session.dispose();
      rmSync(bin, { recursive: true, force: true });
    }
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedServer } from '../../src/commands/embedded-server.js';
import { ensureBundle, ROOT } from '../reliability/bundle.js';

/** The TUI's embedded catalog, on its worker thread (the built script) or in-process. */

const WORKER = pathToFileURL(join(ROOT, 'dist', 'embedded-server.js'));
let home: string;

beforeAll(async () => {
  await ensureBundle();
  home = mkdtempSync(join(tmpdir(), 'marquee-embedded-'));
}, 120_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function validateKey(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/3/authentication`, { headers: { authorization: `Bearer ${token}` } });
  return response.status;
}

describe('the embedded catalog for the TUI', () => {
  it('runs on a worker thread from the built script, answers, and closes', async () => {
    const server = await startEmbeddedServer(join(home, 'worker'), WORKER);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await validateKey(server.url, server.token)).toBe(200);
    expect(server.demoAccount.username).toBe('marquee-demo');
    await server.close();
    await expect(fetch(`${server.url}/3/authentication`)).rejects.toThrow();
  }, 60_000);

  it('runs in-process when there is no built worker script', async () => {
    const server = await startEmbeddedServer(join(home, 'in-process'), pathToFileURL(join(home, 'no-such-script.js')));
    expect(await validateKey(server.url, server.token)).toBe(200);
    await server.close();
  }, 60_000);

  it('says why when the worker cannot start the server', async () => {
    const blocked = join(home, 'blocked');
    writeFileSync(blocked, 'a file where the data directory should be');
    await expect(startEmbeddedServer(blocked, WORKER)).rejects.toThrow(/EEXIST|ENOTDIR|not a directory|file already exists/i);
  }, 60_000);
});

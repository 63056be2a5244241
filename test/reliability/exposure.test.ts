import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposureWarning, networkExposure, runServeCommand, type ServeIo } from '../../src/commands/serve.js';
import { isLoopback } from '../../src/server/index.js';

/**
 * Item: `marquee serve --host` tells the truth. Loopback only here: the refusals happen before
 * anything listens, and the listening case uses loopback names.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-exposure-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture() {
  const out = { stdout: '', stderr: '' };
  const stop = new AbortController();
  const io: ServeIo = {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    env: {},
    signal: stop.signal,
  };
  return { out, io, stop };
}

describe('marquee serve --host', () => {
  it('knows loopback from the rest', async () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address), address).toBe(true);
    for (const address of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', 'fe80::1']) expect(isLoopback(address), address).toBe(false);
    expect(await networkExposure('127.0.0.1')).toEqual([]);
    expect(await networkExposure('localhost')).toEqual([]);
    expect(await networkExposure('0.0.0.0')).toEqual(['0.0.0.0']);
    expect(await networkExposure('::')).toEqual(['::']);
    expect(await networkExposure('10.1.2.3')).toEqual(['10.1.2.3']);
  });

  it.each(['0.0.0.0', '::', '10.1.2.3'])('refuses %s without --allow-remote, saying what would be exposed', async (host) => {
    const { out, io } = capture();
    expect(await runServeCommand(['--host', host, '--data-dir', join(dir, 'refused')], io)).toBe(2);
    expect(out.stderr).toMatch(/is reachable from the network .*the access token's API, the approval page and the images would be too\. Pass --allow-remote/);
    expect(out.stdout).toBe('');
  });

  it('prints the address it really bound (localhost as the system resolved it), with no warning on loopback', async () => {
    const { out, io, stop } = capture();
    const running = runServeCommand(['--host', 'localhost', '--catalog-size', '100', '--data-dir', join(dir, 'local')], io);
    for (let i = 0; i < 400 && !out.stdout.includes('listening on'); i++) await new Promise((r) => setTimeout(r, 25));
    stop.abort();
    expect(await running).toBe(0);
    expect(out.stdout).toMatch(/^listening on http:\/\/(127\.0\.0\.1|\[::1\]):\d+$/m);
    expect(out.stderr).toBe('');
  }, 30_000);

  it('warns, when allowed, that the token, the approval page and images are reachable', () => {
    expect(exposureWarning('http://0.0.0.0:8080 (every interface; from this machine http://127.0.0.1:8080)')).toMatch(
      /^warning: listening on http:\/\/0\.0\.0\.0:8080 .*reachable from the network: .*access token, open the approval page \(\/authenticate\/\.\.\.\) and fetch images/,
    );
  });
});

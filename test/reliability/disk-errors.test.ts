import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import { runServeCommand, type ServeIo } from '../../src/commands/serve.js';
import { Lists } from '../../src/server/userdata/lists.js';
import { tempDir } from '../server/harness.js';

/**
 * Disk problems said with the path and the fix: at the start of `marquee serve` (the token file
 * cannot be written: a full disk, a read-only file system, no permission) and while serving (a
 * write the disk refuses is a 500 and a line on stderr, without --log; the next write works).
 */

// The secret files are written through storage; a flag makes the next write fail as the disk would.
const injected = vi.hoisted(() => ({ code: undefined as string | undefined }));
vi.mock('../../src/storage/index.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/storage/index.js')>();
  return {
    ...original,
    createSecretFileOnce: (path: string, content: string) => {
      if (injected.code) throw Object.assign(new Error(`${injected.code}: refused, write '${path}.tmp-1234'`), { code: injected.code });
      return original.createSecretFileOnce(path, content);
    },
  };
});

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  injected.code = undefined;
  vi.restoreAllMocks();
  while (cleanups.length) await cleanups.pop()!();
});

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

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
}

function dataDir() {
  const dir = tempDir('marquee-disk-');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('at the start of marquee serve', () => {
  it.each([
    ['ENOSPC', 'is full: free some space, then start again'],
    ['EROFS', 'its file system is mounted read-only; remount it read-write or choose another directory with MARQUEE_DATA_DIR or --data-dir'],
    ['EACCES', 'the data directory is read-only or not yours; make it writable (chmod u+w)'],
  ])('%s writing the token file: one line naming the file and the fix', async (code, fix) => {
    const dir = dataDir();
    injected.code = code;
    const { out, io } = capture();
    expect(await runServeCommand(['--data-dir', dir, '--catalog-size', '100'], io)).toBe(1);
    const lines = out.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(join(dir, 'server-token'));
    expect(lines[0]).toContain(fix);
    expect(lines[0]).not.toContain('tmp-1234');
    expect(lines[0]).not.toContain(`${code}:`);
  });
});

describe('while marquee serve is serving', () => {
  it('a write the disk refuses is a 500 and a line on stderr without --log; the next write works', async () => {
    const dir = dataDir();
    const { out, io, stop } = capture();
    const exit = runServeCommand(['--data-dir', dir, '--catalog-size', '100', '--token', 'disk-test-token'], io);
    cleanups.push(() => exit);
    cleanups.push(() => stop.abort());
    await until(() => out.stdout.includes('demo account:'));
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out.stdout)![1]!;
    const demo = JSON.parse(readFileSync(join(dir, 'demo-account.json'), 'utf8')) as { username: string; password: string };
    const client = new CatalogClient({ baseUrl: url, token: 'disk-test-token', retry: { maxRetries: 0 } });
    cleanups.push(() => client.close());
    const { request_token } = await client.call('requestToken', {});
    await client.call('validateWithLogin', { body: { username: demo.username, password: demo.password, request_token } });
    const { session_id } = await client.call('createSession', { body: { request_token } });

    vi.spyOn(Lists.prototype, 'create').mockImplementationOnce(() => {
      throw Object.assign(new Error('database or disk is full'), { errcode: 13, code: 'ERR_SQLITE_ERROR' });
    });
    const post = (name: string) =>
      fetch(`${url}/3/list?session_id=${session_id}`, {
        method: 'POST',
        headers: { authorization: 'Bearer disk-test-token', 'content-type': 'application/json' },
        body: JSON.stringify({ name, description: '', language: 'en' }),
      });
    const refused = await post('Refused by the disk');
    expect(refused.status).toBe(500);
    expect(await refused.json()).toMatchObject({ success: false, status_code: 11 });
    await until(() => out.stderr.includes('failed (HTTP 500)'));
    const line = out.stderr.split('\n').find((l) => l.includes('failed (HTTP 500)'))!;
    expect(line).toBe(`marquee serve: POST /3/list failed (HTTP 500): the disk holding ${join(dir, 'user-data.sqlite')} is full: free some space; writes work again once that is done`);
    expect(out.stderr).not.toContain(session_id);

    // Once there is room again, writes work.
    expect((await post('Written')).status).toBe(201);
  });
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApiCommand } from '../../src/commands/api.js';
import { runServeCommand } from '../../src/commands/serve.js';
import { ConfigFileError, resolveSettings } from '../../src/config/settings.js';
import { explainDataDirFailure } from '../../src/server/diagnostics.js';
import { DataDirError, startServer } from '../../src/server/index.js';
import { USER_DATABASE_FILE } from '../../src/server/userdata/store.js';

/**
 * Item: diagnostics. A damaged database (found by PRAGMA quick_check at start), a full disk, a
 * data dir that cannot be written and an unreadable config each give one line naming the path
 * and what to do; requests Node's parser refuses get the service's error envelope.
 */

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'marquee-diagnostics-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function serveOnce(args: string[]) {
  let stdout = '';
  let stderr = '';
  const stop = new AbortController();
  stop.abort();
  const code = await runServeCommand(args, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env: {},
    signal: stop.signal,
  });
  return { code, stdout, stderr };
}

describe('the data directory', () => {
  it('a database with damaged pages is named at start, with what to do', async () => {
    const dataDir = join(home, 'damaged');
    const server = await startServer({ dataDir, catalogSize: 100 });
    await server.close();
    const path = join(dataDir, USER_DATABASE_FILE);
    const bytes = readFileSync(path);
    // Keep the header page, scribble over the rest (the schema and tables).
    for (let i = 100; i < bytes.length; i += 3) bytes[i] = 0xa5;
    writeFileSync(path, bytes);

    const failure = await startServer({ dataDir, catalogSize: 100 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DataDirError);
    expect((failure as Error).message).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is damaged \\(.+\\): move it aside`));

    const serve = await serveOnce(['--data-dir', dataDir, '--catalog-size', '100']);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toMatch(/^marquee serve: \S+user-data\.sqlite is damaged \(.+\): move it aside .* start again for a new one\n$/);
  }, 30_000);

  it('a full disk and a directory that cannot be written are said in one line naming the path', () => {
    const path = '/data/marquee/server';
    const full = [Object.assign(new Error('write failed'), { code: 'ENOSPC' }), Object.assign(new Error('database or disk is full'), { errcode: 13 })];
    for (const error of full) expect(explainDataDirFailure(error, path)?.message).toBe(`the disk holding ${path} is full: free some space, then start again`);
    const readOnly = [
      Object.assign(new Error('x'), { code: 'EACCES' }),
      Object.assign(new Error('attempt to write a readonly database'), { errcode: 8 }),
    ];
    for (const error of readOnly) {
      expect(explainDataDirFailure(error, path)?.message).toBe(
        `cannot write ${path}: the data directory is read-only or not yours; make it writable (chmod u+w) or choose another with MARQUEE_DATA_DIR or --data-dir`,
      );
    }
    expect(explainDataDirFailure(Object.assign(new Error('x'), { code: 'EROFS' }), path)?.message).toBe(
      `cannot write ${path}: its file system is mounted read-only; remount it read-write or choose another directory with MARQUEE_DATA_DIR or --data-dir`,
    );
    // While serving, the same problems say that writes work again once fixed (no restart needed).
    expect(explainDataDirFailure(Object.assign(new Error('x'), { code: 'ENOSPC' }), path, 'serving')?.message).toBe(
      `the disk holding ${path} is full: free some space; writes work again once that is done`,
    );
    expect(explainDataDirFailure(Object.assign(new Error('x'), { code: 'EADDRINUSE' }), path)).toBeUndefined();
  });

  it('a data dir where no directory can be made: marquee api says so in one line', async () => {
    // A file where the data dir should be: mkdir fails whoever runs the test (root too).
    const blocker = join(home, 'blocker');
    writeFileSync(blocker, '');
    let stderr = '';
    const code = await runApiCommand(['/3/configuration'], {
      env: { XDG_CONFIG_HOME: join(home, 'no-config'), MARQUEE_DATA_DIR: join(blocker, 'data') },
      stdout: { write: () => true },
      stderr: { write: (t: string) => (stderr += t) },
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^marquee api: [^\n]+\n$/);
    expect(stderr).toContain(join(blocker, 'data'));
  });
});

describe('the config file', () => {
  it('that cannot be read: one line naming it and the fix', async () => {
    const configHome = join(home, 'config-unreadable');
    mkdirSync(join(configHome, 'marquee', 'config.json'), { recursive: true });
    const path = join(configHome, 'marquee', 'config.json');
    await expect(resolveSettings({}, { XDG_CONFIG_HOME: configHome })).rejects.toThrow(ConfigFileError);
    await expect(resolveSettings({}, { XDG_CONFIG_HOME: configHome })).rejects.toThrow(
      `${path} is a folder, not a regular file: make it a file, or remove it`,
    );
  });
});

describe('malformed HTTP', () => {
  async function rawExchange(port: number, text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('end', () => resolve(answer));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      socket.end(text);
    });
  }

  it('a bad Content-Length and oversized headers get the service envelope', async () => {
    const server = await startServer({ dataDir: join(home, 'http'), catalogSize: 100 });
    try {
      const port = Number(new URL(server.url).port);
      const badLength = await rawExchange(port, 'POST /3/list HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n');
      expect(badLength).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(JSON.parse(badLength.slice(badLength.indexOf('\r\n\r\n') + 4))).toEqual({ success: false, status_code: 47, status_message: expect.any(String) });
      const huge = await rawExchange(port, `GET /3/configuration HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`);
      expect(huge).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, status_code: 47 });
    } finally {
      await server.close();
    }
  }, 30_000);
});

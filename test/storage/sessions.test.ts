import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSecretFileOnce, fileSessionStorage, loadStoredSession, saveStoredSession, serviceKey, sessionFilePath,
  withFileLock, writeSecretFile,
} from '../../src/storage/index.js';

let home: string;
let n = 0;
const freshDir = () => join(home, `data-${++n}`);
const mode = (path: string) => statSync(path).mode & 0o777;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'marquee-storage-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('secret files', () => {
  it('are created 0600 in a 0700 directory, and tightened when rewritten', () => {
    const path = join(home, 'nested', 'secret');
    writeSecretFile(path, 'x');
    expect(mode(path)).toBe(0o600);
    expect(mode(join(home, 'nested'))).toBe(0o700);
    chmodSync(path, 0o644);
    writeSecretFile(path, 'y');
    expect(mode(path)).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe('y');
    expect(readdirSync(join(home, 'nested'))).toEqual(['secret']);
  });

  it('createSecretFileOnce keeps the first content and says who created it', () => {
    const path = join(freshDir(), 'token');
    expect(createSecretFileOnce(path, 'first')).toBe(true);
    expect(createSecretFileOnce(path, 'second')).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('first');
    expect(mode(path)).toBe(0o600);
  });
});

describe('the sessions file', () => {
  it('keeps one session per service, 0600, and forgets it on request', () => {
    const dir = freshDir();
    saveStoredSession(dir, serviceKey(undefined), { kind: 'user', id: 'abc', username: 'demo', accountId: 1 });
    saveStoredSession(dir, serviceKey('https://api.themoviedb.org/3'), { kind: 'guest', id: 'g1' });
    expect(mode(sessionFilePath(dir))).toBe(0o600);
    expect(loadStoredSession(dir, 'embedded')).toMatchObject({ kind: 'user', id: 'abc' });
    expect(loadStoredSession(dir, 'https://api.themoviedb.org')).toMatchObject({ kind: 'guest', id: 'g1' });
    saveStoredSession(dir, 'embedded', undefined);
    expect(loadStoredSession(dir, 'embedded')).toBeUndefined();
    expect(loadStoredSession(dir, 'https://api.themoviedb.org')).toBeDefined();
    saveStoredSession(dir, 'https://api.themoviedb.org', undefined);
    expect(existsSync(sessionFilePath(dir))).toBe(false);
    expect(existsSync(`${sessionFilePath(dir)}.lock`)).toBe(false);
  });

  it('a corrupt file is kept aside, never silently replaced, and the user is told', () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(sessionFilePath(dir), '{"embedded": {"kind": "user", "id": "SECRET-SESSION-ID"');
    const notices: string[] = [];
    expect(loadStoredSession(dir, 'embedded', (m) => notices.push(m))).toBeUndefined();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^sessions\.json is not valid JSON: moved aside to sessions\.json\.corrupt-\S+$/);
    expect(notices[0]).not.toContain('SECRET-SESSION-ID');
    const aside = readdirSync(dir).filter((name) => name.startsWith('sessions.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toContain('SECRET-SESSION-ID');

    // Saving over a corrupt file also keeps it aside first.
    writeFileSync(sessionFilePath(dir), '[1, 2]');
    saveStoredSession(dir, 'embedded', { kind: 'guest', id: 'g2' }, (m) => notices.push(m));
    expect(notices[1]).toMatch(/does not hold a JSON object/);
    expect(readdirSync(dir).filter((name) => name.startsWith('sessions.json.corrupt-'))).toHaveLength(2);
    expect(loadStoredSession(dir, 'embedded')).toMatchObject({ id: 'g2' });
  });

  it('an unreadable file (here: a directory in its place) is moved aside, not overwritten', () => {
    const dir = freshDir();
    mkdirSync(join(sessionFilePath(dir), 'inner'), { recursive: true });
    const notices: string[] = [];
    const storage = fileSessionStorage(dir, undefined);
    storage.save({ kind: 'guest', id: 'g3' }, (m) => notices.push(m));
    expect(notices[0]).toMatch(/^sessions\.json is a folder, not a regular file: moved aside to sessions\.json\.corrupt-/);
    const aside = readdirSync(dir).find((name) => name.startsWith('sessions.json.corrupt-'))!;
    expect(existsSync(join(dir, aside, 'inner'))).toBe(true);
    expect(storage.load()).toMatchObject({ id: 'g3' });
  });

  it('a lock left by a process that is gone is taken over', () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    // No process has pid 2^22 + 1 on Linux (pid_max is at most 2^22).
    writeFileSync(`${sessionFilePath(dir)}.lock`, String(2 ** 22 + 1));
    saveStoredSession(dir, 'embedded', { kind: 'guest', id: 'g4' });
    expect(loadStoredSession(dir, 'embedded')).toMatchObject({ id: 'g4' });
  });

  it('a lock held by a live process makes the other wait, then gives up with a message naming it', () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    const path = sessionFilePath(dir);
    withFileLock(path, () => {
      expect(() => withFileLock(path, () => 1, { timeoutMs: 50 })).toThrow(/sessions\.json is locked by another process/);
    });
    expect(withFileLock(path, () => 2)).toBe(2);
  });

  it('writers in several processes at once lose nothing (merged under the lock)', async () => {
    const bundle = join(home, 'storage.mjs');
    buildSync({ entryPoints: ['src/storage/index.ts'], bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'silent' });
    const dir = freshDir();
    const WRITERS = 3;
    const EACH = 40;
    const script = (writer: number) => `
      const { saveStoredSession } = await import(${JSON.stringify(bundle)});
      for (let i = 0; i < ${EACH}; i++) {
        saveStoredSession(${JSON.stringify(dir)}, 'http://w${writer}-' + i, { kind: 'guest', id: 'id-${writer}-' + i });
      }`;
    const run = (writer: number) =>
      new Promise<number | null>((done, fail) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script(writer)], { stdio: ['ignore', 'ignore', 'inherit'] });
        child.on('error', fail);
        child.on('exit', done);
      });
    const codes = await Promise.all(Array.from({ length: WRITERS }, (_, writer) => run(writer)));
    expect(codes).toEqual(Array(WRITERS).fill(0));
    const all = JSON.parse(readFileSync(sessionFilePath(dir), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(all)).toHaveLength(WRITERS * EACH);
    expect(readdirSync(dir).sort()).toEqual(['sessions.json']);
  }, 30_000);
});

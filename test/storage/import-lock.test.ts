import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireImportLock, IMPORT_LOCK_FILE, ImportLockedError } from '../../src/storage/index.js';

/** One import at a time per data folder: a lock that says who holds it and outlives no crash. */

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-import-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function refusal(take: () => unknown): ImportLockedError {
  try {
    take();
  } catch (error) {
    if (error instanceof ImportLockedError) return error;
    throw error;
  }
  throw new Error('expected the lock to be refused');
}

describe('the import lock', () => {
  it('is held by one import: a second is refused with who holds it, and can take it once it is let go', () => {
    const dir = dataDir();
    const release = acquireImportLock(dir, 'marquee import ratings.csv', new Date('2026-01-02T03:04:05.000Z'));
    const lockPath = join(dir, IMPORT_LOCK_FILE);
    expect(statSync(lockPath).mode & 0o777).toBe(0o600);
    const error = refusal(() => acquireImportLock(dir, 'the TUI, importing other.csv'));
    expect(error.message).toBe(
      `marquee import ratings.csv (process ${process.pid}, since 2026-01-02T03:04:05.000Z) is importing into this data folder; ` +
        `wait for it to end (if no marquee is running, remove ${lockPath})`,
    );
    release();
    expect(existsSync(lockPath)).toBe(false);
    acquireImportLock(dir, 'the TUI, importing other.csv')();
  });

  it('held by a process that has ended (a crash, kill -9), is taken over', () => {
    const dir = dataDir();
    const ended = spawnSync(process.execPath, ['-e', '']);
    expect(ended.status).toBe(0);
    const lockPath = join(dir, IMPORT_LOCK_FILE);
    writeFileSync(lockPath, JSON.stringify({ pid: ended.pid, host: hostname(), what: 'marquee import old.csv', since: '2026-01-01T00:00:00.000Z' }), { mode: 0o600 });
    const release = acquireImportLock(dir, 'marquee import new.csv');
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid, what: 'marquee import new.csv' });
    release();
  });

  it('held by a live process on another machine (a shared folder) is not taken over', () => {
    const dir = dataDir();
    writeFileSync(join(dir, IMPORT_LOCK_FILE), JSON.stringify({ pid: 1, host: `${hostname()}-elsewhere`, what: 'marquee import a.csv', since: 'then' }));
    expect(refusal(() => acquireImportLock(dir, 'marquee import b.csv')).message).toMatch(/^marquee import a\.csv \(process 1 on .*-elsewhere, since then\)/);
  });
});

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { acquireImportLock, IMPORT_LOCK_FILE, ImportLockedError } from '../../src/storage/index.js';
import { thrownBy } from '../thrown.js';

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

const refusal = (take: () => unknown): ImportLockedError => thrownBy(ImportLockedError, take, 'the lock to be refused');

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

  const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  const pidNamespace = readlinkSync('/proc/self/ns/pid');
  const startOf = (pid: number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
  };
  const writeLock = (dir: string, holder: Record<string, unknown>, ageMs = 0) => {
    const path = join(dir, IMPORT_LOCK_FILE);
    writeFileSync(path, JSON.stringify({ what: 'marquee import old.csv', since: 'then', ...holder }), { mode: 0o600 });
    const at = new Date(Date.now() - ageMs);
    utimesSync(path, at, at);
    return path;
  };

  it('naming this very pid but another start time (a container: every run is pid 1) is taken over', () => {
    const dir = dataDir();
    const lockPath = writeLock(dir, { pid: process.pid, host: hostname(), boot, pidNamespace, start: '1' });
    const release = acquireImportLock(dir, 'marquee import new.csv');
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid, what: 'marquee import new.csv', start: startOf(process.pid) });
    release();
    // As an earlier Marquee wrote it (pid and host only), and under another host name (a new container's).
    writeLock(dir, { pid: process.pid, host: hostname() });
    acquireImportLock(dir, 'marquee import new.csv')();
    writeLock(dir, { pid: 1, host: 'a0b1c2d3e4f5', boot, pidNamespace: 'pid:[4026530000]', start: '5' }, 120_000);
    acquireImportLock(dir, 'marquee import new.csv')();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('held by a live process, named by its pid and start time, is refused', async () => {
    const dir = dataDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      writeLock(dir, { pid: child.pid, host: hostname(), boot, pidNamespace, start: startOf(child.pid!) }, 600_000);
      expect(refusal(() => acquireImportLock(dir, 'marquee import b.csv')).message).toMatch(/^marquee import old\.csv \(process \d+, since then\)/);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('held in another container (its pids not ours to look up) is refused while it beats, taken over after a minute of silence', () => {
    const dir = dataDir();
    const other = { pid: 1, host: 'f00dcafe0001', boot, pidNamespace: 'pid:[4026530000]', start: '5' };
    writeLock(dir, other, 20_000);
    expect(refusal(() => acquireImportLock(dir, 'marquee import b.csv')).message).toContain('(process 1 on f00dcafe0001, since then)');
    writeLock(dir, other, 90_000);
    acquireImportLock(dir, 'marquee import b.csv')();
  });

  it('the holder touches the lock while it holds it, so that others see it alive', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const dir = dataDir();
      const release = acquireImportLock(dir, 'marquee import slow.csv');
      const lockPath = join(dir, IMPORT_LOCK_FILE);
      const old = new Date(Date.now() - 50_000);
      utimesSync(lockPath, old, old);
      vi.advanceTimersByTime(6_000);
      expect(statSync(lockPath).mtimeMs).toBeGreaterThan(old.getTime() + 40_000);
      release();
      expect(existsSync(lockPath)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

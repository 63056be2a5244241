import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { currentProcessMark, holderState, parseProcessMark, type ProcessMark } from './process-mark.js';

/**
 * A lock between processes on one machine: a `<path>.lock` file created exclusively, holding the
 * owner's process mark (pid, and on Linux its boot, pid namespace and start time: a pid alone is
 * reused, and in a container every run is pid 1). Held for the few milliseconds of a
 * read-modify-write of a small file. A lock whose owner is gone, or that is older than
 * `staleMs`, is taken over.
 *
 * Written by hand: the one maintained library for this (proper-lockfile) has no waiting in its
 * synchronous form, and the callers here are synchronous.
 */

export class LockTimeoutError extends Error {
  override readonly name = 'LockTimeoutError';
}

export interface LockOptions {
  /** How long to wait for another process to let go. */
  readonly timeoutMs?: number;
  /** A lock older than this is left over from a crash. */
  readonly staleMs?: number;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function sleep(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/** The owner named in a lock file: a process mark, or a bare pid as earlier versions wrote. */
function ownerOf(text: string): ProcessMark | undefined {
  if (/^\d+$/.test(text)) return { pid: Number(text), host: hostname() };
  try {
    return parseProcessMark(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** 'gone': the owner died or the lock is stale; 'released': it vanished meanwhile; 'held' otherwise. */
function lockState(lockPath: string, staleMs: number): 'gone' | 'released' | 'held' {
  try {
    const age = Date.now() - statSync(lockPath).mtimeMs;
    if (age > staleMs) return 'gone';
    const owner = ownerOf(readFileSync(lockPath, 'utf8'));
    // Empty: its owner has created it and is about to write who it is.
    if (owner === undefined) return age > 1_000 ? 'gone' : 'held';
    return holderState(owner) === 'gone' ? 'gone' : 'held';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'released' : 'held';
  }
}

export function withFileLock<T>(path: string, action: () => T, options: LockOptions = {}): T {
  const lockPath = `${path}.lock`;
  const deadline = Date.now() + (options.timeoutMs ?? 5_000);
  const staleMs = options.staleMs ?? 10_000;
  let fd: number | undefined;
  for (let attempt = 0; fd === undefined; attempt++) {
    try {
      fd = openSync(lockPath, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const state = lockState(lockPath, staleMs);
      // Released: try again at once. Never remove it then: another process may hold it already.
      if (state === 'released') continue;
      if (state === 'gone') {
        rmSync(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new LockTimeoutError(
          `${path} is locked by another process (${lockPath}); if no marquee is running, remove that file`,
        );
      }
      sleep(Math.min(50, 2 + attempt * 2));
    }
  }
  try {
    writeSync(fd, JSON.stringify(currentProcessMark()));
    return action();
  } finally {
    closeSync(fd);
    rmSync(lockPath, { force: true });
  }
}

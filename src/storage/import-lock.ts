import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { withFileLock } from './lock.js';

/**
 * One import at a time per data folder: the journal of what imports wrote is shared, and two
 * runs appending to it at once would each miss what the other did. The lock is a file created
 * exclusively (`import.lock`, 0600) that says who holds it; it is removed when the import ends,
 * and one whose process is gone (a crash, kill -9) is taken over by the next import.
 *
 * Written here rather than with proper-lockfile: that one keeps no word of who holds the lock
 * and tells a crashed holder by a modification time refreshed every few seconds, where the pid
 * in the file tells it at once. The check-and-take-over is done under withFileLock, so two
 * imports starting together after a crash cannot both take it.
 */

export const IMPORT_LOCK_FILE = 'import.lock';

export interface ImportLockHolder {
  readonly pid: number;
  readonly host: string;
  /** What holds it: "marquee import ratings.csv", "the TUI, importing ratings.csv". */
  readonly what: string;
  /** When it was taken (ISO time). */
  readonly since: string;
}

export class ImportLockedError extends Error {
  override readonly name = 'ImportLockedError';

  constructor(
    readonly lockPath: string,
    readonly holder: ImportLockHolder | undefined,
  ) {
    const who = holder
      ? `${holder.what} (process ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}, since ${holder.since})`
      : 'another import';
    super(`${who} is importing into this data folder; wait for it to end (if no marquee is running, remove ${lockPath})`);
  }
}

function readHolder(path: string): ImportLockHolder | undefined {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<ImportLockHolder>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return undefined;
    return { pid: value.pid, host: value.host, what: String(value.what ?? 'an import'), since: String(value.since ?? '') };
  } catch {
    return undefined;
  }
}

/** Whether the holder's process has ended (on this machine; on another one, nothing can be told). */
function holderGone(holder: ImportLockHolder | undefined, path: string): boolean {
  if (holder === undefined) {
    // Unreadable: written by a process that died between creating and filling it, unless just now.
    try {
      return Date.now() - statSync(path).mtimeMs > 5_000;
    } catch {
      return true;
    }
  }
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Takes the data folder's import lock, or throws ImportLockedError naming who holds it.
 * Returns the function that lets it go (only the lock this call took).
 */
export function acquireImportLock(dataDir: string, what: string, now: Date = new Date()): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, IMPORT_LOCK_FILE);
  const mine: ImportLockHolder = { pid: process.pid, host: hostname(), what, since: now.toISOString() };
  const text = JSON.stringify(mine);
  withFileLock(path, () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const fd = openSync(path, 'wx', 0o600);
        try {
          writeSync(fd, text);
        } finally {
          closeSync(fd);
        }
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(path);
      if (attempt > 0 || !holderGone(holder, path)) throw new ImportLockedError(path, holder);
      rmSync(path, { force: true });
    }
  });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    withFileLock(path, () => {
      // Only this import's lock: one taken over meanwhile (this process was thought gone) stays.
      const holder = readHolder(path);
      if (holder?.pid === mine.pid && holder.since === mine.since && holder.what === mine.what) rmSync(path, { force: true });
    });
  };
}

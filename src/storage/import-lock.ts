import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { withFileLock } from './lock.js';
import { currentProcessMark, holderState, parseProcessMark, type ProcessMark } from './process-mark.js';

/**
 * One import at a time per data folder: the journal of what imports wrote is shared, and two
 * runs appending to it at once would each miss what the other did. The lock is a file created
 * exclusively (`import.lock`, 0600) that says who holds it; it is removed when the import ends,
 * and one whose process is gone (a crash, kill -9) is taken over by the next import.
 *
 * The holder is told by its process mark (pid, boot, pid namespace, start time), not its pid
 * alone: in a container every run is pid 1, and a lock left by a killed run named the next run
 * itself. Where the mark cannot tell (another machine sharing the folder, another container),
 * the holder's heartbeat does: it touches the file every few seconds, and a lock untouched for
 * a minute is taken over.
 *
 * Written here rather than with proper-lockfile: that one keeps no word of who holds the lock
 * and tells a crashed holder by its modification time alone, where the mark tells it at once on
 * this machine. The check-and-take-over is done under withFileLock, so two imports starting
 * together after a crash cannot both take it.
 */

export const IMPORT_LOCK_FILE = 'import.lock';

/** How often a holder shows it is alive, and how long without a sign before it is thought gone. */
const HEARTBEAT_MS = 5_000;
const SILENT_MS = 60_000;

export interface ImportLockHolder extends ProcessMark {
  /** What holds it: "marquee import ratings.csv", "the TUI, importing ratings.csv". */
  readonly what: string;
  /** When it was taken (ISO time). */
  readonly since: string;
  /** Drawn by the holder: tells its own lock from one taken over meanwhile. */
  readonly token?: string;
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
    const mark = parseProcessMark(value);
    if (!mark) return undefined;
    return {
      ...mark,
      what: String(value.what ?? 'an import'),
      since: String(value.since ?? ''),
      ...(typeof value.token === 'string' ? { token: value.token } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Milliseconds since the lock file last changed (its holder's last heartbeat); Infinity when it is gone. */
function silentFor(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Infinity;
  }
}

/** Whether the holder's process has ended, or (where that cannot be told) has given no sign for a minute. */
function holderGone(holder: ImportLockHolder | undefined, path: string): boolean {
  // Unreadable: written by a process that died between creating and filling it, unless just now.
  if (holder === undefined) return silentFor(path) > 5_000;
  const state = holderState(holder);
  return state === 'gone' || (state === 'unknown' && silentFor(path) > SILENT_MS);
}

/**
 * Takes the data folder's import lock, or throws ImportLockedError naming who holds it.
 * Returns the function that lets it go (only the lock this call took).
 */
export function acquireImportLock(dataDir: string, what: string, now: Date = new Date()): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, IMPORT_LOCK_FILE);
  const mine: ImportLockHolder = { ...currentProcessMark(), what, since: now.toISOString(), token: randomBytes(8).toString('hex') };
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
  const isMine = () => readHolder(path)?.token === mine.token;
  // Seen from another machine or container, this touch is the only sign that the import runs.
  const heartbeat = setInterval(() => {
    try {
      if (isMine()) utimesSync(path, new Date(), new Date());
    } catch {
      // The folder went away or became read-only: the import itself will say so.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    // Only this import's lock: one taken over meanwhile (this process was thought gone) stays.
    withFileLock(path, () => {
      if (isMine()) rmSync(path, { force: true });
    });
  };
}

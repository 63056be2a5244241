import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { withFileLock } from './lock.js';
import { readUserFile, UserFileError } from './user-file.js';
import { writeSecretFile } from './secret-file.js';
import { asideName } from './set-aside.js';

/**
 * sessions.json in the data dir: the session kept between runs for each service ("embedded" or
 * the service's origin), shared by the TUI and `marquee api`, which may run at the same time.
 * Every update re-reads the file under a lock and replaces it atomically, so two processes never
 * lose each other's session. A file that cannot be read or parsed is never silently replaced:
 * it is moved aside (`sessions.json.corrupt-<time>`) and the caller is told.
 */

/** A session kept between runs, per service. */
export interface StoredSession {
  kind: 'user' | 'guest';
  id: string;
  accountId?: number;
  username?: string;
  expiresAt?: string;
}

/** Receives what the user should hear about the file (e.g. that a corrupt one was moved aside). */
export type StorageNotice = (message: string) => void;

export class SessionFileError extends Error {
  override readonly name = 'SessionFileError';
}

export function sessionFilePath(dir: string): string {
  return join(dir, 'sessions.json');
}

/** The key under which sessions of a service are stored. */
export function serviceKey(baseUrl: string | undefined): string {
  return baseUrl ? new URL(baseUrl).origin : 'embedded';
}

type SessionRecords = Record<string, unknown>;

/** Moves a file we cannot use out of the way, keeping it for the user to look at. */
function keepAside(path: string, why: string, notice: StorageNotice | undefined): void {
  const aside = asideName(path, new Date());
  try {
    renameSync(path, aside);
  } catch (error) {
    throw new SessionFileError(
      `${path} ${why}, and it could not be moved aside (${(error as NodeJS.ErrnoException).code ?? 'error'}): ` +
        'move or remove it, then sign in again',
    );
  }
  // Short enough for one line of the TUI: the file sits beside the new one, in the same folder.
  notice?.(`${basename(path)} ${why}: moved aside to ${basename(aside)}`);
}

/** The records in the file; a file that is not a JSON object is moved aside (and reported). */
function readRecords(path: string, notice: StorageNotice | undefined): SessionRecords {
  let text: string;
  try {
    text = readUserFile(path);
  } catch (error) {
    if (error instanceof UserFileError) {
      keepAside(path, error.why, notice);
      return {};
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return {};
    keepAside(path, `could not be read (${code ?? 'error'})`, notice);
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's message would quote the file, and the file holds session ids.
    keepAside(path, 'is not valid JSON', notice);
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    keepAside(path, 'does not hold a JSON object', notice);
    return {};
  }
  return parsed as SessionRecords;
}

function asSession(entry: unknown): StoredSession | undefined {
  const candidate = entry as Partial<StoredSession> | undefined;
  if (!candidate || typeof candidate !== 'object') return undefined;
  if ((candidate.kind !== 'user' && candidate.kind !== 'guest') || typeof candidate.id !== 'string' || !candidate.id) {
    return undefined;
  }
  return candidate as StoredSession;
}

export function loadStoredSession(dir: string, key: string, notice?: StorageNotice): StoredSession | undefined {
  const path = sessionFilePath(dir);
  if (!existsSync(path)) return undefined;
  // Under the lock: a file another process is replacing is never judged corrupt half-way.
  return withFileLock(path, () => asSession(readRecords(path, notice)[key]));
}

export function saveStoredSession(
  dir: string,
  key: string,
  session: StoredSession | undefined,
  notice?: StorageNotice,
): void {
  const path = sessionFilePath(dir);
  if (!session && !existsSync(path)) return;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  withFileLock(path, () => {
    const records = readRecords(path, notice);
    if (session) records[key] = session;
    else delete records[key];
    if (Object.keys(records).length === 0) rmSync(path, { force: true });
    else writeSecretFile(path, `${JSON.stringify(records, null, 2)}\n`);
  });
}

/** The sessions of one service, as the TUI's store keeps them. */
export interface SessionStore {
  load(notice?: StorageNotice): StoredSession | undefined;
  save(session: StoredSession | undefined, notice?: StorageNotice): void;
}

export function fileSessionStorage(dataDir: string, baseUrl: string | undefined): SessionStore {
  const key = serviceKey(baseUrl);
  return {
    load: (notice) => loadStoredSession(dataDir, key, notice),
    save: (session, notice) => saveStoredSession(dataDir, key, session, notice),
  };
}

/**
 * One clear line for what goes wrong with the data directory at start: a full disk, a directory
 * that cannot be written, a damaged database. Each names the path and what to do about it; the
 * commands print it as it is.
 */

export class DataDirError extends Error {
  override readonly name = 'DataDirError';
}

/** SQLite result codes (primary) that mean something to a person. */
const SQLITE_READONLY = 8;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;
const SQLITE_IOERR = 10;

function sqliteCode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown }).errcode;
  // Extended codes carry the primary one in their low byte.
  return typeof code === 'number' ? code & 0xff : undefined;
}

/**
 * The DataDirError for `error`, met while opening or writing `path`; undefined when it is
 * something else. At start the fix ends "then start again"; while serving, writes work again as
 * soon as the disk is fixed, which is what the message says then.
 */
export function explainDataDirFailure(error: unknown, path: string, when: 'start' | 'serving' = 'start'): DataDirError | undefined {
  if (error instanceof DataDirError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const sqlite = sqliteCode(error);
  // At start the fix is followed by a new start; while serving, the next write works once it is done.
  const after = when === 'start' ? ', then start again' : '; writes work again once that is done';
  if (code === 'ENOSPC' || code === 'EDQUOT' || sqlite === SQLITE_FULL) {
    return new DataDirError(`the disk holding ${path} is full: free some space${after}`);
  }
  if (code === 'EROFS') {
    return new DataDirError(
      `cannot write ${path}: its file system is mounted read-only; remount it read-write or choose another directory with MARQUEE_DATA_DIR or --data-dir${when === 'start' ? '' : after}`,
    );
  }
  if (code === 'EACCES' || code === 'EPERM' || sqlite === SQLITE_READONLY || sqlite === SQLITE_CANTOPEN) {
    return new DataDirError(
      `cannot write ${path}: the data directory is read-only or not yours; make it writable (chmod u+w) or choose another with MARQUEE_DATA_DIR or --data-dir${when === 'start' ? '' : after}`,
    );
  }
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    return new DataDirError(
      `cannot create ${path}: part of that path is a file, not a directory; move the file or choose another directory with MARQUEE_DATA_DIR or --data-dir`,
    );
  }
  if (sqlite === SQLITE_CORRUPT || sqlite === SQLITE_NOTADB) {
    return new DataDirError(damagedDatabase(path, (error as Error).message));
  }
  if (sqlite === SQLITE_IOERR) return new DataDirError(`cannot read or write ${path} (input/output error): check the disk`);
  return undefined;
}

export function damagedDatabase(path: string, detail: string): string {
  return (
    `${path} is damaged (${detail.split('\n')[0]!.slice(0, 120)}): move it aside (it holds accounts, lists and ratings; ` +
    'keep it for recovery with the sqlite3 .recover command) and start again for a new one'
  );
}

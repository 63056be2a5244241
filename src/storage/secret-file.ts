import { randomBytes } from 'node:crypto';
import {
  chmodSync, closeSync, fchmodSync, fsyncSync, linkSync, mkdirSync, openSync, renameSync, rmSync, writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { withUserFile } from './user-file.js';

/**
 * Files that hold secrets (tokens, passwords, session ids): only their owner can read them
 * (0600, in a 0700 directory when we create it), and a reader never sees half a file.
 */

/** A temp file beside `path`, written in full and flushed, that only its owner can read. */
function writeTemp(path: string, content: string): string {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  } finally {
    try {
      closeSync(fd);
    } catch {
      // Already closed after a failed write.
    }
  }
  // A umask can only take bits away, but the mode is set again in case the file system ignored it.
  chmodSync(temp, 0o600);
  return temp;
}

/** Writes a file only its owner can read, atomically (temp file, then rename over the old one). */
export function writeSecretFile(path: string, content: string): void {
  const temp = writeTemp(path, content);
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Creates `path` with `content` unless it already exists, atomically: two processes starting at
 * once agree on one file. Returns true when this call created it.
 */
export function createSecretFileOnce(path: string, content: string): boolean {
  const temp = writeTemp(path, content);
  try {
    // link() fails with EEXIST instead of replacing: the first writer wins, whole.
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Reads a secret file (a regular file of bounded size: see withUserFile), hands its text to
 * `accept`, and only once accepted makes sure it is readable by its owner only (0600). A file
 * `accept` refuses by throwing is left exactly as it was: a notes file named by mistake keeps
 * its mode.
 */
export function readSecretFile<T>(path: string, accept: (content: string) => T): T {
  return withUserFile(path, (content, fd, stat) => {
    const value = accept(content);
    if ((stat.mode & 0o777) !== 0o600) fchmodSync(fd, 0o600);
    return value;
  });
}

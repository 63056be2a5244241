import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/**
 * Reading a file the user (or anyone who can write to their folders) controls: the config file,
 * a token file, the sessions and settings files. Only a regular file is read (after following
 * symlinks), and at most a bounded size: a FIFO in its place would hang the read forever, and
 * a link to /dev/zero would fill memory.
 *
 * The file is opened non-blocking, so that opening a FIFO returns at once instead of waiting for
 * a writer, and what was opened is then checked with fstat: the check and the read are of one
 * file, whatever the path is made to point to meanwhile.
 */

/** More than any config, token or sessions file holds. */
const MAX_USER_FILE_BYTES = 1024 * 1024;

export class UserFileError extends Error {
  override readonly name = 'UserFileError';

  constructor(
    readonly path: string,
    /** What is wrong with it, to follow its path: "is a FIFO, not a regular file". */
    readonly why: string,
  ) {
    super(`${path} ${why}`);
  }
}

function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'not a file';
}

const sizeText = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`);

/**
 * Reads `path` as UTF-8 and hands the text to `read` with the open descriptor and its stat, so a
 * caller can act on the very file it read. Throws UserFileError for what is not a regular file
 * or is larger than `maxBytes`, and the system's error (ENOENT, EACCES...) otherwise.
 */
export function withUserFile<T>(path: string, read: (text: string, fd: number, stat: Stats) => T, maxBytes = MAX_USER_FILE_BYTES): T {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new UserFileError(path, `is ${kindOf(stat)}, not a regular file`);
    const tooLarge = new UserFileError(path, `is larger than ${sizeText(maxBytes)}, more than such a file ever holds`);
    if (stat.size > maxBytes) throw tooLarge;
    // Read to the end, not to the size fstat gave: one byte more than allowed tells a file that grew.
    const buffer = Buffer.allocUnsafe(maxBytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const count = readSync(fd, buffer, length, buffer.length - length, null);
      if (count === 0) break;
      length += count;
    }
    if (length > maxBytes) throw tooLarge;
    return read(buffer.subarray(0, length).toString('utf8'), fd, stat);
  } finally {
    closeSync(fd);
  }
}

/** The text of a file the user controls: see withUserFile. */
export function readUserFile(path: string, maxBytes = MAX_USER_FILE_BYTES): string {
  return withUserFile(path, (text) => text, maxBytes);
}


import { createHash } from 'node:crypto';
import { appendFileSync, chmodSync, mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * What earlier imports wrote, so that a run stopped halfway, run again, skips what was done.
 * One line per written row, appended as soon as the service accepted it: `<content hash> <row>`.
 * The hash is of the file's bytes, so an edited file is a new file (its rows are compared with
 * the account instead). Kept beside the sessions file, readable only by the user.
 */

export const JOURNAL_FILE = 'import-journal.txt';

export function contentHash(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export interface ImportJournal {
  has(row: number): boolean;
  record(row: number): void;
}

export function openJournal(dataDir: string, hash: string): ImportJournal {
  const path = join(dataDir, JOURNAL_FILE);
  const done = new Set<number>();
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const line of text.split('\n')) {
    const [lineHash, row] = line.split(' ');
    if (lineHash === hash && row !== undefined && /^\d+$/.test(row)) done.add(Number(row));
  }
  return {
    has: (row) => done.has(row),
    record(row) {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      closeSync(openSync(path, 'a', 0o600));
      chmodSync(path, 0o600);
      appendFileSync(path, `${hash} ${row}\n`);
      done.add(row);
    },
  };
}

/** A journal that remembers nothing and writes nothing (a dry run). */
export const NO_JOURNAL = (earlier: ImportJournal): ImportJournal => ({ has: (row) => earlier.has(row), record: () => {} });

import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { withFileLock } from './lock.js';
import { asideName } from './set-aside.js';
import { serviceKey, type StorageNotice } from './sessions.js';
import { writeSecretFile } from './secret-file.js';
import { readUserFile, UserFileError } from './user-file.js';

/**
 * Ratings asked for and not yet held by the service, of episodes and of films and series (their
 * deletes included): each is written here before the screen shows it pending, and leaves when the service has answered that it holds it (or has
 * refused it). So however the program ends (q, Ctrl-C, SIGTERM, SIGHUP, a crash, kill -9), the
 * file says what the user last asked of each episode that the service may not hold, and the
 * next start sends it. One file for every service, each service's entries apart; 0600 (it names
 * the account, never a session id).
 *
 * Several copies of Marquee may run for one user at once: every change re-reads the file under
 * a lock (lock.ts) and changes only the entries it names, so no copy writes another's out. The
 * file is replaced atomically (temp file, fsync, rename, then the folder is synced), so a reader
 * never sees half of it and a written entry survives a power cut. A lock file rather than one
 * file per entry: removing an entry only while it still holds the value that was sent is a
 * compare-and-delete, which a lock makes one step. A file that cannot be read is never written
 * over: it is moved aside (`pending-ratings.json.corrupt-<time>`) and the user told.
 */
export const RATING_JOURNAL_FILE = 'pending-ratings.json';

export interface JournaledRating {
  /** Whose rating: "user:<account id>" or "guest". */
  readonly account: string;
  readonly seriesId: number;
  readonly season: number;
  readonly episode: number;
  /** The rating asked for; null for a delete. */
  readonly value: number | null;
  /** What the service held as far as this machine knew when it was asked (null: no rating): a different value there later was set elsewhere. */
  readonly before: number | null;
  /**
   * Values asked on this machine before `value` whose writes may have reached the service
   * (the program ended while they were under way): finding one of them there is no conflict.
   */
  readonly earlier?: readonly (number | null)[];
}

/** A film's or a series' rating kept the same way (`kind` tells it from an episode's). */
export interface JournaledTitleRating {
  readonly account: string;
  readonly kind: 'movie' | 'tv';
  readonly id: number;
  /** Its name, for the messages of the next start (never anything secret). */
  readonly title?: string;
  readonly value: number | null;
  readonly before: number | null;
  readonly earlier?: readonly (number | null)[];
}

/** One kind of entry of the journal, read and changed apart from the others (one file, one lock). */
export interface JournalPart<E> {
  /** This service's entries of the kind; a damaged file is moved aside (and `notice` told). */
  load(notice?: StorageNotice): E[];
  /**
   * Changes this service's entries of the kind as the file holds them now (other processes'
   * included), under the lock, and writes the result durably; returns them. A `change` that
   * returns its argument writes nothing.
   */
  update(change: (entries: readonly E[]) => readonly E[], notice?: StorageNotice): E[];
}

/** Episode ratings (`load`, `update`), and films' and series' (`titles`). */
export interface RatingJournal extends JournalPart<JournaledRating> {
  readonly titles: JournalPart<JournaledTitleRating>;
}

const isRating = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));

type Entry = JournaledRating | JournaledTitleRating;

const isTitleEntry = (entry: Entry): entry is JournaledTitleRating => 'kind' in entry;

const isEntry = (value: unknown): value is Entry => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const common =
    typeof entry.account === 'string' &&
    isRating(entry.value) &&
    isRating(entry.before) &&
    (entry.earlier === undefined || (Array.isArray(entry.earlier) && entry.earlier.every(isRating)));
  // Entries written before films and series were kept have no kind: they are episodes'.
  if (entry.kind === undefined) return common && Number.isInteger(entry.seriesId) && Number.isInteger(entry.season) && Number.isInteger(entry.episode);
  return common && (entry.kind === 'movie' || entry.kind === 'tv') && Number.isInteger(entry.id) && (entry.title === undefined || typeof entry.title === 'string');
};

type Services = Record<string, Entry[]>;

/** Why the file cannot be used, or its entries by service. */
function parse(text: string): Services | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'is not valid JSON';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'does not hold a JSON object';
  // One entry this version cannot read makes the whole file suspect: dropping it on the next write would lose a rating.
  for (const entries of Object.values(parsed)) {
    if (!Array.isArray(entries) || !entries.every(isEntry)) return 'holds an entry that is not a kept rating';
  }
  return parsed as Services;
}

/**
 * Far more than the entries anyone leaves unsent (an entry is about 150 bytes): a bound all the
 * same, as the file is one the user's folders hold (see user-file.ts).
 */
const MAX_JOURNAL_BYTES = 16 * 1024 * 1024;

/** Every service's entries; a file that cannot be used is moved aside (the caller holds the lock). */
function readAll(path: string, notice: StorageNotice | undefined): Services {
  let text: string;
  try {
    text = readUserFile(path, MAX_JOURNAL_BYTES);
  } catch (error) {
    // A FIFO or a device in its place (which would hang or fill memory), or a file past the bound.
    if (error instanceof UserFileError) return setAside(path, error.why, notice);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return {};
    return setAside(path, `could not be read (${code ?? 'error'})`, notice);
  }
  const all = parse(text);
  return typeof all === 'string' ? setAside(path, all, notice) : all;
}

function setAside(path: string, why: string, notice: StorageNotice | undefined): Services {
  const aside = asideName(path);
  try {
    renameSync(path, aside);
  } catch (error) {
    throw new Error(`${path} ${why}, and it could not be moved aside (${(error as NodeJS.ErrnoException).code ?? 'error'}): move or remove it`);
  }
  // What matters first, for a narrow terminal; the ratings in it are the user's to look at, never sent blindly.
  notice?.(`${basename(path)} ${why}: its ratings were not sent; it was moved aside to ${basename(aside)}`);
  return {};
}

/** After a rename or removal: the folder's entry is on disk too, not only the file's bytes. */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some systems cannot sync a folder; the file itself was synced before the rename.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function fileRatingJournal(dataDir: string, baseUrl: string | undefined): RatingJournal {
  const path = join(dataDir, RATING_JOURNAL_FILE);
  const key = serviceKey(baseUrl);
  const part = <E extends Entry>(isPart: (entry: Entry) => entry is E): JournalPart<E> => ({
    load(notice) {
      if (!existsSync(path)) return [];
      // Under the lock: a damaged file is moved aside by one process only.
      return withFileLock(path, () => (readAll(path, notice)[key] ?? []).filter(isPart));
    },
    update(change, notice) {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      return withFileLock(path, () => {
        const all = readAll(path, notice);
        const held = all[key] ?? [];
        const current = held.filter(isPart);
        const next = change(current);
        if (next === current) return [...current];
        // The other kind's entries stay as the file holds them.
        const entries = [...held.filter((entry) => !isPart(entry)), ...next];
        if (entries.length > 0) all[key] = entries;
        else delete all[key];
        if (Object.keys(all).length === 0) rmSync(path, { force: true });
        else writeSecretFile(path, `${JSON.stringify(all, null, 1)}\n`);
        syncFolder(dataDir);
        return [...next];
      });
    },
  });
  return { ...part((entry): entry is JournaledRating => !isTitleEntry(entry)), titles: part(isTitleEntry) };
}

/** How many ratings of this service (every account's) the journal holds: what a quit leaves for the next start to send. */
export function keptRatingCount(journal: RatingJournal, notice?: StorageNotice): number {
  return journal.load(notice).length + journal.titles.load(notice).length;
}

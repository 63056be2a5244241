import { chmodSync, closeSync, existsSync, mkdirSync, openSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { nodeSqlite } from './node-sqlite.js';

/**
 * The client's disk cache: GET answers of one service, kept across runs in one SQLite file
 * (`responses.sqlite` in the cache directory, 0600 in a 0700 directory) so that screens open
 * at once and can still be read when the service cannot be reached. Several services share the
 * file, each its own rows (the embedded catalog's and the real service's answers never mix).
 *
 * The client hands over only answers that hold no secret; this store never sees a token or a
 * session id. Size is bounded (entries, and bytes on disk: the database file and its
 * write-ahead log together), the least recently used going first. A file SQLite cannot read is moved aside with one line of warning, and any later
 * failure turns the disk cache off for the run with one warning: it is a cache, never a crash.
 */

export const RESPONSE_STORE_FILE = 'responses.sqlite';
export const DEFAULT_MAX_ENTRIES = 5_000;
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const SCHEMA_VERSION = 1;

/**
 * How the byte bound is shared out, as fractions of it. An answer larger than 1/16 is not kept
 * on disk (one 20 MB answer would otherwise push out everything else, and be written twice).
 * The write-ahead log is folded into the database and cut back to nothing once past 1/32; while
 * a write is under way it holds that much plus the answer being written. The database file
 * grows to what its rows use plus the answer being written (freed pages are used again first),
 * so the rows may use what is left once both logs' worst case and a margin for SQLite's own
 * pages (the b-trees' slack) are taken off: 52 MiB of the default 64.
 */
interface DiskBudget {
  /** The largest answer kept (its text and key, in bytes). */
  readonly entry: number;
  /** The write-ahead log's size past which it is checkpointed and truncated. */
  readonly log: number;
  /** What the database's rows may use, counted in pages (page_count - freelist_count). */
  readonly rows: number;
}

function diskBudget(maxBytes: number): DiskBudget {
  const entry = Math.floor(maxBytes / 16);
  const log = Math.floor(maxBytes / 32);
  const margin = Math.floor(maxBytes / 32);
  return { entry, log, rows: maxBytes - 2 * entry - log - margin };
}

/** One kept answer, as the client's cache holds it. */
export interface StoredResponse {
  /** Path without base or query, for dropping what a write made stale. */
  path: string;
  text: string;
  etag?: string;
  freshUntil: number;
  storedAt: number;
}

export interface ResponseStoreOptions {
  /** The cache directory (e.g. ~/.cache/marquee); created 0700. */
  readonly dir: string;
  /** Which service the answers come from: its base URL. */
  readonly service: string;
  readonly maxEntries?: number;
  readonly maxBytes?: number;
  /** Hears what the user should be told: a file moved aside, the cache turned off. */
  readonly warn?: (message: string) => void;
  readonly now?: () => number;
}

export interface ResponseStore {
  get(key: string): StoredResponse | undefined;
  set(key: string, entry: StoredResponse): void;
  delete(key: string): void;
  deleteMatching(matches: (path: string) => boolean): void;
  close(): void;
}

interface Row {
  path: string;
  body: string;
  etag: string | null;
  fresh_until: number;
  stored_at: number;
}

/**
 * `bytes` is in the index of use so that the totals every write checks (count and sum of bytes)
 * are read from the index alone: from the table they would read every stored body, a cost that
 * grows with the cache and that a list paid on each page it loaded. Files made before have the
 * index of `used` alone; it is replaced when they are opened.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS answers (
    service TEXT NOT NULL,
    key TEXT NOT NULL,
    path TEXT NOT NULL,
    body TEXT NOT NULL,
    etag TEXT,
    fresh_until INTEGER NOT NULL,
    stored_at INTEGER NOT NULL,
    used INTEGER NOT NULL,
    bytes INTEGER NOT NULL,
    PRIMARY KEY (service, key)
  ) WITHOUT ROWID;
  DROP INDEX IF EXISTS answers_by_use;
  CREATE INDEX IF NOT EXISTS answers_by_use_size ON answers (used, bytes);
`;

function reasonOf(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return typeof e?.code === 'string' && !message.includes(e.code) ? `${message} (${e.code})` : message;
}

/** Creates the directory 0700, or makes it so if it exists. */
function prepareDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

function openDatabase(file: string, budget: DiskBudget): DatabaseSync {
  // The file is made 0600 before SQLite opens it; SQLite gives its -wal and -shm files the same mode.
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const { DatabaseSync } = nodeSqlite();
  const db = new DatabaseSync(file);
  try {
    // Another Marquee may be writing at the same moment: wait a little rather than fail.
    db.exec('PRAGMA busy_timeout = 2000');
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    // A checkpoint that resets the log also cuts its file back to this size.
    db.exec(`PRAGMA journal_size_limit = ${budget.log}`);
    const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
    if (version > SCHEMA_VERSION) throw new Error(`written by a newer Marquee (schema ${version})`);
    db.exec(SCHEMA);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    // Reads a page of every table: a file that is not a database fails here, not later.
    db.prepare('SELECT count(*) AS n FROM answers').get();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Moves the file (and SQLite's side files) aside as `<name>.corrupt-<time>`; returns the new name. */
function setAside(file: string, now: number): string {
  const aside = `${file}.corrupt-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  }
  return aside;
}

/**
 * Opens the store for one service; undefined (with a warning) when the disk cache cannot be
 * used at all, in which case the client keeps its answers in memory only.
 */
export function openResponseStore(options: ResponseStoreOptions): ResponseStore | undefined {
  const warn = options.warn ?? (() => undefined);
  const now = options.now ?? Date.now;
  const file = join(options.dir, RESPONSE_STORE_FILE);
  const budget = diskBudget(options.maxBytes ?? DEFAULT_MAX_BYTES);
  let db: DatabaseSync;
  try {
    prepareDirectory(options.dir);
    try {
      db = openDatabase(file, budget);
    } catch (error) {
      const aside = setAside(file, now());
      warn(`Disk cache unreadable (${reasonOf(error)}), moved aside as ${aside}; starting an empty one.`);
      db = openDatabase(file, budget);
    }
  } catch (error) {
    warn(`The disk cache in ${options.dir} cannot be used (${reasonOf(error)}): answers are kept in memory only this time.`);
    return undefined;
  }
  const store = new SqliteResponseStore(db, file, options, budget, warn);
  store.shrinkIfOver();
  return store;
}

class SqliteResponseStore implements ResponseStore {
  private readonly service: string;
  private readonly maxEntries: number;
  private readonly pageSize: number;
  private readonly statements: Record<
    'get' | 'touch' | 'put' | 'delete' | 'paths' | 'totals' | 'oldest' | 'evict' | 'pageCount' | 'freePages',
    StatementSync
  >;
  private open = true;

  constructor(
    private readonly db: DatabaseSync,
    private readonly file: string,
    options: ResponseStoreOptions,
    private readonly budget: DiskBudget,
    private readonly warn: (message: string) => void,
  ) {
    this.service = options.service;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    // `used` is a counter, not a clock: the order of use stays exact however fast the uses come.
    const nextUse = '(SELECT coalesce(max(used), 0) + 1 FROM answers)';
    this.statements = {
      get: db.prepare('SELECT path, body, etag, fresh_until, stored_at FROM answers WHERE service = ? AND key = ?'),
      touch: db.prepare(`UPDATE answers SET used = ${nextUse} WHERE service = ? AND key = ?`),
      put: db.prepare(
        `INSERT OR REPLACE INTO answers (service, key, path, body, etag, fresh_until, stored_at, used, bytes)
         VALUES (?, ?, ?, ?, ?, ?, ?, ${nextUse}, ?)`,
      ),
      delete: db.prepare('DELETE FROM answers WHERE service = ? AND key = ?'),
      paths: db.prepare('SELECT key, path FROM answers WHERE service = ?'),
      totals: db.prepare('SELECT count(*) AS entries, coalesce(sum(bytes), 0) AS bytes FROM answers'),
      oldest: db.prepare('SELECT service, key, bytes FROM answers ORDER BY used LIMIT 64'),
      evict: db.prepare('DELETE FROM answers WHERE service = ? AND key = ?'),
      pageCount: db.prepare('PRAGMA page_count'),
      freePages: db.prepare('PRAGMA freelist_count'),
    };
    this.pageSize = Number((db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size);
  }

  /**
   * A file from before the disk bound counted the log and SQLite's pages (or made under a larger
   * bound) can be far over it: its oldest rows go, and the file is rewritten at its new size.
   */
  shrinkIfOver(): void {
    this.guard(undefined, () => {
      if (this.pages().total <= this.budget.rows + this.budget.entry) return;
      this.transaction(() => this.evict());
      this.db.exec('VACUUM');
      this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    });
  }

  get(key: string): StoredResponse | undefined {
    return this.guard(undefined, () => {
      const row = this.statements.get.get(this.service, key) as Row | undefined;
      if (!row) return undefined;
      this.statements.touch.run(this.service, key);
      return {
        path: row.path,
        text: row.body,
        ...(row.etag ? { etag: row.etag } : {}),
        freshUntil: Number(row.fresh_until),
        storedAt: Number(row.stored_at),
      };
    });
  }

  set(key: string, entry: StoredResponse): void {
    const bytes = Buffer.byteLength(entry.text) + Buffer.byteLength(key);
    // An answer past its share would push much else out; it stays in memory only.
    if (bytes > this.budget.entry) return this.delete(key);
    this.guard(undefined, () => {
      this.transaction(() => {
        this.statements.put.run(this.service, key, entry.path, entry.text, entry.etag ?? null, entry.freshUntil, entry.storedAt, bytes);
        this.evict();
      });
      this.foldLog();
    });
  }

  delete(key: string): void {
    this.guard(undefined, () => {
      this.statements.delete.run(this.service, key);
    });
  }

  deleteMatching(matches: (path: string) => boolean): void {
    this.guard(undefined, () => {
      const rows = this.statements.paths.all(this.service) as { key: string; path: string }[];
      const stale = rows.filter((row) => matches(row.path));
      if (stale.length === 0) return;
      this.transaction(() => {
        for (const row of stale) this.statements.delete.run(this.service, row.key);
      });
    });
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    try {
      this.db.close();
    } catch {
      // Closing a database that failed: nothing left to keep.
    }
  }

  /** The database's pages, as bytes: all of them (the file's size) and those its rows use. */
  private pages(): { total: number; used: number } {
    const size = this.pageSize;
    const count = Number((this.statements.pageCount.get() as { page_count: number }).page_count);
    const free = Number((this.statements.freePages.get() as { freelist_count: number }).freelist_count);
    return { total: count * size, used: (count - free) * size };
  }

  /**
   * Least recently used first, until the rows are within both bounds: entries, and the pages
   * they use as SQLite counts them (the text, keys, indexes and each page's slack), not the
   * answers' lengths alone.
   */
  private evict(): void {
    let entries = Number((this.statements.totals.get() as { entries: number }).entries);
    const within = () => entries <= this.maxEntries && this.pages().used <= this.budget.rows;
    while (!within()) {
      const oldest = this.statements.oldest.all() as { service: string; key: string }[];
      if (oldest.length === 0) return;
      for (const row of oldest) {
        if (within()) return;
        this.statements.evict.run(row.service, row.key);
        entries--;
      }
    }
  }

  /** Past its share, the write-ahead log is written into the database and its file cut to nothing. */
  private foldLog(): void {
    let size = 0;
    try {
      size = statSync(`${this.file}-wal`).size;
    } catch {
      return;
    }
    if (size > this.budget.log) this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }

  private transaction(fn: () => void): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      fn();
      this.db.exec('COMMIT');
    } catch (error) {
      try {
        this.db.exec('ROLLBACK');
      } catch {
        // SQLite rolled back already.
      }
      throw error;
    }
  }

  /**
   * Runs one operation; a failure (the file damaged or taken away, the disk full) turns the
   * store off for the rest of the run, with one warning, and the client goes on from memory.
   */
  private guard<T>(fallback: T, fn: () => T): T {
    if (!this.open) return fallback;
    try {
      return fn();
    } catch (error) {
      // SQLITE_BUSY (and its extended codes): another Marquee holds the file; skip this once.
      if (((error as { errcode?: number }).errcode ?? 0) % 256 === 5) return fallback;
      this.warn(`The disk cache ${this.file} failed (${reasonOf(error)}): answers are kept in memory only for the rest of this run.`);
      this.close();
      return fallback;
    }
  }
}

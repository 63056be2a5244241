import { Database } from '../sqlite.js';
import { chmodSync, closeSync, openSync } from 'node:fs';
import { DataDirError, damagedDatabase } from '../diagnostics.js';

/**
 * The user-data database (accounts, request tokens, sessions, lists, ratings, watchlists and favourites): WAL with
 * synchronous=FULL, so a write is on disk before its success response goes out and survives a
 * kill -9; schema changes are numbered migrations tracked in PRAGMA user_version.
 */

/** Migration n brings the schema from version n to n + 1. Never edit one that has shipped. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name TEXT NOT NULL,
    password_salt BLOB NOT NULL,
    password_hash BLOB NOT NULL,
    iso_639_1 TEXT NOT NULL DEFAULT 'en',
    iso_3166_1 TEXT NOT NULL DEFAULT 'US',
    created_at INTEGER NOT NULL
  );

  -- Tokens and session ids are stored as SHA-256 hashes: the database alone grants nothing.
  CREATE TABLE request_tokens (
    token_hash TEXT PRIMARY KEY,
    app TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('new', 'approved', 'denied', 'used')),
    account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );

  CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE guest_sessions (
    id_hash TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );

  CREATE TABLE lists (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    iso_639_1 TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX lists_by_account ON lists (account_id, id);

  CREATE TABLE list_items (
    list_id INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
    movie_id INTEGER NOT NULL,
    added_seq INTEGER NOT NULL,
    PRIMARY KEY (list_id, movie_id)
  ) WITHOUT ROWID;
  CREATE INDEX list_items_by_movie ON list_items (movie_id, list_id);
  CREATE INDEX list_items_in_order ON list_items (list_id, added_seq);

  -- rater: 'account:<id>' or 'guest:<session hash>'.
  CREATE TABLE episode_ratings (
    rater TEXT NOT NULL,
    series_id INTEGER NOT NULL,
    season_number INTEGER NOT NULL,
    episode_number INTEGER NOT NULL,
    value REAL NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (rater, series_id, season_number, episode_number)
  );
  CREATE INDEX episode_ratings_in_order ON episode_ratings (rater, created_at);
  `,
  `
  -- Ratings of whole films and series; rater as for episode_ratings. Lists are in the order of
  -- the first rating (created_at, then rowid, which an update keeps).
  CREATE TABLE title_ratings (
    rater TEXT NOT NULL,
    media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
    media_id INTEGER NOT NULL,
    value REAL NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (rater, media_type, media_id)
  );
  CREATE INDEX title_ratings_in_order ON title_ratings (rater, media_type, created_at);

  -- The watchlist and favourites of an account (a guest session has neither).
  CREATE TABLE account_marks (
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    mark TEXT NOT NULL CHECK (mark IN ('watchlist', 'favorite')),
    media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
    media_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (account_id, mark, media_type, media_id)
  );
  CREATE INDEX account_marks_in_order ON account_marks (account_id, mark, media_type, created_at);
  `,
];

export class SchemaTooNewError extends Error {
  override readonly name = 'SchemaTooNewError';
}

/**
 * Applies the migrations the database has not seen yet, each in its own transaction. The version
 * is read again inside each write transaction: two processes starting on a fresh data dir at the
 * same moment apply each migration once (the second finds it done), never "table exists".
 */
export function migrate(db: Database): void {
  const version = () => Number(db.pragma('user_version'));
  const checked = (current: number) => {
    if (current > MIGRATIONS.length) {
      throw new SchemaTooNewError(
        `the user database is at schema version ${current}, newer than this program knows (${MIGRATIONS.length}); use a newer marquee`,
      );
    }
    return current;
  };
  while (checked(version()) < MIGRATIONS.length) {
    db.transaction(() => {
      const current = checked(version());
      if (current >= MIGRATIONS.length) return;
      db.exec(MIGRATIONS[current]!);
      db.pragma(`user_version = ${current + 1}`);
    }).immediate();
  }
}

export function openUserDatabase(path: string): Database {
  // Only its owner may read it (SQLite gives the -wal and -shm files the same permissions).
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
  const db = new Database(path);
  try {
    // Another process (the TUI's in-process server, a `marquee serve`) may hold the write lock
    // briefly; set first, since switching to WAL needs the lock too.
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // Damaged pages are found now, with one clear message, not by the first request that reads them.
    const check = db.prepare('PRAGMA quick_check').all() as Array<{ quick_check: string }>;
    if (check.length !== 1 || check[0]!.quick_check !== 'ok') {
      throw new DataDirError(damagedDatabase(path, `PRAGMA quick_check: ${check.map((row) => row.quick_check).join('; ')}`));
    }
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

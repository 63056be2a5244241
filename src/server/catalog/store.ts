import { Database, type PluckedStatement, type Statement } from '../sqlite.js';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogGenerator } from './generator.js';
import { NOW_PLAYING_WINDOW, UPCOMING_WINDOW } from './movies.js';
import { GENERATOR_VERSION } from './shape.js';

/**
 * The catalog's SQLite index: what has to be sorted (popularity, rating, release day) or
 * searched (FTS5 over titles, original titles and alternative names). It is a cache: one file
 * per (generator version, seed, size) in the data directory, built once into a temporary file
 * and renamed into place, so a second start only opens it and two processes never see half a file.
 */

export type SearchKind = 'movie' | 'tv' | 'person' | 'collection';

export interface Hit {
  kind: SearchKind;
  id: number;
}

export interface Page<T> {
  items: T[];
  total: number;
}

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE movies (
  id INTEGER PRIMARY KEY,
  popularity REAL NOT NULL,
  vote_average REAL NOT NULL,
  vote_count INTEGER NOT NULL,
  release_offset INTEGER NOT NULL,
  regions TEXT NOT NULL
);
CREATE TABLE series (id INTEGER PRIMARY KEY, popularity REAL NOT NULL);
CREATE VIRTUAL TABLE search USING fts5(
  kind UNINDEXED, ref_id UNINDEXED,
  title, original_title, alternative_names,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE VIRTUAL TABLE collection_search USING fts5(
  kind UNINDEXED, ref_id UNINDEXED,
  title, original_title, alternative_names,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TEMP TABLE search_staging (
  seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, ref_id INTEGER NOT NULL, popularity REAL NOT NULL,
  title TEXT NOT NULL, original_title TEXT NOT NULL, alternative_names TEXT NOT NULL
);
`;

/**
 * The search tables are filled from the staging table most popular first, so rowid order is
 * popularity order: a search reads its matches in rowid order and stops after the page it
 * needs, instead of reading and sorting every match. Collections have a table of their own, so
 * a multi search (films, series, people) filters nothing by kind and counts its matches from
 * the index alone. Ties keep the order of insertion (films, series, people; by id).
 */
const FILL_SEARCH = `
INSERT INTO search (kind, ref_id, title, original_title, alternative_names)
  SELECT kind, ref_id, title, original_title, alternative_names FROM search_staging
  WHERE kind <> 'collection' ORDER BY popularity DESC, seq;
INSERT INTO collection_search (kind, ref_id, title, original_title, alternative_names)
  SELECT kind, ref_id, title, original_title, alternative_names FROM search_staging
  WHERE kind = 'collection' ORDER BY popularity DESC, seq;
DROP TABLE search_staging;
INSERT INTO search (search) VALUES ('optimize');
INSERT INTO collection_search (collection_search) VALUES ('optimize');
`;

/** Kinds of the main search table; collections are in collection_search. */
const TITLE_AND_PEOPLE_KINDS: readonly SearchKind[] = ['movie', 'tv', 'person'];

/** Indexes are created after the rows are in: faster than maintaining them row by row. */
const INDEXES = `
CREATE INDEX movies_by_popularity ON movies (popularity DESC, id);
CREATE INDEX movies_by_release ON movies (release_offset, popularity DESC);
CREATE INDEX movies_by_rating ON movies (vote_average DESC, vote_count DESC, id);
CREATE INDEX series_by_popularity ON series (popularity DESC, id);
`;

/** Films with fewer votes than this are left out of "top rated", as the real service does. */
const TOP_RATED_MIN_VOTES = 50;
const BATCH = 5000;

export function catalogFileName(seed: number, size: number): string {
  return `catalog-v${GENERATOR_VERSION}-seed${seed}-size${size}.sqlite`;
}

/**
 * Turns what a user typed into an FTS5 query: every word must match, as a prefix. A single
 * letter (the "s" of "Petra's") matches as a whole word: as a prefix it would match most of the
 * catalog and make the search read every one of those entries.
 */
export function ftsQuery(text: string): string | undefined {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words || words.length === 0) return undefined;
  return words
    .slice(0, 12)
    .map((word) => ([...word].length === 1 ? `"${word}"` : `"${word}"*`))
    .join(' ');
}

function buildIndexFile(path: string, generator: CatalogGenerator): void {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const db = new Database(temp);
  try {
    // A cache rebuilt on any doubt: no journal, no fsync while filling it.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec(SCHEMA);
    const insertMovie = db.prepare(
      'INSERT INTO movies (id, popularity, vote_average, vote_count, release_offset, regions) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const insertSeries = db.prepare('INSERT INTO series (id, popularity) VALUES (?, ?)');
    const insertSearch = db.prepare(
      'INSERT INTO search_staging (kind, ref_id, popularity, title, original_title, alternative_names) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const inBatches = (count: number, insertOne: (id: number) => void) => {
      const insertRange = db.transaction((from: number, to: number) => {
        for (let id = from; id <= to; id++) insertOne(id);
      });
      for (let from = 1; from <= count; from += BATCH) insertRange(from, Math.min(count, from + BATCH - 1));
    };
    const { shape } = generator;
    inBatches(shape.movieCount, (id) => {
      const m = generator.movies.core(id);
      insertMovie.run(id, m.popularity, m.voteAverage, m.voteCount, m.releaseOffset, `,${m.regions.join(',')},`);
      insertSearch.run('movie', id, m.popularity, m.title, m.originalTitle, m.alternativeTitles.join(' | '));
    });
    inBatches(shape.seriesCount, (id) => {
      const s = generator.series.core(id);
      insertSeries.run(id, s.popularity);
      insertSearch.run('tv', id, s.popularity, s.name, s.originalName, s.alternativeNames.join(' | '));
    });
    inBatches(shape.personCount, (id) => {
      const p = generator.people.core(id);
      insertSearch.run('person', id, p.popularity, p.name, p.name, p.alsoKnownAs.join(' | '));
    });
    inBatches(shape.collectionCount, (id) => {
      const { name, originalName } = generator.collections.name(id);
      insertSearch.run('collection', id, generator.collections.popularity(id), name, originalName, '');
    });
    db.exec(INDEXES);
    db.exec(FILL_SEARCH);
    const setMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    setMeta.run('generator_version', String(GENERATOR_VERSION));
    setMeta.run('seed', String(shape.seed));
    setMeta.run('size', String(shape.size));
    db.close();
    renameSync(temp, path);
  } catch (error) {
    if (db.open) db.close();
    rmSync(temp, { force: true });
    throw error;
  }
}

/** A build still running elsewhere finishes well within this; older temporary files are leftovers. */
const ABANDONED_BUILD_MS = 10 * 60 * 1000;

/**
 * Removes catalog files written by older generator versions (they can never be used again) and
 * temporary files of builds that were interrupted.
 */
function removeOutdatedFiles(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    const path = join(dataDir, name);
    const version = /^catalog-v(\d+)-.*\.sqlite$/.exec(name)?.[1];
    if (version !== undefined && Number(version) !== GENERATOR_VERSION) rmSync(path, { force: true });
    else if (/^catalog-v\d+-.*\.sqlite\.\d+\.[0-9a-f]+\.tmp$/.test(name)) {
      // Another process may finish its build (renaming this file) between the listing and here.
      const modified = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
      if (modified !== undefined && Date.now() - modified > ABANDONED_BUILD_MS) rmSync(path, { force: true });
    }
  }
}

function openIfValid(path: string, seed: number, size: number): Database | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const db = new Database(path, { readonly: true });
    const meta = new Map(
      (db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>).map((row) => [row.key, row.value]),
    );
    if (meta.get('generator_version') === String(GENERATOR_VERSION) && meta.get('seed') === String(seed) && meta.get('size') === String(size)) {
      return db;
    }
    db.close();
  } catch {
    // Unreadable or foreign: rebuilt below.
  }
  rmSync(path, { force: true });
  return undefined;
}

export class CatalogIndex {
  private readonly statements;
  private readonly searchByKinds = new Map<
    string,
    { filter: readonly SearchKind[]; rows: Statement; count: PluckedStatement }
  >();

  private constructor(
    private readonly db: Database,
    readonly file: string,
    /** True when this start had to generate the catalog (no cached file). */
    readonly generated: boolean,
  ) {
    const regionFilter = '(? IS NULL OR instr(regions, ?) > 0)';
    this.statements = {
      popular: db.prepare(`SELECT id FROM movies WHERE ${regionFilter} ORDER BY popularity DESC, id LIMIT ? OFFSET ?`).pluck(),
      popularCount: db.prepare(`SELECT count(*) FROM movies WHERE ${regionFilter}`).pluck(),
      released: db.prepare(
        `SELECT id FROM movies WHERE release_offset BETWEEN ? AND ? AND ${regionFilter} ORDER BY popularity DESC, id LIMIT ? OFFSET ?`,
      ).pluck(),
      releasedCount: db.prepare(`SELECT count(*) FROM movies WHERE release_offset BETWEEN ? AND ? AND ${regionFilter}`).pluck(),
      topRated: db.prepare(
        `SELECT id FROM movies WHERE vote_count >= ${TOP_RATED_MIN_VOTES} AND ${regionFilter} ORDER BY vote_average DESC, vote_count DESC, id LIMIT ? OFFSET ?`,
      ).pluck(),
      topRatedCount: db.prepare(`SELECT count(*) FROM movies WHERE vote_count >= ${TOP_RATED_MIN_VOTES} AND ${regionFilter}`).pluck(),
      popularSeries: db.prepare('SELECT id FROM series ORDER BY popularity DESC, id LIMIT ? OFFSET ?').pluck(),
      seriesCount: db.prepare('SELECT count(*) FROM series').pluck(),
    };
  }

  /** Opens the cached index for (seed, size), generating it first when there is none. */
  static open(dataDir: string, generator: CatalogGenerator): CatalogIndex {
    const { seed, size } = generator.shape;
    const path = join(dataDir, catalogFileName(seed, size));
    const cached = openIfValid(path, seed, size);
    if (cached) return new CatalogIndex(cached, path, false);
    removeOutdatedFiles(dataDir);
    buildIndexFile(path, generator);
    return new CatalogIndex(new Database(path, { readonly: true }), path, true);
  }

  private page(ids: unknown[], total: unknown): Page<number> {
    return { items: ids as number[], total: Number(total) };
  }

  /** `region` is an ISO 3166-1 code; anything else matches no release, as on the real service. */
  private regionArgs(region: string | undefined): [string | null, string | null] {
    if (region === undefined) return [null, null];
    const needle = /^[A-Z]{2}$/.test(region) ? `,${region},` : '\u0000';
    return [needle, needle];
  }

  popularMovies(region: string | undefined, offset: number, limit: number): Page<number> {
    const r = this.regionArgs(region);
    return this.page(this.statements.popular.all(...r, limit, offset), this.statements.popularCount.get(...r));
  }

  topRatedMovies(region: string | undefined, offset: number, limit: number): Page<number> {
    const r = this.regionArgs(region);
    return this.page(this.statements.topRated.all(...r, limit, offset), this.statements.topRatedCount.get(...r));
  }

  /** Films released between two day offsets (inclusive), most popular first. */
  releasedBetween(from: number, to: number, region: string | undefined, offset: number, limit: number): Page<number> {
    const r = this.regionArgs(region);
    return this.page(this.statements.released.all(from, to, ...r, limit, offset), this.statements.releasedCount.get(from, to, ...r));
  }

  upcomingMovies(region: string | undefined, offset: number, limit: number): Page<number> {
    return this.releasedBetween(UPCOMING_WINDOW.from, UPCOMING_WINDOW.to, region, offset, limit);
  }

  nowPlayingMovies(region: string | undefined, offset: number, limit: number): Page<number> {
    return this.releasedBetween(NOW_PLAYING_WINDOW.from, NOW_PLAYING_WINDOW.to, region, offset, limit);
  }

  popularSeries(offset: number, limit: number): Page<number> {
    return this.page(this.statements.popularSeries.all(limit, offset), this.statements.seriesCount.get());
  }

  private searchStatements(kinds: readonly SearchKind[]) {
    const key = kinds.join(',');
    let prepared = this.searchByKinds.get(key);
    if (!prepared) {
      const collections = kinds.includes('collection');
      if (collections && kinds.length > 1) throw new RangeError('collections are searched on their own, not with other kinds');
      const table = collections ? 'collection_search' : 'search';
      // Only a search over some of the main table's kinds needs the filter (it reads each match's row).
      const filter = !collections && TITLE_AND_PEOPLE_KINDS.some((k) => !kinds.includes(k)) ? kinds : [];
      const where = `${table} MATCH ?${filter.length > 0 ? ` AND kind IN (${filter.map(() => '?').join(', ')})` : ''}`;
      prepared = {
        filter,
        // rowid order is popularity order (see FILL_SEARCH).
        rows: this.db.prepare(`SELECT kind, ref_id AS id FROM ${table} WHERE ${where} ORDER BY rowid LIMIT ? OFFSET ?`),
        count: this.db.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck(),
      };
      this.searchByKinds.set(key, prepared);
    }
    return prepared;
  }

  /** Full-text search over the given kinds, most popular first. */
  search(kinds: readonly SearchKind[], text: string, offset: number, limit: number): Page<Hit> {
    const match = ftsQuery(text);
    if (match === undefined) return { items: [], total: 0 };
    const { rows, count, filter } = this.searchStatements(kinds);
    return { items: rows.all(match, ...filter, limit, offset) as Hit[], total: Number(count.get(match, ...filter)) };
  }

  close(): void {
    this.db.close();
  }
}

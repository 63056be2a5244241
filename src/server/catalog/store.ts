import { Database } from '../sqlite.js';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogGenerator } from './generator.js';
import { NOW_PLAYING_WINDOW, UPCOMING_WINDOW } from './movies.js';
import { genreBits } from './genres.js';
import { movieKeywords } from './keywords.js';
import { certificationOrder, movieCertification } from './release-certifications.js';
import { seriesContentRatings } from './series-records.js';
import { GENERATOR_VERSION } from './shape.js';
import { type TitleFilter, type TitleKind, idList } from './discover-query.js';
import { DiscoverColumns } from './discover-columns.js';
import { RankedSearch, type RankedSource } from './ranked-search.js';
import { type MainSearchKind, SearchKinds } from './search-kinds.js';
import { LRUCache } from 'lru-cache';

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
  regions TEXT NOT NULL,
  title TEXT NOT NULL,
  original_title TEXT NOT NULL,
  original_language TEXT NOT NULL,
  origin_country TEXT NOT NULL,
  runtime INTEGER NOT NULL,
  revenue INTEGER NOT NULL,
  video INTEGER NOT NULL,
  genre_bits INTEGER NOT NULL,
  companies TEXT NOT NULL,
  keywords TEXT NOT NULL
);
CREATE TABLE series (
  id INTEGER PRIMARY KEY,
  popularity REAL NOT NULL,
  vote_average REAL NOT NULL,
  vote_count INTEGER NOT NULL,
  first_air_offset INTEGER NOT NULL,
  name TEXT NOT NULL,
  original_name TEXT NOT NULL,
  original_language TEXT NOT NULL,
  origin_country TEXT NOT NULL,
  runtime INTEGER NOT NULL,
  genre_bits INTEGER NOT NULL,
  companies TEXT NOT NULL,
  keywords TEXT NOT NULL,
  network_id INTEGER NOT NULL
);
CREATE TABLE people (id INTEGER PRIMARY KEY, popularity REAL NOT NULL);
CREATE TABLE series_airings (
  air_offset INTEGER NOT NULL, series_id INTEGER NOT NULL, PRIMARY KEY (air_offset, series_id)
) WITHOUT ROWID;
-- Each title's certification in each country that rated it (films: their release dates;
-- series: their content ratings), by the label's order and by the label itself, since two
-- labels of one country may share an order (Spain's films 12 and 16).
CREATE TABLE movie_certifications (
  country TEXT NOT NULL, rank INTEGER NOT NULL, label TEXT NOT NULL, movie_id INTEGER NOT NULL,
  PRIMARY KEY (country, rank, label, movie_id)
) WITHOUT ROWID;
CREATE TABLE series_certifications (
  country TEXT NOT NULL, rank INTEGER NOT NULL, label TEXT NOT NULL, series_id INTEGER NOT NULL,
  PRIMARY KEY (country, rank, label, series_id)
) WITHOUT ROWID;
CREATE VIRTUAL TABLE search USING fts5(
  kind UNINDEXED, ref_id UNINDEXED, popularity UNINDEXED,
  title, original_title, alternative_names,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE VIRTUAL TABLE collection_search USING fts5(
  kind UNINDEXED, ref_id UNINDEXED, popularity UNINDEXED,
  title, original_title, alternative_names,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TABLE search_titles (key TEXT NOT NULL, row INTEGER NOT NULL, PRIMARY KEY (key, row)) WITHOUT ROWID;
CREATE TABLE collection_search_titles (key TEXT NOT NULL, row INTEGER NOT NULL, PRIMARY KEY (key, row)) WITHOUT ROWID;
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
 * the index alone. Ties keep the order of insertion (films, series, people; by id). Each table's
 * `_titles` table finds the rows whose title is exactly a text (see RankedSearch).
 */
const FILL_SEARCH = `
INSERT INTO search (kind, ref_id, popularity, title, original_title, alternative_names)
  SELECT kind, ref_id, popularity, title, original_title, alternative_names FROM search_staging
  WHERE kind <> 'collection' ORDER BY popularity DESC, seq;
INSERT INTO collection_search (kind, ref_id, popularity, title, original_title, alternative_names)
  SELECT kind, ref_id, popularity, title, original_title, alternative_names FROM search_staging
  WHERE kind = 'collection' ORDER BY popularity DESC, seq;
DROP TABLE search_staging;
INSERT INTO search_titles (key, row) SELECT title_key(title), rowid FROM search;
INSERT INTO collection_search_titles (key, row) SELECT title_key(title), rowid FROM collection_search;
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
CREATE INDEX movies_by_release_day ON movies (release_offset);
CREATE INDEX movies_by_votes ON movies (vote_count);
CREATE INDEX movies_by_revenue ON movies (revenue);
CREATE INDEX movies_by_title ON movies (title COLLATE NOCASE);
CREATE INDEX movies_by_original_title ON movies (original_title COLLATE NOCASE);
CREATE INDEX series_by_first_air ON series (first_air_offset);
CREATE INDEX series_by_rating ON series (vote_average DESC, vote_count DESC, id);
CREATE INDEX series_by_votes ON series (vote_count);
CREATE INDEX series_by_name ON series (name COLLATE NOCASE);
CREATE INDEX series_by_original_name ON series (original_name COLLATE NOCASE);
CREATE INDEX people_by_popularity ON people (popularity DESC, id);
`;

/** Films with fewer votes than this are left out of "top rated", as the real service does. */
const TOP_RATED_MIN_VOTES = 50;
/** Series with fewer votes than this are left out of "top rated". */
const TOP_RATED_SERIES_MIN_VOTES = 20;
/**
 * The days around today whose episodes the index keeps, for airing today and on the air: a
 * timezone's today is one day either side of UTC's, and on the air looks a week ahead.
 */
export const AIRING_WINDOW = { from: -1, to: 8 } as const;
const BATCH = 5000;
/**
 * Pages of searches and discovers kept, bounded in bytes: a page is a few hundred bytes (20 ids
 * and a total), but one asked with a large limit holds many more, and a count alone would let
 * those pile up.
 */
export const PAGE_CACHE_BYTES = 4 * 1024 * 1024;
/** What one item of a page costs in the heap: an id, or a { kind, id } hit. */
const PAGE_ITEM_BYTES = 48;

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

/** The words of a text as the search index sees them: lower case, accents removed. */
export function searchWords(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A title reduced to its words, so "Harbor!" and "harbor" are the same title. */
export function titleKey(text: string): string {
  return searchWords(text).join(' ');
}

/**
 * The FTS5 queries that place a match in a tier (see CatalogIndex.search), or undefined when
 * the text has no words. `inTitles` matches the shown or original title (not only an
 * alternative name); `close` matches a title that starts with what was typed (its last word
 * may be cut short) or holds every typed word whole; `near`, a close title that is also a
 * title match.
 */
export function rankingQueries(text: string): { match: string; inTitles: string; close: string; near: string; key: string } | undefined {
  const match = ftsQuery(text);
  if (match === undefined) return undefined;
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu)!.slice(0, 12);
  const whole = words.map((word) => `"${word}"`).join(' ');
  const inTitles = `{title original_title} : (${match})`;
  const close = `title : (^ "${words.join(' ')}" * OR (${whole}))`;
  // A close title holds every typed word in its title, whole or (the last) as a prefix: a title
  // match, unless the last word is one letter, which `match` wants whole and `close` lets start
  // a word. Only then does `near` test both (FTS5 sets up every term of each).
  const lastIsLetter = [...words.at(-1)!].length === 1;
  return { match, inTitles, close, near: lastIsLetter ? `(${inTitles}) AND (${close})` : close, key: titleKey(words.join(' ')) };
}

function buildIndexFile(path: string, generator: CatalogGenerator): void {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const db = new Database(temp);
  try {
    // A cache rebuilt on any doubt: no journal, no fsync while filling it.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.function('title_key', (title) => titleKey(String(title)));
    db.exec(SCHEMA);
    const insertMovie = db.prepare(
      `INSERT INTO movies (id, popularity, vote_average, vote_count, release_offset, regions, title, original_title,
        original_language, origin_country, runtime, revenue, video, genre_bits, companies, keywords)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertCertification = db.prepare('INSERT INTO movie_certifications (country, rank, label, movie_id) VALUES (?, ?, ?, ?)');
    const insertRating = db.prepare('INSERT OR IGNORE INTO series_certifications (country, rank, label, series_id) VALUES (?, ?, ?, ?)');
    const insertSeries = db.prepare(
      `INSERT INTO series (id, popularity, vote_average, vote_count, first_air_offset, name, original_name, original_language,
        origin_country, runtime, genre_bits, companies, keywords, network_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertAiring = db.prepare('INSERT OR IGNORE INTO series_airings (air_offset, series_id) VALUES (?, ?)');
    const insertPerson = db.prepare('INSERT INTO people (id, popularity) VALUES (?, ?)');
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
      const details = generator.movies.details(id, 0);
      insertMovie.run(
        id, m.popularity, m.voteAverage, m.voteCount, m.releaseOffset, idList(m.regions), m.title, m.originalTitle,
        m.originalLanguage, m.originCountry, details.runtime, details.revenue, m.video ? 1 : 0,
        genreBits('movie', m.genreIds), idList(details.production_companies.map((c) => c.id)),
        idList(movieKeywords(shape.seed, id).map((k) => k.id)),
      );
      for (const region of m.regions) {
        const rated = movieCertification(shape.seed, id, region, m.releaseOffset <= 0);
        if (rated) insertCertification.run(region, rated.order, rated.certification, id);
      }
      insertSearch.run('movie', id, m.popularity, m.title, m.originalTitle, m.alternativeTitles.join(' | '));
    });
    inBatches(shape.seriesCount, (id) => {
      const s = generator.series.core(id);
      const details = generator.series.details(id, 0);
      insertSeries.run(
        id, s.popularity, s.voteAverage, s.voteCount, generator.series.firstAirOffset(s), s.name, s.originalName,
        s.originalLanguage, s.originCountry, s.runtime, genreBits('tv', s.genreIds),
        idList(details.production_companies.map((c) => c.id)), idList(generator.series.keywords(id).results.map((k) => k.id)),
        details.networks[0]!.id,
      );
      for (const offset of generator.series.airingOffsets(s, AIRING_WINDOW.from, AIRING_WINDOW.to)) insertAiring.run(offset, id);
      for (const { iso_3166_1: country, rating } of seriesContentRatings(shape.seed, s).results) {
        insertRating.run(country, certificationOrder('tv', country, rating)!, rating, id);
      }
      insertSearch.run('tv', id, s.popularity, s.name, s.originalName, s.alternativeNames.join(' | '));
    });
    inBatches(shape.personCount, (id) => {
      const p = generator.people.core(id);
      insertPerson.run(id, p.popularity);
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

/** What a search of films or series may also ask of its matches: a span of release (first air) days, a release country. */
export interface TitleSearchFilter {
  /** Day offsets from the day the index was built (as release_offset and first_air_offset are). */
  readonly fromOffset?: number;
  readonly toOffset?: number;
  /** An ISO 3166-1 code the film must be released in. */
  readonly region?: string;
}

export class CatalogIndex {
  private readonly statements;
  /** Discover's columns of films and of series, each read on the first discover of its kind. */
  private readonly discoverColumns = new Map<TitleKind, DiscoverColumns>();
  private readonly ranked: RankedSearch;
  private readonly searchKinds: SearchKinds;
  /**
   * Pages of searches and discovers already answered. The index never changes while it is open,
   * so a page never goes stale; people page back, search again, and several clients ask the same.
   */
  private readonly pages = new LRUCache<string, Page<unknown>>({
    maxSize: PAGE_CACHE_BYTES,
    sizeCalculation: (page, key) => 64 + key.length * 2 + page.items.length * PAGE_ITEM_BYTES,
  });

  private constructor(
    private readonly db: Database,
    readonly file: string,
    /** True when this start had to generate the catalog (no cached file). */
    readonly generated: boolean,
  ) {
    this.ranked = new RankedSearch(db);
    this.searchKinds = new SearchKinds(db);
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
      popularPeople: db.prepare('SELECT id FROM people ORDER BY popularity DESC, id LIMIT ? OFFSET ?').pluck(),
      peopleCount: db.prepare('SELECT count(*) FROM people').pluck(),
      mostPopular: {
        movie: db.prepare('SELECT id, popularity FROM movies ORDER BY popularity DESC, id LIMIT ?'),
        tv: db.prepare('SELECT id, popularity FROM series ORDER BY popularity DESC, id LIMIT ?'),
        person: db.prepare('SELECT id, popularity FROM people ORDER BY popularity DESC, id LIMIT ?'),
      },
      seriesCount: db.prepare('SELECT count(*) FROM series').pluck(),
      airingSeries: db.prepare(
        `SELECT s.id FROM series s WHERE s.id IN (SELECT series_id FROM series_airings WHERE air_offset BETWEEN ? AND ?)
         ORDER BY s.popularity DESC, s.id LIMIT ? OFFSET ?`,
      ).pluck(),
      airingSeriesCount: db.prepare('SELECT count(DISTINCT series_id) FROM series_airings WHERE air_offset BETWEEN ? AND ?').pluck(),
      topRatedSeries: db.prepare(
        `SELECT id FROM series WHERE vote_count >= ${TOP_RATED_SERIES_MIN_VOTES} ORDER BY vote_average DESC, vote_count DESC, id LIMIT ? OFFSET ?`,
      ).pluck(),
      topRatedSeriesCount: db.prepare(`SELECT count(*) FROM series WHERE vote_count >= ${TOP_RATED_SERIES_MIN_VOTES}`).pluck(),
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

  /**
   * Series with an episode airing between two day offsets from today (inclusive, within
   * AIRING_WINDOW), most popular first.
   */
  seriesAiringBetween(from: number, to: number, offset: number, limit: number): Page<number> {
    const a = Math.max(from, AIRING_WINDOW.from);
    const b = Math.min(to, AIRING_WINDOW.to);
    return this.page(this.statements.airingSeries.all(a, b, limit, offset), this.statements.airingSeriesCount.get(a, b));
  }

  /** Series with enough votes, best rated first. */
  topRatedSeries(offset: number, limit: number): Page<number> {
    return this.page(this.statements.topRatedSeries.all(limit, offset), this.statements.topRatedSeriesCount.get());
  }

  popularPeople(offset: number, limit: number): Page<number> {
    return this.page(this.statements.popularPeople.all(limit, offset), this.statements.peopleCount.get());
  }

  /** The `limit` most popular films, series or people, with their popularity (trending starts from these). */
  mostPopular(kind: 'movie' | 'tv' | 'person', limit: number): Array<{ id: number; popularity: number }> {
    return this.statements.mostPopular[kind].all(limit) as Array<{ id: number; popularity: number }>;
  }

  /**
   * One page of films or series that match a filter, in its order. `keep`, when given, is a
   * further test the index cannot answer (where to watch): every match is then tested, in order.
   */
  discover(filter: TitleFilter, offset: number, limit: number, keep?: (id: number) => boolean): Page<number> {
    let columns = this.discoverColumns.get(filter.kind);
    if (!columns) this.discoverColumns.set(filter.kind, (columns = DiscoverColumns.build(this.db, filter.kind)));
    if (keep) return columns.page(filter, offset, limit, keep);
    return this.cached(['discover', filter, offset, limit], () => columns.page(filter, offset, limit));
  }

  /** A page answered before with the same arguments, or `answer()`, kept (frozen: callers share it). */
  private cached<T>(key: unknown[], answer: () => Page<T>): Page<T> {
    const text = JSON.stringify(key);
    const known = this.pages.get(text) as Page<T> | undefined;
    if (known) return known;
    const page = answer();
    Object.freeze(page.items);
    this.pages.set(text, Object.freeze(page));
    return page;
  }

  /**
   * Full-text search over the given kinds, best matches first: a title that is what was typed,
   * then titles that start with it or hold its words whole, then titles (shown or original)
   * that hold it anywhere, then what matches only by an alternative name; the most popular
   * first within each (see RankedSearch).
   */
  search(kinds: readonly SearchKind[], text: string, offset: number, limit: number): Page<Hit> {
    return this.cached(['search', kinds, text, offset, limit], () => this.searchPage(kinds, text, offset, limit));
  }

  private searchPage(kinds: readonly SearchKind[], text: string, offset: number, limit: number): Page<Hit> {
    const queries = rankingQueries(text);
    if (queries === undefined) return { items: [], total: 0 };
    const collections = kinds.includes('collection');
    if (collections && kinds.length > 1) throw new RangeError('collections are searched on their own, not with other kinds');
    const table = collections ? 'collection_search' : 'search';
    // Only a search over some of the main table's kinds needs the filter (it tests each match's kind).
    const filter = !collections && TITLE_AND_PEOPLE_KINDS.some((k) => !kinds.includes(k)) ? (kinds as readonly MainSearchKind[]) : [];
    const kindTest = filter.length > 0 ? this.searchKinds.condition(table, filter) : undefined;
    const source: RankedSource = {
      table,
      select: `${table}.kind AS kind, ${table}.ref_id AS id`,
      join: '',
      conditions: kindTest ? [kindTest.sql] : [],
      params: kindTest?.params ?? {},
    };
    const { rows, total } = this.ranked.page(source, queries, offset, limit);
    return { items: (rows as Hit[]).map(({ kind, id }) => ({ kind, id })), total };
  }

  /**
   * A search of films or of series with a filter on the title's row, ranked as search() ranks.
   * `keep`, when given, is a further test the index cannot answer: every match is then read.
   */
  searchTitles(kind: 'movie' | 'tv', text: string, filter: TitleSearchFilter, offset: number, limit: number, keep?: (id: number) => boolean): Page<number> {
    if (keep) return this.titlesPage(kind, text, filter, offset, limit, keep);
    return this.cached(['titles', kind, text, filter, offset, limit], () => this.titlesPage(kind, text, filter, offset, limit));
  }

  private titlesPage(kind: 'movie' | 'tv', text: string, filter: TitleSearchFilter, offset: number, limit: number, keep?: (id: number) => boolean): Page<number> {
    const queries = rankingQueries(text);
    if (queries === undefined) return { items: [], total: 0 };
    const [table, day] = kind === 'movie' ? ['movies', 'release_offset'] : ['series', 'first_air_offset'];
    const kindTest = this.searchKinds.condition('search', [kind]);
    const conditions = [kindTest.sql];
    const params: Record<string, string | number> = { ...kindTest.params };
    if (filter.fromOffset !== undefined) {
      conditions.push(`t.${day} >= @fromOffset`);
      params.fromOffset = filter.fromOffset;
    }
    if (filter.toOffset !== undefined) {
      conditions.push(`t.${day} <= @toOffset`);
      params.toOffset = filter.toOffset;
    }
    if (filter.region !== undefined && kind === 'movie') {
      conditions.push('instr(t.regions, @region) > 0');
      params.region = /^[A-Z]{2}$/.test(filter.region) ? `,${filter.region},` : '\u0000';
    }
    // Without a condition on the title's row, the join only costs: every film or series of the search table has its row.
    const join = conditions.length > 1 ? `JOIN ${table} t ON t.id = search.ref_id` : '';
    const source: RankedSource = { table: 'search', select: 'search.ref_id AS id', join, conditions, params };
    const ids = (rows: unknown[]) => (rows as Array<{ id: number }>).map((row) => row.id);
    if (keep) {
      const all = ids(this.ranked.page(source, queries, 0, -1).rows).filter(keep);
      return { items: all.slice(offset, offset + limit), total: all.length };
    }
    const { rows, total } = this.ranked.page(source, queries, offset, limit);
    return { items: ids(rows), total };
  }

  /** The bytes the kept pages weigh, as the cache counts them (at most PAGE_CACHE_BYTES). */
  get cachedPageBytes(): number {
    return this.pages.calculatedSize;
  }

  close(): void {
    this.db.close();
  }
}

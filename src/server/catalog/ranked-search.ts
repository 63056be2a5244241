import type { Database, SqlValue, Statement } from '../sqlite.js';

/**
 * Ranked full-text search over one of the index's FTS5 tables, read tier by tier so that a page
 * costs what it shows, not what matches.
 *
 * The ranking (see CatalogIndex.search): a title that is what was typed (tier 0); then the titles,
 * shown or original, that hold the typed words (tier 1); then what matches only by an alternative
 * name (tier 2). Tier 1 blends how well the words match with popularity, as the real service
 * does: a title that starts with the text or holds every typed word whole counts as
 * TITLE_START_WEIGHT times as popular as one that only holds the words, or the starts of its
 * words, somewhere. So "wolf" puts a very popular "Nadia's Wolfpack" before an obscure "Wolfpack
 * of Saltmarsh", while between titles of like popularity the one that starts with "wolf" wins.
 * Within tier 2 and between equal scores, rowid order, which is popularity order.
 *
 *
 * Sorting every match by a score made a common word ("the": 40,000 matches in a 100,000-title
 * catalog) cost over 100 ms. Here each part is read in rowid order (the order FTS5 yields, so
 * SQLite stops after the LIMIT), and a page costs a few FTS5 queries, whatever matches:
 * - Tier 0 comes from a table of title keys (one index lookup), each title found there held to
 *   the close query (see exactRowids), so the tier holds what a ranking of every match would.
 * - Tier 1's close part (`near`: `inTitles AND close`) is read up to offset + limit rows. Its other
 *   part is what `inTitles` alone finds less the close rows: read from `inTitles` with room for
 *   the close rows among them, and only up to the close part's last row read (see
 *   blendedTier). Both parts are in popularity order and a part's weight does not change its
 *   order, so the tier's page is a merge of the two.
 * - Tier 2, read only while the page is not full, is what `match` finds less the title matches,
 *   all known by then (tier 1 was read to its end).
 * - The total is counted apart (`match` alone, the cheapest query) only when the page is full;
 *   otherwise every match has been seen.
 * FTS5 sets up each query's terms (merging the entries of every word a typed prefix starts)
 * before it yields a row, whatever the LIMIT, so each query a page saves counts. The other part
 * was once the query `inTitles NOT close`: FTS5 then tested every title match against the close
 * query until it had a page ("and the": 14,000 title matches, every one close, read to find none).
 */
/** How much a title that starts with the text (or holds each typed word whole) outweighs one that holds it elsewhere. */
export const TITLE_START_WEIGHT = 10;

/** What a typed text becomes for the tiers (see rankingQueries in store.ts). */
export interface TierQueries {
  /** Every typed word in some column: what the search finds at all. */
  readonly match: string;
  /** The typed words in the shown or original title. */
  readonly inTitles: string;
  /** A title that starts with what was typed, or holds every typed word whole. */
  readonly close: string;
  /** A close title that is also a title match (`inTitles AND close`, or `close` where that is the same). */
  readonly near: string;
  /** The typed words as a title key (titleKey), for a title that is exactly what was typed. */
  readonly key: string;
}

/** The rows a search reads: an FTS5 table, joined to what its conditions test, and what to select. */
export interface RankedSource {
  /** The FTS5 table (its title keys are in `${table}_titles`). */
  readonly table: 'search' | 'collection_search';
  /** What a row answers with, e.g. `search.kind, search.ref_id AS id`. */
  readonly select: string;
  /** Joins after the FTS5 table, e.g. `JOIN movies t ON t.id = search.ref_id`; empty for none. */
  readonly join: string;
  /** Further conditions on a row, with `@name` parameters given in `params`. */
  readonly conditions: readonly string[];
  readonly params: Readonly<Record<string, SqlValue>>;
}

/**
 * A rowid parameter as SQLite's integer: a JavaScript number is bound as a real, and FTS5 then
 * ignores an equality on rowid (every match comes back) instead of looking the row up.
 */
const ROWID = 'CAST(@rowid AS INTEGER)';

/** Text both tokenizers cut alike (see exactRowids): ASCII only. */
const PLAIN = /^[\x00-\x7f]*$/;

/** The bound of a part's rowids, as SQLite's integer (see ROWID). */
const BELOW = 'CAST(@below AS INTEGER)';

/** A row of a part, with what the merge compares; the two are taken off before it is answered. */
interface ScoredRow {
  readonly rank_popularity: number;
  readonly rank_rowid: number;
  readonly [column: string]: unknown;
}

/** A row as answered: without what the merge compared. */
function unscored({ rank_popularity: _p, rank_rowid: _r, ...row }: ScoredRow): unknown {
  return row;
}

/** What a part of a page reads: an FTS5 query, rows left out, rows before a rowid only. */
interface PartRead {
  readonly match: string;
  /** Tier 0's rows, shown first and left out of tier 1's close part. */
  readonly exclude?: readonly number[];
  /** Only rows before this rowid. */
  readonly below?: number;
  /** How many rows (-1: every one). */
  readonly limit: number;
}

/** Tier 1's first rows in rank order and, when the whole tier was read, every title match. */
interface BlendedTier {
  readonly ranked: readonly ScoredRow[];
  /** The rowid of every row `inTitles` finds (tiers 0 and 1), when tier 1 was read to its end. */
  readonly titleMatches?: ReadonlySet<number>;
}

export class RankedSearch {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  /**
   * `limit` rows of the ranked matches from `offset` (limit -1: every one from there), reading
   * only what the page needs, and how many rows match at all.
   */
  page(source: RankedSource, queries: TierQueries, offset: number, limit: number): { rows: unknown[]; total: number } {
    const end = limit < 0 ? Infinity : offset + limit;
    const { near } = queries;
    const exact = this.exactRowids(source, queries.key, near);
    const rows = exact.slice(offset, end).map((rowid) => this.exactRow(source, rowid));
    const counted = () => ({ rows, total: this.total(source, queries.match) });
    if (end <= exact.length) return counted();

    const tier1 = this.blendedTier(source, queries, near, exact, end - exact.length);
    rows.push(...tier1.ranked.slice(Math.max(0, offset - exact.length), end - exact.length).map(unscored));
    const seen = exact.length + tier1.ranked.length;
    const titleMatches = tier1.titleMatches;
    if (titleMatches === undefined || end <= seen) return counted();

    // Tier 2: `match` less the title matches, with room for those among its rows.
    const room = end === Infinity ? -1 : end - seen + titleMatches.size;
    const matches = this.partRows(source, { match: queries.match, limit: room });
    const alternative = matches.filter((row) => !titleMatches.has(row.rank_rowid));
    rows.push(...alternative.slice(Math.max(0, offset - seen), end - seen).map(unscored));
    // Every match read: the page is not full, and what was read is the total.
    if (room < 0 || matches.length < room) return { rows, total: seen + alternative.length };
    return counted();
  }

  /** How many rows match at all (every tier). */
  private total(source: RankedSource, match: string): number {
    const sql = `SELECT count(*) FROM ${source.table} ${source.join} WHERE ${[`${source.table} MATCH @tier`, ...source.conditions].join(' AND ')}`;
    return Number(this.statement(sql, true).get({ ...source.params, tier: match }));
  }

  /**
   * The first `wanted` rows of tier 1 (Infinity: all), merged by weighted popularity (ties:
   * rowid, the overall popularity order).
   *
   * The close part is read first, up to `wanted` rows. The other part is `inTitles` less the
   * close rows and tier 0's, read with room for those. When the close part fills `wanted`, only
   * rows before its last one are read: a row of the other part after it has at most its
   * popularity, a tenth of its weighted score (tied at zero, the close row is earlier), and
   * `wanted` close rows already score higher; and every close row before it is known. When the
   * close part is shorter, every close row is known and `inTitles` is read from the start.
   * Popularity is never negative in the catalog; were it, that bound would not hold, and the
   * other part is then read as `inTitles NOT close`.
   */
  private blendedTier(source: RankedSource, queries: TierQueries, near: string, exact: readonly number[], wanted: number): BlendedTier {
    const limit = wanted === Infinity ? -1 : wanted;
    const close = this.partRows(source, { match: near, limit, ...(exact.length > 0 ? { exclude: exact } : {}) });
    const last = limit >= 0 && close.length === limit ? close[close.length - 1]! : undefined;
    let rest: ScoredRow[];
    let titleMatches: Set<number> | undefined;
    if (last !== undefined && !(last.rank_popularity >= 0)) {
      rest = this.partRows(source, { match: `(${queries.inTitles}) NOT (${queries.close})`, limit });
    } else {
      const known = new Set(exact);
      for (const row of close) known.add(row.rank_rowid);
      const room = limit < 0 ? -1 : limit + known.size;
      const found = this.partRows(source, { match: queries.inTitles, limit: room, ...(last ? { below: last.rank_rowid } : {}) });
      rest = found.filter((row) => !known.has(row.rank_rowid));
      if (limit >= 0) rest.length = Math.min(rest.length, limit);
      // Read from the start to its end: every title match is among the rows found.
      if (last === undefined && (room < 0 || found.length < room)) titleMatches = new Set(found.map((row) => row.rank_rowid));
    }
    const merged: ScoredRow[] = [];
    let c = 0;
    let r = 0;
    while ((c < close.length || r < rest.length) && merged.length !== limit) {
      const a = close[c];
      const b = rest[r];
      const takeClose =
        b === undefined ||
        (a !== undefined &&
          (a.rank_popularity * TITLE_START_WEIGHT > b.rank_popularity ||
            (a.rank_popularity * TITLE_START_WEIGHT === b.rank_popularity && a.rank_rowid < b.rank_rowid)));
      merged.push(takeClose ? close[c++]! : rest[r++]!);
    }
    return titleMatches ? { ranked: merged, titleMatches } : { ranked: merged };
  }

  /** A part's rows in rowid order, each with its popularity and rowid. */
  private partRows(source: RankedSource, part: PartRead): ScoredRow[] {
    const conditions = [`${source.table} MATCH @tier`, ...source.conditions];
    // Tier 0's rows are in tier 1's close query too; they are shown once, first.
    if (part.exclude) conditions.push(`${source.table}.rowid NOT IN (SELECT value FROM json_each(@exclude))`);
    // FTS5 stops its scan at the bound instead of reading on to the last match.
    if (part.below !== undefined) conditions.push(`${source.table}.rowid < ${BELOW}`);
    const select = `${source.select}, ${source.table}.popularity AS rank_popularity, ${source.table}.rowid AS rank_rowid`;
    const sql = `SELECT ${select} FROM ${source.table} ${source.join} WHERE ${conditions.join(' AND ')} ORDER BY ${source.table}.rowid LIMIT @limit`;
    return this.statement(sql, false).all({
      ...source.params,
      tier: part.match,
      limit: part.limit,
      ...(part.exclude ? { exclude: JSON.stringify(part.exclude) } : {}),
      ...(part.below !== undefined ? { below: part.below } : {}),
    }) as ScoredRow[];
  }

  /**
   * Rowids, in order, of the rows whose title is exactly the text and that are in tier 1's query
   * and meet the conditions.
   *
   * When the typed words and the candidate's title are plain ASCII, equal title keys already put
   * the title in tier 1's query: FTS5's unicode61 and titleKey then cut the same words (runs of
   * letters and digits, lower case), so the title is the typed words, whole and in order, which
   * `inTitles` and `close` both match. Only its conditions are tested then, without a full-text
   * query: FTS5 sets up every term of a query (prefixes merged) whatever rowid is asked for, so
   * a check per candidate cost as much as a search ("harvest" has dozens of titles called
   * Harvest). Other titles, where the two tokenizers may part (accents FTS5 does not fold),
   * keep the full-text check.
   */
  private exactRowids(source: RankedSource, key: string, near: string): number[] {
    if (key === '') return [];
    const candidates = this.statement(`SELECT row FROM ${source.table}_titles WHERE key = @key ORDER BY row`, true).all({ key }) as number[];
    if (candidates.length === 0) return [];
    const byRow = [`${source.table}.rowid = ${ROWID}`, ...source.conditions].join(' AND ');
    const titleOf = this.statement(`SELECT ${source.table}.title FROM ${source.table} ${source.join} WHERE ${byRow}`, true);
    const check = this.statement(`SELECT 1 FROM ${source.table} ${source.join} WHERE ${source.table} MATCH @tier AND ${byRow}`, true);
    // The words as FTS5 reads them (the query), not the key: titleKey takes accents off that FTS5 may keep.
    const plainWords = PLAIN.test(near);
    return candidates.filter((rowid) => {
      const title = titleOf.get({ ...source.params, rowid });
      if (title === undefined) return false;
      if (plainWords && PLAIN.test(String(title))) return true;
      return check.get({ ...source.params, tier: near, rowid }) !== undefined;
    });
  }

  private exactRow(source: RankedSource, rowid: number): unknown {
    const sql = `SELECT ${source.select} FROM ${source.table} ${source.join} WHERE ${source.table}.rowid = ${ROWID}`;
    return this.statement(sql, false).get({ rowid });
  }

  /** A statement prepared once; `plucked` answers with each row's only column. */
  private statement(sql: string, plucked: boolean): Statement {
    const key = `${plucked ? 'p' : 'r'}${sql}`;
    let prepared = this.statements.get(key);
    if (!prepared) {
      prepared = plucked ? this.db.prepare(sql).pluck() : this.db.prepare(sql);
      this.statements.set(key, prepared);
    }
    return prepared;
  }
}

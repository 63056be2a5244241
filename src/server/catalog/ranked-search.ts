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
 * Sorting every match by a score made a common word ("the": 40,000 matches in a 100,000-title
 * catalog) cost over 100 ms. Here each part is an FTS5 query of its own, read in rowid order (the
 * order FTS5 yields, so SQLite stops after the LIMIT). Tier 1's two parts (close matches, the
 * rest) are each in popularity order, and a part's weight does not change its order, so the
 * tier's page is a merge of the first offset + limit rows of each part. The next tier is read
 * only while the page is not full. Tier 0 comes from a table of title keys (one index lookup),
 * checked against the close part's query so that it holds the same rows a ranking of every
 * match would.
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

interface FtsPart {
  readonly match: string;
  /** Rows shown earlier (tier 0), left out here. */
  readonly exclude?: readonly number[];
}
type Tier =
  | { readonly kind: 'exact'; readonly rowids: readonly number[] }
  | ({ readonly kind: 'fts' } & FtsPart)
  /** Two parts merged by popularity, the close part's weighted by TITLE_START_WEIGHT. */
  | { readonly kind: 'blend'; readonly close: FtsPart; readonly rest: FtsPart };

/** A row of a blended part, with what the merge compares; the two are taken off before it is answered. */
interface ScoredRow {
  readonly rank_popularity: number;
  readonly rank_rowid: number;
  readonly [column: string]: unknown;
}

export class RankedSearch {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  /**
   * `limit` rows of the ranked matches from `offset` (limit -1: every one from there), reading
   * only what the page needs, and how many rows match at all.
   */
  page(source: RankedSource, queries: TierQueries, offset: number, limit: number): { rows: unknown[]; total: number } {
    const rows: unknown[] = [];
    let skip = offset;
    let wanted = limit < 0 ? Infinity : limit;
    for (const tier of this.tiers(source, queries)) {
      if (wanted === 0) break;
      if (tier.kind === 'exact') {
        const taken = tier.rowids.slice(skip, skip + wanted).map((rowid) => this.exactRow(source, rowid));
        skip = Math.max(0, skip - tier.rowids.length);
        rows.push(...taken);
        wanted -= taken.length;
        continue;
      }
      if (tier.kind === 'blend') {
        if (skip > 0) {
          // A tier that lies wholly before the page is only counted, not read.
          const size = this.count(source, tier.close) + this.count(source, tier.rest);
          if (size <= skip) {
            skip -= size;
            continue;
          }
        }
        const taken = this.blendedPage(source, tier, skip, wanted);
        rows.push(...taken);
        wanted -= taken.length;
        skip = 0;
        continue;
      }
      const page = { limit: wanted === Infinity ? -1 : wanted, offset: skip };
      const found = this.tierStatement(source, tier.exclude !== undefined, 'rows').all(this.tierParams(source, tier, page));
      if (found.length > 0) {
        // The tier held more than `skip` rows: the page starts inside it.
        rows.push(...found);
        wanted -= found.length;
        skip = 0;
      } else if (skip > 0) {
        // The whole tier lies before the page: only its size matters.
        skip -= this.count(source, tier);
      }
    }
    // A page that is not full has seen every match, so the total needs no count of its own.
    const total = wanted > 0 ? offset - skip + rows.length : this.total(source, queries.match);
    return { rows, total };
  }

  /** How many rows match at all (every tier). */
  private total(source: RankedSource, match: string): number {
    const sql = `SELECT count(*) FROM ${source.table} ${source.join} WHERE ${[`${source.table} MATCH @tier`, ...source.conditions].join(' AND ')}`;
    return Number(this.statement(sql, true).get({ ...source.params, tier: match }));
  }

  /** The tiers in rank order. Tier 0 is read at once: titles that are exactly the text are few. */
  private tiers(source: RankedSource, queries: TierQueries): Tier[] {
    const near = `(${queries.inTitles}) AND (${queries.close})`;
    const exact = this.exactRowids(source, queries.key, near);
    return [
      { kind: 'exact', rowids: exact },
      {
        kind: 'blend',
        close: { match: near, ...(exact.length > 0 ? { exclude: exact } : {}) },
        rest: { match: `(${queries.inTitles}) NOT (${queries.close})` },
      },
      { kind: 'fts', match: `(${queries.match}) NOT (${queries.inTitles})` },
    ];
  }

  /**
   * `wanted` rows of the blended tier from `skip`: the first skip + wanted rows of each part,
   * merged by weighted popularity (ties: rowid, the overall popularity order).
   */
  private blendedPage(source: RankedSource, tier: Extract<Tier, { kind: 'blend' }>, skip: number, wanted: number): unknown[] {
    const limit = wanted === Infinity ? -1 : skip + wanted;
    const read = (part: FtsPart) =>
      this.tierStatement(source, part.exclude !== undefined, 'scored').all(this.tierParams(source, part, { limit, offset: 0 })) as ScoredRow[];
    const close = read(tier.close);
    const rest = read(tier.rest);
    const merged: ScoredRow[] = [];
    let c = 0;
    let r = 0;
    while (c < close.length || r < rest.length) {
      const a = close[c];
      const b = rest[r];
      const takeClose =
        b === undefined ||
        (a !== undefined &&
          (a.rank_popularity * TITLE_START_WEIGHT > b.rank_popularity ||
            (a.rank_popularity * TITLE_START_WEIGHT === b.rank_popularity && a.rank_rowid < b.rank_rowid)));
      merged.push(takeClose ? close[c++]! : rest[r++]!);
    }
    return merged.slice(skip, wanted === Infinity ? undefined : skip + wanted).map(({ rank_popularity: _p, rank_rowid: _r, ...row }) => row);
  }

  /** How many rows a part or tier holds. */
  private count(source: RankedSource, part: FtsPart): number {
    return Number(this.tierStatement(source, part.exclude !== undefined, 'count').get(this.tierParams(source, part)));
  }

  /** Rowids, in order, of the rows whose title is exactly the text and that are in tier 1's query and meet the conditions. */
  private exactRowids(source: RankedSource, key: string, near: string): number[] {
    if (key === '') return [];
    const candidates = this.statement(`SELECT row FROM ${source.table}_titles WHERE key = @key ORDER BY row`, true).all({ key }) as number[];
    const where = [`${source.table} MATCH @tier`, `${source.table}.rowid = ${ROWID}`, ...source.conditions].join(' AND ');
    const check = this.statement(`SELECT 1 FROM ${source.table} ${source.join} WHERE ${where}`, true);
    return candidates.filter((rowid) => check.get({ ...source.params, tier: near, rowid }) !== undefined);
  }

  private exactRow(source: RankedSource, rowid: number): unknown {
    const sql = `SELECT ${source.select} FROM ${source.table} ${source.join} WHERE ${source.table}.rowid = ${ROWID}`;
    return this.statement(sql, false).get({ rowid });
  }

  private tierParams(source: RankedSource, tier: FtsPart, page?: { limit: number; offset: number }): Record<string, SqlValue> {
    return {
      ...source.params,
      tier: tier.match,
      ...(tier.exclude ? { exclude: JSON.stringify(tier.exclude) } : {}),
      ...page,
    };
  }

  private tierStatement(source: RankedSource, excluding: boolean, what: 'rows' | 'scored' | 'count'): Statement {
    const conditions = [`${source.table} MATCH @tier`, ...source.conditions];
    // Tier 0's rows are in tier 1's query too; they are shown once, first.
    if (excluding) conditions.push(`${source.table}.rowid NOT IN (SELECT value FROM json_each(@exclude))`);
    const from = `FROM ${source.table} ${source.join} WHERE ${conditions.join(' AND ')}`;
    if (what === 'count') return this.statement(`SELECT count(*) ${from}`, true);
    const select = what === 'scored' ? `${source.select}, ${source.table}.popularity AS rank_popularity, ${source.table}.rowid AS rank_rowid` : source.select;
    return this.statement(`SELECT ${select} ${from} ORDER BY ${source.table}.rowid LIMIT @limit OFFSET @offset`, false);
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

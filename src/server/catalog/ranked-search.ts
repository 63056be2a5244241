import type { Database, SqlValue, Statement } from '../sqlite.js';

/**
 * Ranked full-text search over one of the index's FTS5 tables, read tier by tier so that a page
 * costs what it shows, not what matches.
 *
 * The ranking (see CatalogIndex.search): a title that is what was typed (tier 0), then titles
 * that start with it or hold its words whole (1), then titles, shown or original, that hold it
 * anywhere (2), then what matches only by an alternative name (3); within a tier, rowid order,
 * which is popularity order. Sorting every match by its tier made a common word ("the": 40,000
 * matches in a 100,000-title catalog) cost over 100 ms. Here each tier is an FTS5 query of its
 * own, read in rowid order (the order FTS5 yields, so SQLite stops after the LIMIT), and the next
 * tier is read only while the page is not full. Tier 0 comes from a table of title keys (one
 * index lookup), checked against the tier 1 query so that it holds the same rows the ranking
 * by a CASE over the whole match did.
 */

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

type Tier = { readonly kind: 'exact'; readonly rowids: readonly number[] } | { readonly kind: 'fts'; readonly match: string; readonly exclude?: readonly number[] };

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
      const page = { limit: wanted === Infinity ? -1 : wanted, offset: skip };
      const found = this.tierStatement(source, tier.exclude !== undefined, 'rows').all(this.tierParams(source, tier, page));
      if (found.length > 0) {
        // The tier held more than `skip` rows: the page starts inside it.
        rows.push(...found);
        wanted -= found.length;
        skip = 0;
      } else if (skip > 0) {
        // The whole tier lies before the page: only its size matters.
        skip -= Number(this.tierStatement(source, tier.exclude !== undefined, 'count').get(this.tierParams(source, tier)));
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
      { kind: 'fts', match: near, ...(exact.length > 0 ? { exclude: exact } : {}) },
      { kind: 'fts', match: `(${queries.inTitles}) NOT (${queries.close})` },
      { kind: 'fts', match: `(${queries.match}) NOT (${queries.inTitles})` },
    ];
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

  private tierParams(source: RankedSource, tier: Extract<Tier, { kind: 'fts' }>, page?: { limit: number; offset: number }): Record<string, SqlValue> {
    return {
      ...source.params,
      tier: tier.match,
      ...(tier.exclude ? { exclude: JSON.stringify(tier.exclude) } : {}),
      ...page,
    };
  }

  private tierStatement(source: RankedSource, excluding: boolean, what: 'rows' | 'count'): Statement {
    const conditions = [`${source.table} MATCH @tier`, ...source.conditions];
    // Tier 0's rows are in tier 1's query too; they are shown once, first.
    if (excluding) conditions.push(`${source.table}.rowid NOT IN (SELECT value FROM json_each(@exclude))`);
    const from = `FROM ${source.table} ${source.join} WHERE ${conditions.join(' AND ')}`;
    if (what === 'count') return this.statement(`SELECT count(*) ${from}`, true);
    return this.statement(`SELECT ${source.select} ${from} ORDER BY ${source.table}.rowid LIMIT @limit OFFSET @offset`, false);
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

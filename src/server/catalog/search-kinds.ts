import type { Database } from '../sqlite.js';

/** The kinds of the main search table, each as the small number search_kind() answers. */
const KIND_CODES = { movie: 1, tv: 2, person: 3 } as const;
export type MainSearchKind = keyof typeof KIND_CODES;

/**
 * The kind of every row of the search table, held in memory and offered to SQL as
 * `search_kind(rowid)`, so that a search over some kinds tests a row without reading it.
 *
 * `kind` is an UNINDEXED column of the FTS5 table: testing it reads the row's whole record
 * (titles, alternative names) from the content table. A search of films only did that for every
 * match to count them (about 3 ms for a common word in a 100,000-title catalog, against 0.7 ms
 * with this), and for every match of another kind it skipped while filling a page. The index
 * never changes while it is open, so the kinds are read once, on the first filtered search:
 * one byte a row.
 */
export class SearchKinds {
  private kinds: Uint8Array | undefined;

  constructor(private readonly db: Database) {}

  /** A condition on `${table}.rowid` that holds for rows of the given kinds, and its parameters. */
  condition(table: string, kinds: readonly MainSearchKind[]): { sql: string; params: Record<string, number> } {
    this.load();
    return {
      sql: `search_kind(${table}.rowid) IN (${kinds.map((_, i) => `@kind${i}`).join(', ')})`,
      params: Object.fromEntries(kinds.map((kind, i) => [`kind${i}`, KIND_CODES[kind]])),
    };
  }

  private load(): void {
    if (this.kinds) return;
    const last = Number(this.db.prepare('SELECT max(rowid) FROM search').pluck().get() ?? 0);
    const kinds = new Uint8Array(last + 1);
    // Row by row: the whole table at once would hold an object per row for a moment.
    for (const row of this.db.prepare('SELECT rowid, kind FROM search').iterate()) {
      const { rowid, kind } = row as { rowid: number; kind: MainSearchKind };
      kinds[rowid] = KIND_CODES[kind];
    }
    this.kinds = kinds;
    this.db.function('search_kind', (rowid) => kinds[Number(rowid)] ?? 0);
  }
}

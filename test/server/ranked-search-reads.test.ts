import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rmSync } from 'node:fs';
import { CatalogGenerator } from '../../src/server/catalog/generator.js';
import { RankedSearch, type RankedSource, TITLE_START_WEIGHT } from '../../src/server/catalog/ranked-search.js';
import { DEFAULT_SEED } from '../../src/server/catalog/shape.js';
import { CatalogIndex, rankingQueries, titleKey } from '../../src/server/catalog/store.js';
import { Database, type SqlValue, Statement } from '../../src/server/sqlite.js';
import { TEST_CATALOG_SIZE, tempDir } from './harness.js';

/**
 * A page of a search reads a few parts of its ranking and merges them (ranked-search.ts). Here
 * every page, of every length, is held to a ranking of every match done the plain way (each
 * match's tier and score from its own full-text tests, then one sort), on tables built for ties
 * (equal popularity, a close title's weighted score equal to another's, popularity 0) and on the
 * generated catalog with texts as people type them; and a page is held to a few full-text
 * queries, however many titles match.
 */

interface Row {
  kind: string;
  id: number;
  popularity: number;
  title: string;
  original?: string;
  alternative?: string;
}

/** Every match of `text`, ranked the plain way: tier, then tier 1's weighted popularity, then rowid. */
function rankedPlainly(db: Database, source: RankedSource, text: string): Array<{ kind: string; id: number }> {
  const queries = rankingQueries(text)!;
  const { table } = source;
  const where = (query: string) => [`${table} MATCH @${query}`, ...source.conditions].join(' AND ');
  const rowids = (query: string) =>
    new Set(db.prepare(`SELECT ${table}.rowid FROM ${table} ${source.join} WHERE ${where(query)}`).pluck().all({ ...source.params, [query]: queries[query as keyof typeof queries] }) as number[]);
  const inTitles = rowids('inTitles');
  const close = rowids('close');
  const matches = db
    .prepare(`SELECT ${table}.rowid AS rowid, ${table}.kind AS kind, ${table}.ref_id AS id, ${table}.popularity AS popularity, ${table}.title AS title FROM ${table} ${source.join} WHERE ${where('match')}`)
    .all({ ...source.params, match: queries.match }) as Array<{ rowid: number; kind: string; id: number; popularity: number; title: string }>;
  const ranked = matches.map((row) => {
    const isClose = inTitles.has(row.rowid) && close.has(row.rowid);
    const tier = !inTitles.has(row.rowid) ? 2 : isClose && titleKey(row.title) === queries.key ? 0 : 1;
    const score = tier === 1 ? (isClose ? row.popularity * TITLE_START_WEIGHT : row.popularity) : 0;
    return { ...row, tier, score };
  });
  ranked.sort((a, b) => a.tier - b.tier || b.score - a.score || a.rowid - b.rowid);
  return ranked.map(({ kind, id }) => ({ kind, id }));
}

/** Compares every page of every length (and every row from each offset) with the plain ranking. */
function comparePages(search: RankedSearch, db: Database, source: RankedSource, text: string, limits: readonly number[]): number {
  const expected = rankedPlainly(db, source, text);
  const queries = rankingQueries(text)!;
  let compared = 0;
  for (const limit of limits) {
    const offsets = limit < 0 || limit > 5 ? [0, 1, 7, 20, 40, Math.max(0, expected.length - 3), expected.length, expected.length + 5] : [...Array(expected.length + 2).keys()];
    for (const offset of new Set(offsets)) {
      const page = search.page(source, queries, offset, limit);
      const rows = (page.rows as Array<{ kind: string; id: number }>).map(({ kind, id }) => ({ kind, id }));
      expect(rows, `${text}: ${limit} from ${offset}`).toEqual(expected.slice(offset, limit < 0 ? undefined : offset + limit));
      expect(page.total, `${text}: total, ${limit} from ${offset}`).toBe(expected.length);
      compared += rows.length;
    }
  }
  return compared;
}

/** A search table as the index builds it (rowid order is popularity order), from rows given in any order. */
function tableOf(rows: readonly Row[]): Database {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE search USING fts5(
    kind UNINDEXED, ref_id UNINDEXED, popularity UNINDEXED, title, original_title, alternative_names,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
    CREATE TABLE search_titles (key TEXT NOT NULL, row INTEGER NOT NULL, PRIMARY KEY (key, row)) WITHOUT ROWID;`);
  const insert = db.prepare('INSERT INTO search (kind, ref_id, popularity, title, original_title, alternative_names) VALUES (?, ?, ?, ?, ?, ?)');
  const key = db.prepare('INSERT INTO search_titles (key, row) VALUES (?, ?)');
  // Most popular first; ties in the order given, as the index keeps them.
  const ordered = rows.map((row, order) => ({ row, order })).sort((a, b) => b.row.popularity - a.row.popularity || a.order - b.order);
  for (const { row } of ordered) {
    const { lastInsertRowid } = insert.run(row.kind, row.id, row.popularity, row.title, row.original ?? row.title, row.alternative ?? '');
    key.run(titleKey(row.title), lastInsertRowid);
  }
  return db;
}

/**
 * Titles of every tier around "harbor", with popularities that tie: several titles at 10, 1 and
 * 0, close titles at 1 whose weighted score (10) ties rest titles at 10, exact titles among them.
 */
function tiedRows(): Row[] {
  const titles: Array<Omit<Row, 'kind' | 'id' | 'popularity'>> = [
    { title: 'Harbor' },
    { title: 'Harbor Lights' },
    { title: 'Lights of the Harbor' },
    { title: 'Harbors End' },
    { title: 'Old Harbors' },
    { title: 'Old Town', original: 'Harbor Town' },
    { title: 'Quiet Water', alternative: 'Harbor | Lights' },
    { title: "Harbor's Watch" },
    { title: 'The S Harbor' },
    { title: 'Harbor', original: 'Le Port' },
    { title: 'Light Harborside' },
    // Accents both tokenizers take off, and a ligature only titleKey unfolds (FTS5 reads "ﬁsh" as
    // its own word): a title key "fish" that the full-text query does not match.
    { title: 'Harbör' },
    { title: 'ﬁsh Harbor' },
    { title: 'Fish Harbor' },
    // Close to "harbor s" only as a start ("s" begins "sunset"); a title match by its original title's whole "s".
    { title: 'Harbor Sunset', original: "Harbor's Sunset" },
  ];
  const popularities = [10, 1, 0, 10, 1, 0.5, 0, 100, 1, 10];
  const kinds = ['movie', 'tv', 'person'];
  return Array.from({ length: 66 }, (_, i) => ({
    ...titles[i % titles.length]!,
    kind: kinds[i % kinds.length]!,
    id: i + 1,
    popularity: popularities[(i * 7) % popularities.length]!,
  }));
}

const LIMITS = [1, 2, 3, 5, 20, -1];

describe('a page of a search against the plain ranking', () => {
  const db = tableOf(tiedRows());
  const search = new RankedSearch(db);
  const plain: RankedSource = { table: 'search', select: 'search.kind AS kind, search.ref_id AS id', join: '', conditions: [], params: {} };
  afterAll(() => db.close());

  it.each(['harbor', 'HARBOR!', 'harbör', 'harb', 'harbor lights', 'lights', 'harbor s', 's', 'old', 'the s harbor', 'fish harbor', 'ﬁsh harbor', 'zzz'])(
    'ranks %j as the plain ranking does, ties and all, for every page and length',
    (text) => {
      const compared = comparePages(search, db, plain, text, LIMITS);
      if (text !== 'zzz') expect(compared).toBeGreaterThan(0);
    },
  );

  it('ranks the same with a condition on each match, which every part and count applies', () => {
    const params: Record<string, SqlValue> = { least: 1 };
    const source: RankedSource = { ...plain, conditions: ['search.popularity >= @least'], params };
    let compared = 0;
    for (const text of ['harbor', 'harb', 'lights', 'harbor s']) compared += comparePages(search, db, source, text, LIMITS);
    expect(compared).toBeGreaterThan(100);
  });
});

describe('a page of a search on the generated catalog', () => {
  const generator = new CatalogGenerator(DEFAULT_SEED, TEST_CATALOG_SIZE);
  let dataDir: string;
  let index: CatalogIndex;
  let db: Database;
  let search: RankedSearch;
  const multi: RankedSource = { table: 'search', select: 'search.kind AS kind, search.ref_id AS id', join: '', conditions: [], params: {} };

  beforeAll(() => {
    dataDir = tempDir();
    index = CatalogIndex.open(dataDir, generator);
    db = new Database(index.file, { readonly: true });
    search = new RankedSearch(db);
  });
  afterAll(() => {
    db.close();
    index.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Texts as people type them: two words of a title (a possessive's "s" among them), a word, a start of one, whole titles. */
  function typed(): string[] {
    const texts = new Set<string>(['and the', 'of the', 'the', 's']);
    for (let id = 1; id <= 30; id++) {
      for (const title of [generator.movies.core(id * 5).title, generator.series.core(id * 2).name, generator.people.core(id * 9).name]) {
        const words = title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
        texts.add(title);
        for (let i = 0; i + 1 < words.length; i++) texts.add(`${words[i]} ${words[i + 1]}`);
        if (words[0] && words[0].length > 4) texts.add(words[0].slice(0, 4));
      }
    }
    return [...texts];
  }

  it('ranks what people type as the plain ranking does, for pages of several lengths', () => {
    let compared = 0;
    for (const text of typed()) compared += comparePages(search, db, multi, text, [7, 20, 45]);
    expect(compared).toBeGreaterThan(3000);
  });

  it('reads a page with at most four full-text queries, none of them testing title matches against the close query', () => {
    const runs: Array<{ sql: string; params: unknown }> = [];
    const record = (method: 'get' | 'all') => {
      const original = Statement.prototype[method];
      return vi.spyOn(Statement.prototype, method).mockImplementation(function (this: Statement, ...params) {
        runs.push({ sql: (this as unknown as { statement: { sourceSQL: string } }).statement.sourceSQL, params: params[0] });
        return original.apply(this, params);
      });
    };
    const spies = [record('get'), record('all')];
    try {
      // Texts whose exact title several rows carry, and texts nearly every title match of which is close.
      const repeated = db.prepare('SELECT key FROM search_titles GROUP BY key HAVING count(*) > 1 ORDER BY count(*) DESC LIMIT 5').pluck().all() as string[];
      expect(repeated.length).toBeGreaterThan(0);
      for (const text of [...repeated, 'and the', 'of the', ...typed().slice(0, 60)]) {
        runs.length = 0;
        search.page(multi, rankingQueries(text)!, 0, 20);
        const fullText = runs.filter((run) => run.sql.includes('MATCH'));
        expect(fullText.length, text).toBeLessThanOrEqual(4);
        const queries = rankingQueries(text)!;
        for (const run of fullText) expect(String((run.params as { tier?: string }).tier), text).not.toContain(`NOT (${queries.close})`);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

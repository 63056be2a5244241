import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rmSync } from 'node:fs';
import { CatalogGenerator } from '../../src/server/catalog/generator.js';
import { TITLE_START_WEIGHT } from '../../src/server/catalog/ranked-search.js';
import { DEFAULT_CATALOG_SIZE, DEFAULT_SEED } from '../../src/server/catalog/shape.js';
import { CatalogIndex, PAGE_CACHE_BYTES, type Hit, type SearchKind, rankingQueries, titleKey } from '../../src/server/catalog/store.js';
import { Database } from '../../src/server/sqlite.js';
import { TEST_CATALOG_SIZE, tempDir } from './harness.js';

/**
 * The search reads its ranking tier by tier and stops when the page is full. These tests hold
 * it to the ranking's definition: one query over every match that sorts by a CASE of the tiers
 * and tier 1's weighted popularity, run here on the same file.
 */

const generator = new CatalogGenerator(DEFAULT_SEED, TEST_CATALOG_SIZE);
let dataDir: string;
let index: CatalogIndex;
let oracle: Database;

beforeAll(() => {
  dataDir = tempDir();
  index = CatalogIndex.open(dataDir, generator);
  oracle = new Database(index.file, { readonly: true });
  oracle.function('title_key', (title) => titleKey(String(title)));
});

afterAll(() => {
  oracle.close();
  index.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The ranking's definition as one ORDER BY: tier, then tier 1's weighted popularity, then rowid. */
function tierCase(table: string): string {
  const close = `${table}.rowid IN (SELECT rowid FROM ${table} WHERE ${table} MATCH @close)`;
  const tier = `CASE
    WHEN ${table}.rowid NOT IN (SELECT rowid FROM ${table} WHERE ${table} MATCH @inTitles) THEN 2
    WHEN ${close} AND title_key(${table}.title) = @key THEN 0
    ELSE 1 END`;
  const score = `CASE WHEN ${close} THEN ${table}.popularity * ${TITLE_START_WEIGHT} ELSE ${table}.popularity END`;
  return `${tier}, CASE WHEN (${tier}) = 1 THEN -(${score}) ELSE 0 END, ${table}.rowid`;
}

/** Every match of a search, ranked by sorting them all. */
function rankedByCase(kinds: readonly SearchKind[], text: string): Hit[] {
  const { match, inTitles, close, key } = rankingQueries(text)!;
  const queries = { match, inTitles, close, key };
  const table = kinds.includes('collection') ? 'collection_search' : 'search';
  const kindFilter = kinds.length < 3 && table === 'search' ? ` AND kind IN (${kinds.map((k) => `'${k}'`).join(', ')})` : '';
  const sql = `SELECT kind, ref_id AS id FROM ${table} WHERE ${table} MATCH @match${kindFilter} ORDER BY ${tierCase(table)}`;
  return (oracle.prepare(sql).all(queries) as Hit[]).map(({ kind, id }) => ({ kind, id }));
}

/** Every match of a typed film search with a release span, ranked by sorting them all. */
function titlesByCase(text: string, fromOffset: number, toOffset: number, region: string): number[] {
  const { match, inTitles, close, key } = rankingQueries(text)!;
  const queries = { match, inTitles, close, key };
  const sql = `SELECT search.ref_id FROM search JOIN movies t ON t.id = search.ref_id
    WHERE search MATCH @match AND search.kind = 'movie' AND t.release_offset >= @fromOffset AND t.release_offset <= @toOffset
      AND instr(t.regions, @region) > 0
    ORDER BY ${tierCase('search')}`;
  return oracle.prepare(sql).pluck().all({ ...queries, fromOffset, toOffset, region: `,${region},` }) as number[];
}

/** What people type: words and starts of words of titles and names, two words, whole titles, single letters, accents. */
function typedTexts(): string[] {
  const titles: string[] = [];
  for (let id = 1; id <= 40; id++) {
    const movie = generator.movies.core(id * 7);
    const series = generator.series.core(id * 3);
    titles.push(movie.title, movie.originalTitle, ...movie.alternativeTitles, series.name, generator.people.core(id * 11).name);
  }
  const texts = new Set<string>(['the', 'a', 's', 'of the', 'collection', 'é', 'zzzz']);
  titles.forEach((title, i) => {
    const words = title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length === 0) return;
    texts.add(title);
    texts.add(title.toUpperCase());
    texts.add(words[i % words.length]!);
    texts.add(words[i % words.length]!.slice(0, 3));
    if (words.length > 1) texts.add(`${words[0]} ${words[1]!.slice(0, 2)}`);
    texts.add(`${words[words.length - 1]} ${words[0]}`);
  });
  return [...texts];
}

/** Pages of a ranking of `total` matches worth comparing: the first three, one across the end, one past it. */
function offsets(total: number): number[] {
  return [...new Set([0, 20, 40, Math.max(0, total - 7), total + 20])];
}

describe('ranked search reads tier by tier', () => {
  const texts = typedTexts();

  it('holds enough texts of every kind to compare', () => {
    expect(texts.length).toBeGreaterThan(150);
    // Texts with exact titles, and texts whose matches fill several tiers, are among them.
    const withExact = texts.filter((text) => index.search(['movie', 'tv', 'person'], text, 0, 1).items.length > 0);
    expect(withExact.length).toBeGreaterThan(100);
  });

  it.each([
    [['movie', 'tv', 'person']],
    [['movie']],
    [['tv']],
    [['person']],
    [['movie', 'tv']],
    [['collection']],
  ] as Array<[SearchKind[]]>)('gives every page and total of a %j search as ranking every match does', (kinds) => {
    let compared = 0;
    for (const text of texts) {
      const expected = rankedByCase(kinds, text);
      for (const offset of offsets(expected.length)) {
        const page = index.search(kinds, text, offset, 20);
        expect(page.total, text).toBe(expected.length);
        expect(page.items, `${text} from ${offset}`).toEqual(expected.slice(offset, offset + 20));
        compared += page.items.length;
      }
    }
    expect(compared).toBeGreaterThan(kinds.includes('collection') ? 20 : 300);
  });

  it('gives a typed film search with a release span and region the same pages, with and without a further test', () => {
    let compared = 0;
    for (const text of texts.slice(0, 80)) {
      const expected = titlesByCase(text, -20_000, 0, 'US');
      const filter = { fromOffset: -20_000, toOffset: 0, region: 'US' };
      for (const offset of offsets(expected.length)) {
        const page = index.searchTitles('movie', text, filter, offset, 20);
        expect(page.total, text).toBe(expected.length);
        expect(page.items, `${text} from ${offset}`).toEqual(expected.slice(offset, offset + 20));
        compared += page.items.length;
      }
      const even = (id: number) => id % 2 === 0;
      const kept = index.searchTitles('movie', text, filter, 0, 20, even);
      expect(kept.items, text).toEqual(expected.filter(even).slice(0, 20));
      expect(kept.total, text).toBe(expected.filter(even).length);
    }
    expect(compared).toBeGreaterThan(200);
  });
});

describe('a search over some kinds', () => {
  const texts = typedTexts();

  it.each([['movie'], ['tv']] as Array<['movie' | 'tv']>)('gives every page and total of a typed %s search with no filter as ranking every match does', (kind) => {
    let compared = 0;
    for (const text of texts) {
      const expected = rankedByCase([kind], text).map((hit) => hit.id);
      for (const offset of offsets(expected.length)) {
        const page = index.searchTitles(kind, text, {}, offset, 20);
        expect(page.total, text).toBe(expected.length);
        expect(page.items, `${text} from ${offset}`).toEqual(expected.slice(offset, offset + 20));
        compared += page.items.length;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it("tests each match's kind without reading its row, and joins a title's row only to test it", () => {
    // A fresh index on the same file, so that every statement is prepared while watched.
    const fresh = CatalogIndex.open(dataDir, generator);
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    try {
      for (const text of texts.slice(0, 20)) {
        fresh.search(['person'], text, 20, 20);
        fresh.search(['movie', 'tv'], text, 0, 20);
        fresh.searchTitles('movie', text, {}, 0, 20);
        fresh.searchTitles('tv', text, {}, 20, 20);
      }
      const searches = prepare.mock.calls.map(([sql]) => sql).filter((sql) => sql.includes('MATCH'));
      expect(searches.length).toBeGreaterThan(10);
      // The kind is an UNINDEXED column: a condition on it reads each match's whole record.
      for (const sql of searches) expect(sql).not.toMatch(/\bkind\s*(=|IN\b)/);
      for (const sql of searches) expect(sql).not.toMatch(/\bJOIN\b/);
    } finally {
      prepare.mockRestore();
      fresh.close();
    }
  });
});

describe('pages answered before', () => {

  it('are answered again without being read again, and cannot be changed by whoever received them', () => {
    const first = index.search(['movie', 'tv', 'person'], 'the', 0, 20);
    expect(first.items.length).toBe(20);
    expect(index.search(['movie', 'tv', 'person'], 'the', 0, 20)).toBe(first);
    expect(index.search(['movie', 'tv', 'person'], 'the', 20, 20)).not.toBe(first);
    expect(index.search(['movie'], 'the', 0, 20)).not.toBe(first);
    expect(() => first.items.push({ kind: 'movie', id: 1 })).toThrow(TypeError);
    expect(index.search(['movie', 'tv', 'person'], 'the', 0, 20).items).toHaveLength(20);

    const filter = { fromOffset: -20_000, toOffset: 0 };
    const titles = index.searchTitles('movie', 'the', filter, 0, 20);
    expect(index.searchTitles('movie', 'the', { ...filter }, 0, 20)).toBe(titles);
    expect(index.searchTitles('movie', 'the', { ...filter, region: 'US' }, 0, 20)).not.toBe(titles);
    // A further test the index cannot answer is a function: its pages are read every time.
    const keep = () => true;
    expect(index.searchTitles('movie', 'the', filter, 0, 20, keep)).not.toBe(index.searchTitles('movie', 'the', filter, 0, 20, keep));
  });
});

describe('ranking on the catalog the TUI opens', () => {
  const big = new CatalogGenerator(DEFAULT_SEED, DEFAULT_CATALOG_SIZE);
  let bigDir: string;
  let bigIndex: CatalogIndex;
  beforeAll(() => {
    bigDir = tempDir();
    bigIndex = CatalogIndex.open(bigDir, big);
  });
  afterAll(() => {
    bigIndex.close();
    rmSync(bigDir, { recursive: true, force: true });
  });
  const titles = (text: string) =>
    bigIndex.search(['movie', 'tv', 'person'], text, 0, 40).items.map((hit) =>
      hit.kind === 'movie' ? big.movies.core(hit.id).title : hit.kind === 'tv' ? big.series.core(hit.id).name : big.people.core(hit.id).name,
    );

  /** A title's place in a list, or Infinity when it is not in it (ranked further down, or not at all). */
  const placeOf = (list: string[], title: string) => (list.includes(title) ? list.indexOf(title) : Infinity);

  it('puts a very popular title that holds the typed word start before an obscure one that starts with it', () => {
    const wolf = titles('wolf');
    expect(wolf.indexOf("Nadia's Wolfpack"), wolf.join(' | ')).toBeGreaterThanOrEqual(0);
    expect(wolf.indexOf("Nadia's Wolfpack"), wolf.join(' | ')).toBeLessThan(placeOf(wolf, 'Wolfpack of Saltmarsh'));
    const orch = titles('orch');
    expect(orch.indexOf('Salt Orchard'), orch.join(' | ')).toBeGreaterThanOrEqual(0);
    expect(orch.indexOf('Salt Orchard'), orch.join(' | ')).toBeLessThan(placeOf(orch, 'Orchard of Ashford'));
  });

  it('keeps the pages it answered within a bound in bytes, however many items they hold', () => {
    // Pages of up to 1,000 hits from 400 offsets: kept by count alone they would weigh several times the bound.
    let items = 0;
    for (let offset = 0; offset < 400; offset++) items += bigIndex.search(['movie', 'tv', 'person'], 'the', offset, 1000).items.length;
    expect(items * 48).toBeGreaterThan(2 * PAGE_CACHE_BYTES);
    expect(bigIndex.cachedPageBytes).toBeLessThanOrEqual(PAGE_CACHE_BYTES);
    expect(bigIndex.cachedPageBytes).toBeGreaterThan(PAGE_CACHE_BYTES / 2);
  });

  it('keeps the title that is exactly what was typed first, however obscure', () => {
    expect(titles('wolfpack of saltmarsh')[0]).toBe('Wolfpack of Saltmarsh');
    expect(titles('Orchard of Ashford')[0]).toBe('Orchard of Ashford');
  });
});

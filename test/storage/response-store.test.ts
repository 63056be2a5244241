import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openResponseStore, RESPONSE_STORE_FILE, type ResponseStore, type ResponseStoreOptions, type StoredResponse } from '../../src/storage/index.js';

/** The disk cache's file: bounds and eviction, services apart, and files it cannot read. */

let home: string;
let dir: string;
const stores: ResponseStore[] = [];

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'marquee-response-store-'));
  dir = join(home, 'marquee');
});
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  rmSync(home, { recursive: true, force: true });
});

function open(options: Partial<ResponseStoreOptions> = {}): { store: ResponseStore | undefined; warnings: string[] } {
  const warnings: string[] = [];
  const store = openResponseStore({ dir, service: 'https://service.example', warn: (m) => warnings.push(m), ...options });
  if (store) stores.push(store);
  return { store, warnings };
}

const entry = (text: string, extra: Partial<StoredResponse> = {}): StoredResponse => ({
  path: '/3/movie/1', text, etag: 'W/"e"', freshUntil: 5, storedAt: 4, ...extra,
});

describe('the response store', () => {
  it('keeps what it is given across openings, apart for each service', () => {
    const { store } = open();
    store!.set('/3/movie/1?language=de-DE', entry('{"id":1}'));
    store!.close();
    const again = open().store!;
    expect(again.get('/3/movie/1?language=de-DE')).toEqual(entry('{"id":1}'));
    expect(again.get('/3/movie/1?language=fr-FR')).toBeUndefined();
    expect(open({ service: 'http://127.0.0.1:4780' }).store!.get('/3/movie/1?language=de-DE')).toBeUndefined();
  });

  it('beyond its number of entries the least recently used go first', () => {
    const store = open({ maxEntries: 3 }).store!;
    for (const key of ['a', 'b', 'c']) store.set(key, entry(key));
    store.get('a'); // now b is the least recently used
    store.set('d', entry('d'));
    expect(['a', 'b', 'c', 'd'].map((key) => store.get(key) !== undefined)).toEqual([true, false, true, true]);
  });

  it('beyond its bytes the least recently used go first; an answer over 1/16 of the bound is not kept', () => {
    const store = open({ maxBytes: 1024 * 1024 }).store!;
    const keys = Array.from({ length: 30 }, (_, i) => `k${i}`);
    for (const key of keys) {
      store.set(key, entry(`${key}:${'x'.repeat(45_000)}`));
      store.get('k0'); // the first stays the most recently used
    }
    const kept = keys.filter((key) => store.get(key) !== undefined);
    expect(kept).toContain('k0');
    expect(kept).toContain('k29');
    expect(kept).not.toContain('k1');
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(30);
    // 1/16 of 1 MiB is 64 KiB: a larger answer is not kept, and the older one under its key goes.
    store.set('k29', entry('h'.repeat(70_000)));
    expect(store.get('k29')).toBeUndefined();
    expect(store.get('k0')).toBeDefined();
  });

  /** The bytes the cache takes on disk: the database and its write-ahead log. */
  const onDisk = () => readdirSync(dir).filter((name) => name.startsWith(RESPONSE_STORE_FILE)).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
  const MiB = 1024 * 1024;

  it('the files on disk, write-ahead log included, stay within the bound however large the answers', () => {
    const maxBytes = 16 * MiB;
    const store = open({ maxBytes }).store!;
    let largest = 0;
    for (let i = 0; i < 60; i++) {
      // Answers just under the 1 MiB share, between smaller ones.
      store.set(`large${i}`, entry(String(i % 10).repeat(MiB - 1_000)));
      store.set(`small${i}`, entry(`{"id":${i},"title":"${'t'.repeat(3_000)}"}`));
      largest = Math.max(largest, onDisk());
      expect(store.get(`large${i}`)).toBeDefined();
    }
    expect(largest).toBeLessThanOrEqual(maxBytes);
    // Most of the bound is used: the bound is not kept by keeping little.
    expect(largest).toBeGreaterThan(maxBytes / 2);
  }, 60_000);

  it('a 20 MB answer is not written to the disk cache at all (64 MiB bound)', () => {
    const store = open().store!;
    store.set('huge', entry('h'.repeat(20_000_000)));
    expect(store.get('huge')).toBeUndefined();
    expect(onDisk()).toBeLessThan(MiB);
  });

  it('a file over its bound (made before the bound counted the disk, or under a larger one) is cut down when opened', () => {
    const large = open({ maxBytes: 32 * MiB }).store!;
    for (let i = 0; i < 30; i++) large.set(`k${i}`, entry(String(i % 10).repeat(MiB)));
    large.close();
    expect(onDisk()).toBeGreaterThan(20 * MiB);
    const store = open({ maxBytes: 8 * MiB }).store!;
    expect(onDisk()).toBeLessThanOrEqual(8 * MiB);
    expect(store.get('k29')).toBeDefined();
    expect(store.get('k0')).toBeUndefined();
  }, 60_000);

  it('drops the entries whose path a write made stale, for its own service only', () => {
    const store = open().store!;
    const other = open({ service: 'http://other.example' }).store!;
    store.set('k1', entry('1', { path: '/3/list/42' }));
    store.set('k2', entry('2', { path: '/3/movie/550' }));
    other.set('k1', entry('1', { path: '/3/list/42' }));
    store.deleteMatching((path) => path.startsWith('/3/list/'));
    expect([store.get('k1'), store.get('k2') !== undefined, other.get('k1') !== undefined]).toEqual([undefined, true, true]);
  });

  it('a file that is not a database is moved aside with one warning, and a new one is used', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, RESPONSE_STORE_FILE), 'this is not a database, just some text that was left here '.repeat(100));
    const { store, warnings } = open();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/unreadable .*moved aside as .*responses\.sqlite\.corrupt-/);
    expect(warnings[0]).not.toContain('\n');
    expect(readdirSync(dir).some((name) => name.startsWith(`${RESPONSE_STORE_FILE}.corrupt-`))).toBe(true);
    store!.set('k', entry('kept'));
    expect(store!.get('k')?.text).toBe('kept');
  });

  it('a cache file that cannot be opened (a directory in its place) is moved aside too', () => {
    mkdirSync(join(dir, RESPONSE_STORE_FILE), { recursive: true });
    const { store, warnings } = open();
    expect(warnings).toHaveLength(1);
    store!.set('k', entry('kept'));
    expect(store!.get('k')?.text).toBe('kept');
  });

  it('when the cache directory cannot be made there is no disk cache, one warning, no exception', () => {
    writeFileSync(join(home, 'marquee'), 'a file where the directory should be');
    const { store, warnings } = open();
    expect(store).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/cannot be used .*kept in memory only/)]);
  });

  it('reads the totals it checks on every write from an index, not from the stored bodies; a file made before gets that index', async () => {
    const { DatabaseSync } = await import('node:sqlite');
    // A file as the first disk cache made it: the index of use without the sizes.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, RESPONSE_STORE_FILE);
    const before = new DatabaseSync(file);
    before.exec(`CREATE TABLE answers (service TEXT NOT NULL, key TEXT NOT NULL, path TEXT NOT NULL, body TEXT NOT NULL, etag TEXT,
      fresh_until INTEGER NOT NULL, stored_at INTEGER NOT NULL, used INTEGER NOT NULL, bytes INTEGER NOT NULL, PRIMARY KEY (service, key)) WITHOUT ROWID;
      CREATE INDEX answers_by_use ON answers (used); PRAGMA user_version = 1;`);
    before.prepare(`INSERT INTO answers VALUES ('https://service.example', 'kept', '/3/movie/1', '{"id":1}', NULL, 5, 4, 1, 12)`).run();
    before.close();

    const store = open({ maxEntries: 2 }).store!;
    expect(store.get('kept')?.text).toBe('{"id":1}');
    for (const key of ['a', 'b']) store.set(key, entry(key));
    // Bounded as before: the least recently used went.
    expect(['kept', 'a', 'b'].map((key) => store.get(key) !== undefined)).toEqual([false, true, true]);
    store.close();

    const db = new DatabaseSync(file);
    try {
      const plan = db.prepare('EXPLAIN QUERY PLAN SELECT count(*) AS entries, coalesce(sum(bytes), 0) AS bytes FROM answers').all() as { detail: string }[];
      expect(plan.map((row) => row.detail).join('; ')).toMatch(/COVERING INDEX/);
      const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'answers' AND sql IS NOT NULL").all() as { name: string }[]).map((row) => row.name);
      expect(indexes).toEqual(['answers_by_use_size']);
    } finally {
      db.close();
    }
  });
});

import { LRUCache } from 'lru-cache';

/**
 * Titles as list items (popular pages, searches, discover, credits), and people as search
 * results (with the titles they are known for), kept once made. The
 * generator draws a title's fields from its random streams on every call: about a fifth of the
 * server's time on a search it has not answered before went to making the same popular titles
 * again. An item depends on nothing but the catalog's seed, the title's id and the day (dates in
 * it are counted from today), so a kept one never goes stale within its day.
 *
 * Bounded in bytes (estimated from the item's strings, see `estimatedBytes`), least recently
 * used first out. Items are frozen: every caller gets the same object, and spreads it into its
 * own answer; one that wrote into it would change every later answer, and fails instead.
 */

/** Per kind (films, series, people). A title weighs about 0.6-1.2 KiB as estimated, a person with three titles known for 3-4 KiB. */
export const LIST_ITEM_CACHE_BYTES = 3 * 1024 * 1024;

/** Fixed cost of one kept item: the object, its key, the cache's own entry. */
const ITEM_OVERHEAD_BYTES = 256;
/** Per field: a property slot and a number or a pointer. */
const FIELD_BYTES = 16;

/**
 * An estimate of what an item holds in memory: two bytes a character of its strings, plus its
 * fields; the objects of its lists (a person's known_for titles) are counted as items of their own.
 */
export function estimatedBytes(item: object): number {
  let bytes = ITEM_OVERHEAD_BYTES;
  for (const value of Object.values(item)) bytes += FIELD_BYTES + valueBytes(value);
  return bytes;
}

function valueBytes(value: unknown): number {
  if (typeof value === 'string') return value.length * 2;
  if (Array.isArray(value)) return value.reduce<number>((sum, element) => sum + FIELD_BYTES + valueBytes(element), 0);
  if (typeof value === 'object' && value !== null) return estimatedBytes(value);
  return 0;
}

function freezeItem<T extends object>(item: T): T {
  for (const value of Object.values(item)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(item);
}

export class ListItemCache<T extends object> {
  private readonly items: LRUCache<string, T>;

  constructor(maxBytes: number = LIST_ITEM_CACHE_BYTES) {
    this.items = new LRUCache<string, T>({ maxSize: maxBytes, sizeCalculation: (item) => estimatedBytes(item) });
  }

  /** The item of `id` on day `today`: the kept one, or `make()`'s, kept. */
  get(id: number, today: number, make: () => T): T {
    const key = `${today}:${id}`;
    const known = this.items.get(key);
    if (known) return known;
    const item = freezeItem(make());
    this.items.set(key, item);
    return item;
  }

  /** What the kept items weigh, as estimated (at most the bound). */
  get bytes(): number {
    return this.items.calculatedSize;
  }
}

import { stream } from './random.js';

/**
 * How many of each thing a catalog of `size` titles holds, and which films form collections.
 * Titles are films and series; everything else scales with them.
 */

/** Bump when the generator's output or the catalog file's layout changes, so cached catalog files are rebuilt. */
export const GENERATOR_VERSION = 14;

export const MIN_CATALOG_SIZE = 100;
/** Episode ids are series_id * 10000 + season * 100 + episode, which must stay within int32. */
export const MAX_CATALOG_SIZE = 500_000;
export const DEFAULT_CATALOG_SIZE = 2000;
export const DEFAULT_SEED = 20_240_601;

export interface CatalogShape {
  readonly seed: number;
  readonly size: number;
  readonly movieCount: number;
  readonly seriesCount: number;
  readonly personCount: number;
  readonly collectionCount: number;
}

export function catalogShape(seed: number, size: number): CatalogShape {
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`catalog seed must be a non-negative integer (got ${seed})`);
  if (!Number.isInteger(size) || size < MIN_CATALOG_SIZE || size > MAX_CATALOG_SIZE) {
    throw new RangeError(`catalog size must be an integer from ${MIN_CATALOG_SIZE} to ${MAX_CATALOG_SIZE} (got ${size})`);
  }
  const movieCount = Math.round(size * 0.7);
  return {
    seed,
    size,
    movieCount,
    seriesCount: size - movieCount,
    personCount: Math.round(size / 2),
    // Collections hold 2-4 films each, about one film in eight.
    collectionCount: Math.max(2, Math.floor(movieCount / 24)),
  };
}

/**
 * Films 1..N belong to collections, in order: collection 1 holds the first 2-4 films, and so
 * on. `starts[c - 1]` is the first film of collection c; `starts[collectionCount]` is the first
 * film that belongs to none.
 */
export class CollectionLayout {
  private readonly starts: Int32Array;

  constructor(private readonly shape: CatalogShape) {
    this.starts = new Int32Array(shape.collectionCount + 1);
    let next = 1;
    for (let c = 1; c <= shape.collectionCount; c++) {
      this.starts[c - 1] = next;
      next += this.partCount(c);
    }
    this.starts[shape.collectionCount] = next;
  }

  partCount(collectionId: number): number {
    return stream(this.shape.seed, 'collection-parts', collectionId).int(2, 4);
  }

  /** The film ids of a collection, in release order. */
  parts(collectionId: number): number[] {
    const first = this.starts[collectionId - 1]!;
    const end = this.starts[collectionId]!;
    return Array.from({ length: end - first }, (_, i) => first + i);
  }

  /** The collection a film belongs to and its place in it (0-based), if any. */
  collectionOf(movieId: number): { id: number; part: number } | undefined {
    if (movieId < 1 || movieId >= this.starts[this.shape.collectionCount]!) return undefined;
    let low = 0;
    let high = this.shape.collectionCount - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= movieId) low = mid;
      else high = mid - 1;
    }
    return { id: low + 1, part: movieId - this.starts[low]! };
  }
}

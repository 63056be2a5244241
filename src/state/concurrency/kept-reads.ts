import { Holds } from '../../terminal/holds.js';

/**
 * Which answers the query layer may let go of. Every read a screen has shown stays in the store
 * until something forgets it; over a day of browsing (hundreds of films, each with its details,
 * credits, images and first pages) that is a cache with no bound. This keeps a measure of each
 * read's answers, in bytes, in least-recently-used order, and names the reads to forget once they
 * add up to more than `maxBytes`. A read a mounted screen holds is never named: only reads no
 * screen shows go, and a screen that shows one again loads it again (from the client's cache when
 * it still has it).
 */
export class KeptReads {
  /** Bytes by key; Map order is the LRU order (a touch re-inserts). */
  private readonly bytesByKey = new Map<string, number>();
  /** How many mounted screens hold each key. */
  private readonly holders = new Holds();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  /** The bytes kept now, as `measureAnswer` counted them. */
  get bytes(): number {
    return this.total;
  }

  /** Counts `bytes` more for `key` (a page added to a list), or, with `replace`, as all it holds. */
  add(key: string, bytes: number, replace = false): void {
    const before = this.bytesByKey.get(key) ?? 0;
    const after = replace ? bytes : before + bytes;
    this.bytesByKey.delete(key);
    this.bytesByKey.set(key, after);
    this.total += after - before;
  }

  /** Marks `key` as the most recently used. */
  touch(key: string): void {
    const bytes = this.bytesByKey.get(key);
    if (bytes === undefined) return;
    this.bytesByKey.delete(key);
    this.bytesByKey.set(key, bytes);
  }

  /** A screen shows `key` until the returned function is called; then it is the most recently used. */
  hold(key: string): () => void {
    const release = this.holders.hold(key, () => this.touch(key));
    this.touch(key);
    return release;
  }

  isHeld(key: string): boolean {
    return this.holders.has(key);
  }

  /** The reads mounted screens show. */
  heldKeys(): string[] {
    return this.holders.keys();
  }

  /** The least recently used reads no screen holds, as many as must go to be within the bound. */
  overBound(): Set<string> {
    const gone = new Set<string>();
    let total = this.total;
    for (const [key, bytes] of this.bytesByKey) {
      if (total <= this.maxBytes) break;
      if (this.holders.has(key)) continue;
      gone.add(key);
      total -= bytes;
    }
    return gone;
  }

  /** Stops counting reads the store has forgotten. */
  forget(keys: Iterable<string>): void {
    for (const key of keys) {
      const bytes = this.bytesByKey.get(key);
      if (bytes === undefined) continue;
      this.total -= bytes;
      this.bytesByKey.delete(key);
    }
  }
}

/**
 * An answer's weight: the length of its JSON text. The parsed objects weigh a small multiple of
 * that in the heap; what matters here is that a big answer counts for more than a small one.
 * An answer that cannot be written as JSON (not one of the service's) counts as nothing.
 */
export function measureAnswer(answer: unknown): number {
  try {
    return JSON.stringify(answer)?.length ?? 0;
  } catch {
    return 0;
  }
}

/**
 * Deterministic randomness for the catalog generator. Every entity draws from its own stream,
 * seeded by (catalog seed, stream name, ids...), so an entity is the same whichever order it is
 * generated in, and adding a field to one stream never shifts the values of another.
 * Only integer arithmetic (Math.imul) is used for hashing, so results match on every platform.
 */

/** 32-bit hash of a sequence of numbers and strings (murmur3-style mixing). */
export function hashParts(parts: ReadonlyArray<number | string>): number {
  let h = 0x9e3779b9;
  const mix = (k: number) => {
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  };
  for (const part of parts) {
    if (typeof part === 'number') {
      // Split a safe integer into two 32-bit halves so large seeds stay distinct.
      mix(part | 0);
      mix(Math.floor(part / 0x100000000) | 0);
    } else {
      for (let i = 0; i < part.length; i++) mix(part.charCodeAt(i));
      mix(part.length);
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A small, fast PRNG (mulberry32) with the draws the generator needs. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: ReadonlyArray<T>): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, weight] of choices) total += weight;
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }

  /** `count` distinct items, in the order drawn. */
  sample<T>(items: ReadonlyArray<T>, count: number): T[] {
    const pool = items.slice();
    const out: T[] = [];
    for (let i = 0; i < count && pool.length > 0; i++) {
      const index = Math.floor(this.next() * pool.length);
      out.push(pool[index]!);
      pool[index] = pool[pool.length - 1]!;
      pool.pop();
    }
    return out;
  }

  /** A number rounded to `digits` decimals, in [min, max). */
  decimal(min: number, max: number, digits: number): number {
    const factor = 10 ** digits;
    return Math.round((min + this.next() * (max - min)) * factor) / factor;
  }
}

/** The stream for (seed, name, ...ids). */
export function stream(seed: number, name: string, ...ids: number[]): Random {
  return new Random(hashParts([seed, name, ...ids]));
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` base-62 characters drawn from a stream: image file names look like the real ones. */
export function base62(random: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[Math.floor(random.next() * 62)];
  return out;
}

import { pathMatchesPattern } from '../contract/paths.js';

/**
 * GET answers kept in memory, keyed by the full URL (query included, so answers for different
 * sessions or pages never mix). Keys hold session ids, so they are never logged or shown.
 *
 * An entry is served without a request while fresh (Cache-Control max-age, less Age), and
 * otherwise revalidated with If-None-Match when it has an ETag. Answers with neither are not
 * kept: they could never be used without a full request anyway.
 */

/**
 * The service recommends keeping its configuration (image bases, sizes, countries, languages)
 * and checking for changes every few days: it is kept that long even when the answer names a
 * shorter max-age or none.
 */
export const CONFIGURATION_FRESH_MS = 3 * 24 * 60 * 60 * 1000;
const CONFIGURATION_PATH = /^\/3\/configuration(\/|$)/;

export interface CacheEntry {
  /** Path without base or query, e.g. "/3/list/5", for invalidation by prefix. */
  path: string;
  /** The decoded body text; parsed anew for every caller, so no caller can alter another's copy. */
  text: string;
  etag?: string;
  /** Epoch ms until which the entry may be used without asking; 0 = always revalidate. */
  freshUntil: number;
  /** Epoch ms when the service last sent or confirmed (304) this body: "as of" when served offline. */
  storedAt: number;
}

export interface Freshness {
  store: boolean;
  /** Cache-Control: private: the answer is the caller's own, so it is kept in memory only. */
  private: boolean;
  freshUntil: number;
}

/** Reads Cache-Control (max-age, no-store, no-cache) and Age, relative to `now`. */
export function freshnessOf(cacheControl: string | undefined, age: string | undefined, now: number): Freshness {
  const directives = new Map<string, string | undefined>();
  for (const part of (cacheControl ?? '').split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name) directives.set(name.toLowerCase(), value?.replace(/^"|"$/g, ''));
  }
  const isPrivate = directives.has('private');
  if (directives.has('no-store')) return { store: false, private: isPrivate, freshUntil: 0 };
  const maxAge = Number(directives.get('max-age'));
  if (directives.has('no-cache') || !Number.isFinite(maxAge) || maxAge <= 0) return { store: true, private: isPrivate, freshUntil: 0 };
  const ageSeconds = Number(age);
  const lived = Number.isFinite(ageSeconds) && ageSeconds > 0 ? ageSeconds : 0;
  return { store: true, private: isPrivate, freshUntil: now + Math.max(0, maxAge - lived) * 1000 };
}

/** freshnessOf, with the service's own rule for its configuration (`/3/configuration...`). */
export function freshnessFor(path: string, cacheControl: string | undefined, age: string | undefined, now: number): Freshness {
  const freshness = freshnessOf(cacheControl, age, now);
  if (!freshness.store || !CONFIGURATION_PATH.test(path)) return freshness;
  return { ...freshness, freshUntil: Math.max(freshness.freshUntil, now + CONFIGURATION_FRESH_MS) };
}

/**
 * The answers kept in memory, in characters of their text: a byte each in V8's heap for Latin-1
 * text, two otherwise. 4 Mi is some 115 films' screens (about 36,000 characters each with what
 * they append); past it the least recently used go, and are asked again when shown (from the
 * disk cache, when there is one). Bound low so the heap stops growing after about a hundred
 * films rather than four hundred: RSS is what the heap once grew to (commands/memory-budget.ts).
 */
export const ANSWER_CACHE_CHARS = 4 * 1024 * 1024;

export class ResponseCache {
  private readonly entries = new Map<string, CacheEntry>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 1_000,
    private readonly maxBytes = ANSWER_CACHE_CHARS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(url: string): CacheEntry | undefined {
    const entry = this.entries.get(url);
    if (entry) {
      // Map order is the LRU order: touch by re-inserting.
      this.entries.delete(url);
      this.entries.set(url, entry);
    }
    return entry;
  }

  set(url: string, entry: CacheEntry): void {
    this.delete(url);
    this.entries.set(url, entry);
    this.bytes += entry.text.length;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.bytes -= entry.text.length;
    this.entries.delete(url);
  }

  /** Drops every entry whose path matches one of the patterns; returns how many went. */
  invalidate(patterns: readonly string[]): number {
    let dropped = 0;
    for (const [url, entry] of [...this.entries]) {
      if (patterns.some((pattern) => pathMatchesPattern(entry.path, pattern))) {
        this.delete(url);
        dropped++;
      }
    }
    return dropped;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/**
 * Answers kept across runs, for one service (base URL): the client hands over only answers
 * whose key and body hold no secret (no session, not the account's own). Keys are the path and
 * query without the base. Implementations never throw: a cache that fails is a cache miss.
 */
export interface PersistentCache {
  get(key: string): CacheEntry | undefined;
  set(key: string, entry: CacheEntry): void;
  delete(key: string): void;
  /** Drops every entry whose path (as in CacheEntry.path) `matches` says. */
  deleteMatching(matches: (path: string) => boolean): void;
}

import type { BodyOf, OperationKey, PathParamsOf, QueryOf } from '../contract/operations.js';
import type { SessionCredentials } from '../contract/session.js';
import type { PersistentCache } from './cache.js';
import type { WireTransport } from './transport.js';

/** Credentials for user-scoped calls; sent as query parameters, as the real service wants. */
export type { SessionCredentials };

export interface RetryPolicy {
  /** Attempts after the first, for GETs only. */
  maxRetries: number;
  baseDelayMs: number;
  /** Cap on any single wait, including one asked for by Retry-After. */
  maxDelayMs: number;
}

export interface ClientOptions {
  /** Origin of the service, e.g. https://api.themoviedb.org or http://127.0.0.1:4780 */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>`; never logged. */
  token: string;
  /** Default session used for operations that take one; a call may pass its own. */
  session?: SessionCredentials | (() => SessionCredentials | undefined);
  /** Time to response headers, and between body chunks (and to connect). Default 10 s. */
  timeoutMs?: number;
  /**
   * What carries requests and answers; default HTTP (one undici Pool per origin). The TUI hands
   * the embedded catalog's requests to its thread through one of its own.
   */
  transport?: WireTransport;
  /** Overrides timeoutMs for the wait until the response headers. */
  headersTimeoutMs?: number;
  /** Overrides timeoutMs for the longest pause between two chunks of the body. */
  bodyTimeoutMs?: number;
  /**
   * A deadline for each whole call: connecting, every retry and the waits between them, and the
   * whole body. A service that sends a byte now and then is cut off here. Default: none.
   */
  deadlineMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Keep GET responses in memory (on by default). */
  cache?: boolean;
  /**
   * Answers kept across runs (a disk cache for this service), used with the memory cache: read
   * on a memory miss, written when an answer without secrets may be stored, and served, marked
   * offline, when the service cannot be reached. Off by default.
   */
  persistentCache?: PersistentCache;
  /**
   * Told whether the service could be reached: `reachable: false` with the time the answer was
   * stored each time a GET is answered from the cache because the service could not be reached;
   * `reachable: true` whenever the service answers anything (an HTTP error included).
   */
  onReachability?: (reachability: Reachability) => void;
  /**
   * At most `limit` requests every `intervalMs`, shared by all calls of this client (retries and
   * revalidations included); a request beyond it waits for a slot. Off by default: the embedded
   * server has no limit. The real service's is SERVICE_RATE_LIMIT; a 429 is still retried.
   */
  rateLimit?: { readonly limit: number; readonly intervalMs: number };
  /** Clock for cache freshness and Retry-After dates; tests pass their own. */
  now?: () => number;
}

/**
 * Each operation's body argument, required where it takes one. A table rather than a condition
 * on K, so that for a K known only to be one of the operations without a body (any read) the
 * types still see that none is needed.
 */
type BodyArgs = { [K in OperationKey]: BodyOf<K> extends undefined ? { body?: undefined } : { body: BodyOf<K> } };

export type CallArgs<K extends OperationKey> = {
  query?: QueryOf<K>;
  session?: SessionCredentials;
  signal?: AbortSignal;
} & (keyof PathParamsOf<K> extends never ? { path?: undefined } : { path: PathParamsOf<K> })
  & BodyArgs[K];

/** The arguments of `callLoose`: what `marquee api` has after reading argv. */
export interface LooseCallInput {
  pathParams?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  session?: SessionCredentials;
  signal?: AbortSignal;
}

export type Reachability = { readonly reachable: true } | { readonly reachable: false; readonly storedAt: number };

/** Counters for tests and diagnostics. */
export interface ClientStats {
  /** HTTP requests actually sent, retries included. */
  requests: number;
  /** Answers given without a request of their own: fresh cache entries, shared in-flight GETs. */
  cacheHits: number;
  /** 304 answers that confirmed a cached body. */
  revalidations: number;
  /** Attempts after a failed first one. */
  retries: number;
  /** Answers served from the cache because the service could not be reached. */
  offlineAnswers: number;
}

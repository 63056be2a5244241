import { setTimeout as sleep } from 'node:timers/promises';
import { NetworkError, ServiceError } from './errors.js';
import type { RetryPolicy } from './types.js';

/**
 * When and how long to wait before trying a GET again. Only reads are retried: a POST that
 * met a 500 may have been applied, and doing it twice could add an item twice.
 */

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, baseDelayMs: 250, maxDelayMs: 8_000 };

export function retryPolicy(overrides: Partial<RetryPolicy> | undefined): RetryPolicy {
  const policy = { ...DEFAULT_RETRY, ...overrides };
  return {
    maxRetries: Math.max(0, Math.floor(policy.maxRetries)),
    baseDelayMs: Math.max(0, policy.baseDelayMs),
    maxDelayMs: Math.max(0, policy.maxDelayMs),
  };
}

/** Network trouble (but not a cancel), rate limiting and server-side failures. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return error.isTransient;
  if (error instanceof ServiceError) return error.httpStatus === 429 || error.httpStatus >= 500;
  return false;
}

/**
 * Retry-After is either delta-seconds ("120") or an HTTP date. Returns milliseconds from now,
 * or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Wait before retry number `retry` (1-based). The service's Retry-After wins when given;
 * otherwise exponential backoff with "equal jitter" (half fixed, half random) so clients that
 * failed together don't come back together. Every wait is capped by maxDelayMs.
 */
export function retryDelayMs(
  retry: number,
  policy: RetryPolicy,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxDelayMs);
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}

/** Sleeps, or rejects with the abort reason when the signal fires first. */
export async function waitBeforeRetry(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) {
    signal?.throwIfAborted();
    return;
  }
  await sleep(ms, undefined, { signal });
}

import type { BodyOf, OperationKey, PathParamsOf, QueryOf, ResponseOf } from '../contract/operations.js';

/** Credentials for user-scoped calls; sent as query parameters, as the real service wants. */
export interface SessionCredentials {
  sessionId?: string;
  guestSessionId?: string;
}

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
  /** Time to response headers, and between body chunks. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Keep GET responses in memory (on by default). */
  cache?: boolean;
}

export type CallArgs<K extends OperationKey> = {
  query?: QueryOf<K>;
  session?: SessionCredentials;
  signal?: AbortSignal;
} & (keyof PathParamsOf<K> extends never ? { path?: undefined } : { path: PathParamsOf<K> })
  & (BodyOf<K> extends undefined ? { body?: undefined } : { body: BodyOf<K> });

export type CallResult<K extends OperationKey> = ResponseOf<K>;

import { statusCodeInfo } from '../contract/errors.js';
import type { FieldProblem } from '../contract/validation.js';
import { summarizeProblems } from '../contract/validation.js';

/**
 * The three ways a call fails. Messages are for people and never contain the access token or
 * a session id: URLs in messages are printed without their query string.
 */
export type CatalogError = ServiceError | NetworkError | ContractMismatchError;

/** The service answered with an error status (its envelope, or the 422 `{"errors":[...]}` shape). */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly operation: string,
    readonly httpStatus: number,
    /** The service's status_code; undefined for the `{"errors":[...]}` shape or a body that had none. */
    readonly statusCode: number | undefined,
    readonly statusMessage: string,
    /** Seconds the service asked us to wait (429 Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${operation}: ${statusMessage} (HTTP ${httpStatus}${statusCode !== undefined ? `, status_code ${statusCode}` : ''})`);
  }

  /** True when signing in again or fixing the token is the way out. */
  get isAuthProblem(): boolean {
    return this.httpStatus === 401;
  }

  get isTransient(): boolean {
    return this.httpStatus === 429 || this.httpStatus >= 500;
  }

  static describeCode(code: number): string | undefined {
    return statusCodeInfo(code)?.message;
  }
}

export type NetworkErrorKind = 'refused' | 'reset' | 'dns' | 'timeout' | 'aborted' | 'bad-body' | 'other';

/** The request did not get a usable HTTP answer: refused, reset, unknown host, timeout, unreadable body. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly operation: string,
    readonly kind: NetworkErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${operation}: ${message}`, options);
  }
}

/** The service answered 2xx, but the body is not what the contract says. */
export class ContractMismatchError extends Error {
  override readonly name = 'ContractMismatchError';
  constructor(
    readonly operation: string,
    readonly problems: FieldProblem[],
  ) {
    super(`${operation}: the response does not match the contract: ${summarizeProblems(problems)}`);
  }
}

export function isCatalogError(error: unknown): error is CatalogError {
  return error instanceof ServiceError || error instanceof NetworkError || error instanceof ContractMismatchError;
}

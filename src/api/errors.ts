import { statusCodeInfo } from '../contract/errors.js';
import type { FieldProblem } from '../contract/validation.js';
import { summarizeProblems } from '../contract/validation.js';

/**
 * The three ways a call fails. Messages are for people and never contain the access token or
 * a session id: a request is named by its operation id, method and path, never with its query
 * string (where session ids travel).
 */
export type CatalogError = ServiceError | NetworkError | ContractMismatchError;

/** "E17 GET /3/configuration", or just the operation id when the request is not known. */
function label(operation: string, request: string | undefined): string {
  return request ? `${operation} ${request}` : operation;
}

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
    /** Method and path without the query string, e.g. "GET /3/movie/550". */
    readonly request?: string,
  ) {
    super(
      `${label(operation, request)}: ${statusMessage} (HTTP ${httpStatus}${statusCode !== undefined ? `, status_code ${statusCode}` : ''})`,
    );
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
  /** Method and path without the query string, e.g. "GET /3/movie/550". */
  readonly request?: string;
  constructor(
    readonly operation: string,
    readonly kind: NetworkErrorKind,
    message: string,
    options?: { cause?: unknown; request?: string },
  ) {
    super(`${label(operation, options?.request)}: ${message}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.request = options?.request;
  }

  /** Worth trying again: everything but a cancelled request. */
  get isTransient(): boolean {
    return this.kind !== 'aborted';
  }
}

/** The service answered 2xx, but the body is not what the contract says. */
export class ContractMismatchError extends Error {
  override readonly name = 'ContractMismatchError';
  constructor(
    readonly operation: string,
    readonly problems: FieldProblem[],
    /** Method and path without the query string, e.g. "GET /3/movie/550". */
    readonly request?: string,
  ) {
    super(`${label(operation, request)}: the response does not match the contract: ${summarizeProblems(problems)}`);
  }
}

/**
 * The call was refused before anything was sent: a missing path parameter, a query value of the
 * wrong type, a body the contract rejects. A mistake of the caller, not of the service.
 */
export class RequestInputError extends Error {
  override readonly name = 'RequestInputError';
  constructor(
    readonly operation: string,
    message: string,
    readonly problems: FieldProblem[] = [],
    readonly request?: string,
  ) {
    super(`${label(operation, request)}: ${message}`);
  }
}


import { ContractMismatchError, NetworkError, RequestInputError, ServiceError } from '../../api/errors.js';
import { cutText, SERVICE_TEXT_LIMITS, terminalSafe } from '../../contract/text.js';

/**
 * A failed call, described for people. Screens show `message` in their panel; `transient`
 * failures (429, 5xx, network) are also announced with a toast, since waiting and retrying
 * usually fixes them.
 */
export interface Failure {
  readonly message: string;
  readonly kind: 'auth' | 'network' | 'service' | 'contract' | 'other';
  readonly transient: boolean;
  /** HTTP status and the service's status_code, when the service answered. */
  readonly httpStatus?: number;
  readonly statusCode?: number;
}

/**
 * The client's messages start with what was asked ("E17 GET /3/configuration: connection
 * refused by host"); on screen, where it is clear what was loading, only the rest is shown.
 */
function withoutRequestLabel(error: NetworkError | ContractMismatchError | RequestInputError): string {
  const label = error.request ? `${error.operation} ${error.request}: ` : `${error.operation}: `;
  const text = error.message.startsWith(label) ? error.message.slice(label.length) : error.message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Statuses a request refused by the service may still get past when asked again as it is. */
const RETRYABLE_REFUSALS: ReadonlySet<number> = new Set([401, 408, 429]);

/**
 * Whether asking again as it is can help: not for a request the service refused for what it
 * asked (a 4xx other than 401, 408 and 429: a year range backwards, an unknown id), which only
 * a change to the request gets past.
 */
export function retryCanHelp(failure: Failure): boolean {
  const status = failure.httpStatus;
  return status === undefined || status < 400 || status >= 500 || RETRYABLE_REFUSALS.has(status);
}

/** What would make a refused action possible; state names it, the UI says which key does it. */
export type Reason = 'needsSession' | 'sessionRejected';

/** Why something cannot be done now: the words for people, and what would help. */
export interface Problem {
  readonly message: string;
  readonly reason?: Reason;
}

/** A failure's message may quote the service (its status_message, a field path): cut to a few lines and made terminal-safe. */
export function describeFailure(error: unknown): Failure {
  const failure = describeAnyFailure(error);
  return { ...failure, message: terminalSafe(cutText(failure.message, SERVICE_TEXT_LIMITS.other)) };
}

function describeAnyFailure(error: unknown): Failure {
  if (error instanceof ServiceError) {
    const message = `${error.statusMessage} (HTTP ${error.httpStatus})`;
    return {
      message,
      kind: error.isAuthProblem ? 'auth' : 'service',
      transient: error.isTransient,
      httpStatus: error.httpStatus,
      statusCode: error.statusCode,
    };
  }
  if (error instanceof NetworkError) {
    return { message: withoutRequestLabel(error), kind: 'network', transient: error.kind !== 'aborted' };
  }
  if (error instanceof ContractMismatchError) {
    return {
      message: withoutRequestLabel(error),
      kind: 'contract',
      transient: false,
    };
  }
  if (error instanceof RequestInputError) return { message: withoutRequestLabel(error), kind: 'other', transient: false };
  return { message: error instanceof Error ? error.message : String(error), kind: 'other', transient: false };
}

/** True when the service said this request token was never approved, or is no longer valid. */
export function isUnapprovedToken(failure: Failure): boolean {
  // 17 "Session denied", 41 "request token hasn't been approved", 33 "invalid request token".
  return failure.statusCode === 17 || failure.statusCode === 41 || failure.statusCode === 33;
}

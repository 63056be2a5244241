import { NetworkError, type NetworkErrorKind } from './errors.js';

/**
 * Turns what undici or the socket layer threw into a NetworkError with a kind a person (and the
 * retry logic) can act on. The message is ours, built from the kind and the host; the original
 * error is kept as `cause` (undici's errors carry no URL, so no query string and no session id).
 */

const CODE_KINDS: Record<string, NetworkErrorKind> = {
  ECONNREFUSED: 'refused',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  UND_ERR_CLOSED: 'reset',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'reset',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_NONAME: 'dns',
  EAI_FAIL: 'dns',
  ETIMEDOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_ABORTED: 'aborted',
  ABORT_ERR: 'aborted',
  UND_ERR_DESTROYED: 'aborted',
  UND_ERR_RES_EXCEEDED_MAX_SIZE: 'bad-body',
  HPE_INVALID_CONSTANT: 'bad-body',
};

/** The first recognisable code in the error, its causes, or (happy eyeballs) its aggregated errors. */
function findKind(error: unknown, depth = 0): NetworkErrorKind | undefined {
  if (depth > 5 || typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  if (e.name === 'AbortError') return 'aborted';
  if (typeof e.code === 'string') {
    if (CODE_KINDS[e.code]) return CODE_KINDS[e.code];
    if (e.code.startsWith('HPE_')) return 'bad-body';
  }
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const kind = findKind(inner, depth + 1);
      if (kind) return kind;
    }
  }
  return findKind(e.cause, depth + 1);
}

function describe(kind: NetworkErrorKind, host: string, error: unknown): string {
  switch (kind) {
    case 'refused':
      return `connection refused by ${host} (is the service running?)`;
    case 'reset':
      return `the connection to ${host} was closed before the answer was complete`;
    case 'dns':
      return `cannot resolve the host name ${host.replace(/:\d+$/, '')}`;
    case 'timeout':
      return `${host} did not answer in time`;
    case 'aborted':
      return 'the request was cancelled';
    case 'bad-body':
      return `${host} sent an answer that could not be read`;
    default: {
      const code = (error as { code?: unknown } | null)?.code;
      return `the request to ${host} failed${typeof code === 'string' ? ` (${code})` : ''}`;
    }
  }
}

export function toNetworkError(operation: string, request: string, host: string, error: unknown): NetworkError {
  if (error instanceof NetworkError) return error;
  const kind = findKind(error) ?? 'other';
  return new NetworkError(operation, kind, describe(kind, host, error), { cause: error, request });
}

/** Kinds that mean the service could not be reached at all (an HTTP error is an answer, not this). */
const UNREACHABLE: ReadonlySet<NetworkErrorKind> = new Set(['refused', 'dns', 'timeout', 'reset']);

/** The service could not be reached: connection refused or dropped, no such host, no answer in time. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof NetworkError && UNREACHABLE.has(error.kind);
}

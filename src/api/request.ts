import { expandPath, type OperationSpec, type ParamSpec } from '../contract/operations.js';
import { parseWith } from '../contract/validation.js';
import { RequestInputError } from './errors.js';
import type { SessionCredentials } from './types.js';

/**
 * From an operation of the table and the caller's arguments to what goes on the wire: the
 * path with its parameters, the query (only what the caller gave: the service applies the
 * table's defaults itself), the session parameter the operation takes, and the JSON body
 * checked against the contract before anything is sent.
 */

export type QueryValue = string | number | boolean;

export interface PreparedRequest {
  /** Expanded path, e.g. "/3/movie/550" (no base, no query). */
  path: string;
  /** Query parameters in the order they will be sent, session parameter last. */
  query: URLSearchParams;
  /** JSON text, when the operation takes a body. */
  body?: string;
  /** The body after the contract's defaults were applied (for invalidation rules). */
  bodyValue?: unknown;
}

const SESSION_KEYS = ['session_id', 'guest_session_id'] as const;

/** A query value as the table's type wants it; strings from argv are coerced. */
function encodeQueryValue(opId: string, name: string, spec: ParamSpec | undefined, value: QueryValue): string {
  if (!spec) return String(value);
  switch (spec.type) {
    case 'integer': {
      const text = String(value).trim();
      if (!/^-?\d+$/.test(text)) {
        throw new RequestInputError(opId, `query parameter ${name} must be an integer, not "${String(value)}"`);
      }
      return String(Number(text));
    }
    case 'boolean': {
      const text = String(value).trim().toLowerCase();
      if (text !== 'true' && text !== 'false') {
        throw new RequestInputError(opId, `query parameter ${name} must be true or false, not "${String(value)}"`);
      }
      return text;
    }
    default:
      return String(value);
  }
}

/** Which session parameter to send: session_id where required; for ratings a user session first. */
export function sessionQuery(spec: OperationSpec, session: SessionCredentials | undefined): [string, string] | undefined {
  if (spec.session === 'none' || !session) return undefined;
  if (session.sessionId) return ['session_id', session.sessionId];
  if (spec.session === 'session-or-guest' && session.guestSessionId) return ['guest_session_id', session.guestSessionId];
  return undefined;
}

/**
 * Session ids given as plain query keys (`marquee api ... -f session_id=...`) are moved to the
 * credentials, so they are handled (and kept out of messages) like any other session.
 */
export function splitSessionFromQuery(
  query: Record<string, QueryValue> | undefined,
  session: SessionCredentials | undefined,
): { query: Record<string, QueryValue>; session: SessionCredentials | undefined } {
  if (!query || !SESSION_KEYS.some((k) => k in query)) return { query: query ?? {}, session };
  const { session_id: sessionId, guest_session_id: guestSessionId, ...rest } = query;
  return {
    query: rest,
    session: {
      ...session,
      ...(sessionId !== undefined ? { sessionId: String(sessionId) } : {}),
      ...(guestSessionId !== undefined ? { guestSessionId: String(guestSessionId) } : {}),
    },
  };
}

export function prepareRequest(
  spec: OperationSpec,
  args: {
    pathParams?: Record<string, string | number>;
    query?: Record<string, QueryValue | undefined>;
    body?: unknown;
    session?: SessionCredentials;
  },
): PreparedRequest {
  const pathParams = args.pathParams ?? {};
  for (const name of Object.keys(spec.pathParams)) {
    const value = pathParams[name];
    if (value === undefined || String(value) === '') {
      throw new RequestInputError(spec.id, `path parameter ${name} is missing (${spec.path})`);
    }
    // "." and ".." survive URL-encoding and would climb out of the operation's path.
    if (value === '.' || value === '..') {
      throw new RequestInputError(spec.id, `path parameter ${name} cannot be "${value}"`);
    }
  }
  const path = expandPath(spec.path, pathParams);

  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args.query ?? {})) {
    if (value === undefined) continue;
    query.append(name, encodeQueryValue(spec.id, name, spec.query[name], value));
  }
  for (const [name, param] of Object.entries(spec.query)) {
    if (param.required && !query.has(name)) {
      throw new RequestInputError(spec.id, `query parameter ${name} is required`);
    }
  }
  const session = sessionQuery(spec, args.session);
  if (session) query.set(session[0], session[1]);

  if (!spec.body) {
    if (args.body !== undefined) throw new RequestInputError(spec.id, `${spec.method} ${spec.path} takes no body`);
    return { path, query };
  }
  if (args.body === undefined) throw new RequestInputError(spec.id, `${spec.method} ${spec.path} needs a JSON body`);
  const checked = parseWith(spec.body, args.body);
  if (!checked.ok) {
    const detail = checked.problems.map((p) => `${p.path}: ${p.message}`).join('; ');
    throw new RequestInputError(spec.id, `the request body does not match the contract: ${detail}`, checked.problems);
  }
  return { path, query, body: JSON.stringify(checked.value), bodyValue: checked.value };
}

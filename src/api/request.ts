import type { OperationSpec } from '../contract/operations.js';
import { encodeParam, type ParamValue } from '../contract/params.js';
import { expandPath, pathParamProblem } from '../contract/paths.js';
import { sessionParamFor, withGuestPathParam, type SessionCredentials } from '../contract/session.js';
import { parseWith } from '../contract/validation.js';
import { RequestInputError } from './errors.js';

/**
 * From an operation of the table and the caller's arguments to what goes on the wire: the
 * path with its parameters, the query (only what the caller gave: the service applies the
 * table's defaults itself), the session parameter the operation takes, and the JSON body
 * checked against the contract before anything is sent.
 */

export type QueryValue = ParamValue;

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

/** A call's arguments, loosely typed: the table checks them here. */
export interface RequestArgs {
  pathParams?: Record<string, string | number>;
  query?: Record<string, QueryValue | undefined>;
  body?: unknown;
  session?: SessionCredentials;
}

export function prepareRequest(spec: OperationSpec, args: RequestArgs): PreparedRequest {
  const pathParams = withGuestPathParam(spec.session, args.pathParams ?? {}, args.session);
  const pathProblem = pathParamProblem(spec.path, pathParams);
  if (pathProblem) throw new RequestInputError(spec.id, pathProblem);
  const path = expandPath(spec.path, pathParams);

  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args.query ?? {})) {
    if (value === undefined) continue;
    const encoded = encodeParam(name, spec.query[name], value);
    if (!encoded.ok) throw new RequestInputError(spec.id, encoded.problem);
    query.append(name, encoded.text);
  }
  for (const name in spec.query) {
    if (spec.query[name]!.required && !query.has(name)) {
      throw new RequestInputError(spec.id, `query parameter ${name} is required`);
    }
  }
  const session = sessionParamFor(spec.session, args.session);
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

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type OperationKey, type OperationSpec, type SessionUse, SESSION_PARAM, fillTemplate, operationKeys, operations,
} from '../../contract/index.js';
import { dayNumber } from '../catalog/calendar.js';
import type { Caller, HandlerMap, RequestContext, ServerContext } from '../handlers/context.js';
import { accessTokenCheck } from '../http/access.js';
import { cacheControlFor } from '../http/caching.js';
import { ApiError } from '../http/errors.js';
import { type RawQuery, booleanParam, integerParam, pageNumber, pathId, queryValue } from '../http/params.js';

/**
 * One route per row of the operations table, in the order every request is checked:
 * access token (401/7) -> path ids (404/34) -> session (401/3) -> query (400/22, 422/5, ...)
 * -> body (422/5) -> the operation's handler, whose answer goes out with the row's successStatus.
 */

/** `{movie_id}` -> `:movie_id`, fastify's spelling. */
export function routePath(template: string): string {
  return fillTemplate(template, (name) => `:${name}`);
}

/** Query parameters with answers of their own, checked by the handlers (see http/params.ts). */
const SPECIAL_QUERY_PARAMS = new Set(['page', 'query', 'confirm']);

function checkQuery(spec: OperationSpec, query: RawQuery): void {
  for (const [name, param] of Object.entries(spec.query)) {
    if (SPECIAL_QUERY_PARAMS.has(name)) continue;
    if (param.type === 'integer') integerParam(query, name, param.required === true);
    else if (param.type === 'boolean') booleanParam(query, name);
  }
}

function resolveCaller(use: SessionUse, query: RawQuery, server: ServerContext, now: Date): Caller | undefined {
  if (use === 'none') return undefined;
  const sessionId = queryValue(query, SESSION_PARAM.user);
  if (sessionId) {
    const account = server.users.sessions.account(sessionId);
    if (!account) throw new ApiError(3);
    return { kind: 'user', account, sessionId };
  }
  // A guest session may rate and delete its ratings, nothing else.
  const guestId = queryValue(query, SESSION_PARAM.guest);
  if (use === 'session-or-guest' && guestId) {
    const guest = server.users.sessions.guestSession(guestId, now);
    if (!guest) throw new ApiError(3);
    return { kind: 'guest', guest };
  }
  throw new ApiError(3);
}

/**
 * Body schemas accept unknown keys here (the real service ignores them); the contract's own
 * schemas stay strict so our client never sends a misspelt field.
 */
const lenientSchemas = new Map<z.ZodType, z.ZodType>();
function lenient(schema: z.ZodType): z.ZodType {
  let out = lenientSchemas.get(schema);
  if (!out) {
    out = schema instanceof z.ZodObject ? z.object(schema.shape) : schema;
    lenientSchemas.set(schema, out);
  }
  return out;
}

const isFilled = (value: unknown) => typeof value === 'string' && value !== '';

/** Operations whose invalid bodies get a more specific answer than 422 status_code 5. */
const BODY_REFUSALS: Partial<Record<OperationKey, (raw: unknown) => ApiError | undefined>> = {
  validateWithLogin: (raw) => {
    const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    return isFilled(body.username) && isFilled(body.password) ? undefined : new ApiError(26);
  },
};

function checkBody(key: OperationKey, spec: OperationSpec, raw: unknown): unknown {
  if (!spec.body) return undefined;
  const refusal = BODY_REFUSALS[key]?.(raw);
  if (refusal) throw refusal;
  const parsed = lenient(spec.body).safeParse(raw ?? {});
  if (!parsed.success) throw new ApiError(5);
  return parsed.data;
}

function requestContext<K extends OperationKey>(key: K, request: FastifyRequest, server: ServerContext): RequestContext<K> {
  const spec: OperationSpec = operations[key];
  const rawParams = request.params as Record<string, string>;
  const path: Record<string, number> = {};
  for (const name of Object.keys(spec.pathParams)) path[name] = pathId(rawParams[name]);
  const query = request.query as RawQuery;
  const now = server.now();
  const caller = resolveCaller(spec.session, query, server, now);
  const page = 'page' in spec.query ? pageNumber(query) : 1;
  checkQuery(spec, query);
  const body = checkBody(key, spec, request.body);
  return {
    server,
    key,
    path,
    query,
    page,
    body: body as RequestContext<K>['body'],
    caller,
    now,
    today: dayNumber(now),
    headers: request.headers,
  };
}

export class MissingHandlerError extends Error {
  override readonly name = 'MissingHandlerError';
}

/** Registers every operation of the table; a row without a handler stops the server from starting. */
export function registerOperations(app: FastifyInstance, server: ServerContext, handlers: HandlerMap, accessToken: string): void {
  const checkAccess = accessTokenCheck(accessToken);
  for (const key of operationKeys) {
    const spec: OperationSpec = operations[key];
    const handler = handlers[key] as ((ctx: RequestContext<OperationKey>) => unknown) | undefined;
    if (typeof handler !== 'function') throw new MissingHandlerError(`no handler for operation ${key} (${spec.id})`);
    const cacheControl = cacheControlFor(key, spec.method);
    app.route({
      method: spec.method,
      url: routePath(spec.path),
      onRequest: async (request) => checkAccess(request),
      handler: async (request, reply) => {
        const body = await handler(requestContext(key, request, server));
        reply.code(spec.successStatus).header('cache-control', cacheControl);
        return body;
      },
    });
  }
}

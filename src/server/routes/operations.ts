import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import {
  type OperationKey, type OperationSpec, type Operations, type SessionUse,
  GUEST_PATH_PARAM, SESSION_PARAM, STATUS_CODES, fillTemplate, operationKeys, operations, sessionParamsOf,
} from '../../contract/index.js';
import { dayNumber } from '../catalog/calendar.js';
import { inLanguage } from '../catalog/translations.js';
import type { Caller, HandlerContext, HandlerMap, ServerContext } from '../handlers/context.js';
import { appendedParts, withAppendedParts } from '../handlers/append.js';
import { type ServedRequest, accessTokenCheck, bodyCredential } from '../http/access.js';
import { cacheControlFor, cacheControlOfAnswer } from '../http/caching.js';
import { ApiError } from '../http/errors.js';
import { type RawQuery, parsePath, parseQuery, queryValue, queryWithBodyValues } from '../http/params.js';

/**
 * One route per row of the operations table, in the order every request is checked:
 * access token (401/7) -> path ids (404/34) -> session (401/3) -> query (400/22, 422/5, ...)
 * -> body (422/5) -> the operation's handler, whose answer goes out with the row's successStatus.
 * The handler gets the path and query read once from the row, typed by it.
 */

/** `{movie_id}` -> `:movie_id`, fastify's spelling. */
export function routePath(template: string): string {
  return fillTemplate(template, (name) => `:${name}`);
}

/**
 * A session parameter as the request carries it: in the query, or else (on a write) in its JSON
 * body, where clients such as moviedb-promise put `session_id` next to the fields of the write.
 */
type Credentials = (name: string) => string | undefined;

const credentialsOf = (request: ServedRequest): Credentials => (name) =>
  queryValue(request.query as RawQuery, name) ?? bodyCredential(request, name);

function resolveCaller(
  use: SessionUse,
  credentials: Credentials,
  path: Readonly<Record<string, number | string>>,
  server: ServerContext,
  now: Date,
  optional = false,
): Caller | undefined {
  if (use === 'none') return undefined;
  if (use === 'guest-path') {
    // A guest session's own lists: an unknown or expired one is refused like a bad session parameter.
    const guest = server.users.sessions.guestSession(String(path[GUEST_PATH_PARAM]), now);
    if (!guest) throw new ApiError(3);
    return { kind: 'guest', guest };
  }
  // The first session parameter given decides; a guest session may rate and delete its ratings, nothing else.
  for (const name of sessionParamsOf(use)) {
    const id = credentials(name);
    if (!id) continue;
    if (name === SESSION_PARAM.user) {
      const account = server.users.sessions.account(id);
      if (!account) throw new ApiError(3);
      return { kind: 'user', account, sessionId: id };
    }
    const guest = server.users.sessions.guestSession(id, now);
    if (!guest) throw new ApiError(3);
    return { kind: 'guest', guest };
  }
  if (optional) return undefined;
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

/**
 * A field sent as null is taken as not sent, as the real service does: clients send
 * `"language": null` for an optional field they leave out. A required one is then missing.
 */
function withoutNulls(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null));
}

function checkBody(key: OperationKey, spec: OperationSpec, given: unknown): unknown {
  if (!spec.body) return undefined;
  const raw = withoutNulls(given);
  const refusal = BODY_REFUSALS[key]?.(raw);
  if (refusal) throw refusal;
  const parsed = lenient(spec.body).safeParse(raw ?? {});
  if (!parsed.success) throw new ApiError(5);
  return parsed.data;
}

/**
 * The account operations take any text as the account id (`0`, `null`, a stale id, or a client's
 * unfilled `{account_id}`) and answer for the account of the session, as the real service does:
 * its own documentation's examples call `/3/account/null/...`, and moviedb-promise sends the
 * literal `{account_id}` when no id is given. The contract keeps the id an integer for our client.
 */
const ACCOUNT_PATH_PARAM = 'account_id';
const ANY_ACCOUNT_ID = { type: 'string', required: true, description: 'any text: the session decides the account' } as const;
const servedPathParamsOf = new Map<OperationSpec, OperationSpec['pathParams']>();
function servedPathParams(spec: OperationSpec): OperationSpec['pathParams'] {
  let served = servedPathParamsOf.get(spec);
  if (!served) {
    served = Object.hasOwn(spec.pathParams, ACCOUNT_PATH_PARAM) ? { ...spec.pathParams, [ACCOUNT_PATH_PARAM]: ANY_ACCOUNT_ID } : spec.pathParams;
    servedPathParamsOf.set(spec, served);
  }
  return served;
}

function handlerContext<K extends OperationKey>(
  key: K,
  request: ServedRequest,
  server: ServerContext,
  bodyOf: (request: ServedRequest) => unknown = (r) => r.body,
): HandlerContext<K> {
  const spec: Operations[K] = operations[key];
  const rawQuery = request.query as RawQuery;
  const path = parsePath(servedPathParams(spec), request.params as Record<string, string | undefined>);
  const now = server.now();
  const credentials = credentialsOf(request);
  const caller = resolveCaller(spec.session, credentials, path, server, now);
  // The account id in the path is not read (the session decides the account, as on the real
  // service): the handler sees the id of the account it answers for.
  if (ACCOUNT_PATH_PARAM in path && caller?.kind === 'user') path[ACCOUNT_PATH_PARAM] = caller.account.id;
  const given = bodyOf(request);
  const query = parseQuery(spec.query, spec.method === 'GET' ? rawQuery : queryWithBodyValues(Object.keys(spec.query), rawQuery, given));
  const body = checkBody(key, spec, given);
  return {
    server,
    key,
    // The row's own parameters, read by its own specs: the casts restate what K already says.
    path: path as HandlerContext<K>['path'],
    query: query,
    body: body as HandlerContext<K>['body'],
    caller: caller as HandlerContext<K>['caller'],
    optionalCaller: () => resolveCaller('session-or-guest', credentials, path, server, now, true),
    now,
    today: dayNumber(now),
    headers: request.headers,
  };
}

/** GET operations that create something (as on the real service): HEAD is not offered for them. */
const GETS_THAT_CREATE: ReadonlySet<OperationKey> = new Set<OperationKey>(['requestToken', 'createGuestSession']);

/**
 * Older forms the real service still accepts and widely used clients still send: a GET with the
 * body's fields as query parameters. Like the POST, each creates or approves something, so no HEAD.
 */
export const GET_FORMS: Partial<Record<OperationKey, readonly string[]>> = {
  createSession: ['request_token'],
  validateWithLogin: ['username', 'password', 'request_token'],
};

const bodyFromQuery = (fields: readonly string[]) => (request: ServedRequest) => {
  const query = request.query as RawQuery;
  return Object.fromEntries(fields.flatMap((field) => (typeof query[field] === 'string' ? [[field, query[field]]] : [])));
};

/**
 * The HTTP status of a success: the row's, except that a write answering status_code 13 (a
 * watchlist or favourites POST that removed the title) goes out as 200, as the error table has it.
 */
function successStatusOf(spec: OperationSpec, body: unknown): number {
  const deleted = typeof body === 'object' && body !== null && (body as { status_code?: unknown }).status_code === 13;
  return spec.method === 'POST' && deleted ? STATUS_CODES[13].http : spec.successStatus;
}

export class MissingHandlerError extends Error {
  override readonly name = 'MissingHandlerError';
}

/** A success as the route sends it: the HTTP status, its cache-control and the body to serialise. */
export interface OperationAnswer {
  status: number;
  cacheControl: string;
  body: unknown;
}

/**
 * Answers the operations of the table, once the access token was checked: the pipeline every
 * route runs after its hooks (path ids, session, query, body, the handler, appended parts, the
 * language), shared by the HTTP routes and the embedded catalog's in-thread answers, so the two
 * cannot drift apart. A row without a handler stops the server from starting.
 */
export function operationAnswerer(server: ServerContext, handlers: HandlerMap) {
  for (const key of operationKeys) {
    const spec: OperationSpec = operations[key];
    if (typeof handlers[key] !== 'function') throw new MissingHandlerError(`no handler for operation ${key} (${spec.id})`);
  }
  const handlerOf = (key: OperationKey) => handlers[key] as (ctx: HandlerContext<OperationKey>) => unknown;
  /** An operation's answer for a context, in the language its row takes (a part's, as asked alone). */
  const answerOf = async (context: HandlerContext<OperationKey>): Promise<unknown> => {
    const answer = await handlerOf(context.key)(context);
    const spec: OperationSpec = operations[context.key];
    // Titles, overviews and taglines in the language asked for, where the row takes one.
    const takesLanguage = spec.method === 'GET' && Object.hasOwn(spec.query, 'language');
    const language = takesLanguage ? (context.query as { language?: string }).language : undefined;
    return language === undefined ? answer : inLanguage(answer, language, server.catalog.shape.seed);
  };
  const cacheControls = new Map(operationKeys.map((key) => [key, cacheControlFor(key, operations[key].method)]));
  return {
    /** The row's own method. */
    async answer(key: OperationKey, request: ServedRequest): Promise<OperationAnswer> {
      const spec: OperationSpec = operations[key];
      const context = handlerContext(key, request, server);
      // Too many parts is refused before the record is looked up, as on the real service.
      const parts = appendedParts((context.query as { append_to_response?: string }).append_to_response);
      const body = await withAppendedParts(context, await answerOf(context), parts, answerOf);
      return { status: successStatusOf(spec, body), cacheControl: cacheControlOfAnswer(cacheControls.get(key)!, body), body };
    },
    /** The older GET form of a write (GET_FORMS), its fields in the query. */
    async answerGetForm(key: OperationKey, request: ServedRequest): Promise<OperationAnswer> {
      const body = await handlerOf(key)(handlerContext(key, request, server, bodyFromQuery(GET_FORMS[key] ?? [])));
      return { status: operations[key].successStatus, cacheControl: 'no-store', body };
    },
  };
}

/** Registers every operation of the table; a row without a handler stops the server from starting. */
export function registerOperations(app: FastifyInstance, server: ServerContext, handlers: HandlerMap, accessToken: string): void {
  const checkAccess = accessTokenCheck(accessToken);
  const operationsOf = operationAnswerer(server, handlers);
  for (const key of operationKeys) {
    const spec: OperationSpec = operations[key];
    app.route({
      method: spec.method,
      url: routePath(spec.path),
      // HEAD has no side effects: not on the GETs that create a token or a guest session.
      exposeHeadRoute: spec.method === 'GET' && !GETS_THAT_CREATE.has(key),
      onRequest: async (request) => checkAccess.onRequest(request),
      preHandler: async (request) => checkAccess.preHandler(request),
      handler: async (request, reply) => {
        const { status, cacheControl, body } = await operationsOf.answer(key, request);
        reply.code(status).header('cache-control', cacheControl);
        return body;
      },
    });
    if (GET_FORMS[key]) {
      app.route({
        method: 'GET',
        url: routePath(spec.path),
        exposeHeadRoute: false,
        onRequest: async (request) => checkAccess.onRequest(request),
        handler: async (request, reply) => {
          const { status, cacheControl, body } = await operationsOf.answerGetForm(key, request);
          reply.code(status).header('cache-control', cacheControl);
          return body;
        },
      });
    }
  }
}

import { parse as parseQueryString } from 'node:querystring';
import { type OperationKey, type OperationSpec, matchPath } from '../contract/index.js';
import type { HandlerMap, ServerContext } from './handlers/context.js';
import { type ServedRequest, accessTokenCheck } from './http/access.js';
import { BODY_LIMIT_BYTES } from './http/bodies.js';
import { entityTag, matchesIfNoneMatch } from './http/caching.js';
import { ApiError, ErrorsArrayError } from './http/errors.js';
import { PlaceholderImages } from './images/placeholder.js';
import { GET_FORMS, operationAnswerer } from './routes/operations.js';

/**
 * The embedded catalog's answers to the TUI without HTTP: a request handed over by the TUI's
 * transport (through the catalog thread's port) goes through the same checks and the same
 * operation pipeline as the HTTP routes (routes/operations.ts), and comes back as the route
 * would have sent it: status, cache-control, ETag (and 304), the error envelopes. The thread
 * then needs neither fastify nor a socket to answer the TUI, which starts it sooner; a browser
 * (the approval pages) still gets the HTTP server.
 *
 * What HTTP framing alone can get wrong (Host lines, chunked bodies, bad escapes the router
 * cannot read) does not arise here: the TUI's client builds every request.
 */

/** A request as the TUI's transport sends it. */
export interface ThreadRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path and query, e.g. "/3/movie/550?language=en-US". */
  path: string;
  headers: Readonly<Record<string, string>>;
  body?: string;
}

/** The answer, as the HTTP route sends it (lower-case header names, the body's bytes). */
export interface ThreadAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const IMAGE = /^\/t\/p\/([^/?]+)\/([^/?]+)$/;
const IMAGE_HEADERS = { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable' };

function jsonAnswer(status: number, headers: Record<string, string>, body: unknown): ThreadAnswer {
  return { status, headers: { ...headers, 'content-type': JSON_TYPE }, body: Buffer.from(JSON.stringify(body)) };
}

/** An error as app.ts's sendError answers it; anything not ours is a bug: 500 status_code 11. */
function errorAnswer(error: unknown): ThreadAnswer {
  const known = error instanceof ApiError || error instanceof ErrorsArrayError ? error : new ApiError(11);
  const status = known instanceof ApiError ? known.httpStatus : 422;
  return jsonAnswer(status, { 'cache-control': 'no-store' }, known.body);
}

/** The body as the JSON parser of bodies.ts reads it: empty is none, anything but JSON is 400 status_code 47. */
function parsedBody(request: ThreadRequest): unknown {
  if (request.body === undefined) return undefined;
  if (!/^application\/json(?:\s*;|$)/i.test(request.headers['content-type'] ?? '')) throw new ApiError(47);
  if (request.body.trim() === '') return undefined;
  try {
    return JSON.parse(request.body);
  } catch {
    throw new ApiError(47);
  }
}

/** The operation a path names for a method (404 status_code 34 for none, 405 status_code 42 for another method's). */
function operationOf(method: string, path: string): { key: OperationKey; spec: OperationSpec; params: Record<string, string>; getForm: boolean } {
  let matches: ReturnType<typeof matchPath> = [];
  try {
    // The routes are under /3 only; matchPath would add it where it is missing.
    if (path.startsWith('/3/')) matches = matchPath(path);
  } catch {
    // An escape that does not decode names nothing, as the router answers it.
  }
  const own = matches.find((match) => match.spec.method === method);
  if (own) return { key: own.key, spec: own.spec, params: own.pathParams, getForm: false };
  const form = method === 'GET' ? matches.find((match) => GET_FORMS[match.key]) : undefined;
  if (form) return { key: form.key, spec: form.spec, params: form.pathParams, getForm: true };
  throw new ApiError(matches.length > 0 ? 42 : 34);
}

/**
 * Answers the TUI's requests in the thread that holds the catalog. `hostOf` is the host the
 * HTTP server is reached at: answers that name addresses (images) name that server, as they
 * would over HTTP.
 */
export function inThreadAnswerer(server: ServerContext, handlers: HandlerMap, accessToken: string, hostOf: () => string) {
  const operations = operationAnswerer(server, handlers);
  const checkAccess = accessTokenCheck(accessToken);
  const images = new PlaceholderImages();

  const answerImage = async (size: string, file: string): Promise<ThreadAnswer> => {
    const png = await images.get(decodeURIComponent(size), decodeURIComponent(file));
    if (!png) throw new ApiError(34);
    return { status: 200, headers: { ...IMAGE_HEADERS }, body: png };
  };

  const answerOperation = async (request: ThreadRequest, path: string, query: string): Promise<ThreadAnswer> => {
    const { key, params, getForm } = operationOf(request.method, path);
    if (request.body !== undefined && Buffer.byteLength(request.body) > BODY_LIMIT_BYTES) {
      return jsonAnswer(413, { 'cache-control': 'no-store', connection: 'close' }, new ApiError(47).body);
    }
    const served: ServedRequest & { body: unknown } = {
      method: request.method,
      headers: { ...request.headers, host: hostOf() },
      params,
      query: parseQueryString(query),
      body: undefined,
    };
    // In the order of the route's hooks: the token, the body, the token in the body.
    checkAccess.onRequest(served);
    served.body = parsedBody(request);
    if (!getForm) checkAccess.preHandler(served);
    const answer = getForm ? await operations.answerGetForm(key, served) : await operations.answer(key, served);
    const payload = Buffer.from(JSON.stringify(answer.body));
    const headers: Record<string, string> = { 'cache-control': answer.cacheControl, 'content-type': JSON_TYPE };
    // As addEntityTags does for HTTP.
    if (request.method === 'GET' && answer.status === 200) {
      const tag = entityTag(payload);
      headers.etag = tag;
      headers.vary = 'Accept-Encoding';
      if (matchesIfNoneMatch(request.headers['if-none-match'], tag)) {
        delete headers['content-type'];
        return { status: 304, headers, body: new Uint8Array(0) };
      }
    }
    return { status: answer.status, headers, body: payload };
  };

  return async (request: ThreadRequest): Promise<ThreadAnswer> => {
    const at = request.path.indexOf('?');
    // As the router reads paths: repeated slashes are one, a trailing slash is none.
    const path = (at < 0 ? request.path : request.path.slice(0, at)).replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
    const query = at < 0 ? '' : request.path.slice(at + 1);
    try {
      const image = request.method === 'GET' ? IMAGE.exec(path) : null;
      if (image) return await answerImage(image[1]!, image[2]!);
      return await answerOperation(request, path, query);
    } catch (error) {
      return errorAnswer(error);
    }
  };
}

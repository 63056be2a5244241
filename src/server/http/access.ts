import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors.js';
import { queryValue, type RawQuery } from './params.js';

/**
 * What the checks and the operations read of a request: a fastify request has these, and the
 * embedded catalog's in-thread requests are built with them.
 */
export interface ServedRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
}

/** A credential a client may send in the JSON body of a write instead of the query: `api_key`, `session_id`, `guest_session_id`. */
export function bodyCredential(request: ServedRequest, name: string): string | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The access token check every operation runs before anything else: `Authorization: Bearer
 * <token>` or, as the real service also allows, `?api_key=<token>`. Anything else is 401
 * status_code 7. Tokens are compared through their digests in constant time.
 *
 * A write (POST, DELETE) that carries neither may carry `api_key` in its JSON body, as clients
 * such as moviedb-promise send it: `onRequest` then lets it through to `preHandler`, which
 * checks the parsed body. A token given in the header or query is checked at once, as before.
 */
export function accessTokenCheck(expected: string): {
  onRequest: (request: ServedRequest) => void;
  preHandler: (request: ServedRequest) => void;
} {
  const expectedDigest = createHash('sha256').update(expected).digest();
  const matches = (candidate: string | undefined) =>
    candidate !== undefined &&
    candidate !== '' &&
    timingSafeEqual(createHash('sha256').update(candidate).digest(), expectedDigest);
  const headerOrQuery = (request: ServedRequest) => {
    const header = request.headers.authorization;
    const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    return { bearer, apiKey: queryValue(request.query as RawQuery, 'api_key') };
  };
  const writes = (request: ServedRequest) => request.method === 'POST' || request.method === 'DELETE';

  return {
    onRequest: (request) => {
      const { bearer, apiKey } = headerOrQuery(request);
      if (matches(bearer) || matches(apiKey)) return;
      if (bearer === undefined && apiKey === undefined && writes(request)) return;
      throw new ApiError(7);
    },
    preHandler: (request) => {
      const { bearer, apiKey } = headerOrQuery(request);
      if (bearer !== undefined || apiKey !== undefined) return;
      if (!matches(bodyCredential(request, 'api_key'))) throw new ApiError(7);
    },
  };
}

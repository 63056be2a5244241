import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import { queryValue, type RawQuery } from './params.js';

/**
 * The access token check every operation runs before anything else: `Authorization: Bearer
 * <token>` or, as the real service also allows, `?api_key=<token>`. Anything else is 401
 * status_code 7. Tokens are compared through their digests in constant time.
 */
export function accessTokenCheck(expected: string): (request: FastifyRequest) => void {
  const expectedDigest = createHash('sha256').update(expected).digest();
  const matches = (candidate: string | undefined) =>
    candidate !== undefined &&
    candidate !== '' &&
    timingSafeEqual(createHash('sha256').update(candidate).digest(), expectedDigest);

  return (request) => {
    const header = request.headers.authorization;
    const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    const apiKey = queryValue(request.query as RawQuery, 'api_key');
    if (!matches(bearer) && !matches(apiKey)) throw new ApiError(7);
  };
}

import type { FastifyInstance } from 'fastify';
import { accessTokenCheck } from '../http/access.js';
import { ApiError } from '../http/errors.js';

/**
 * The one operation of the version 3 description that this server leaves out on purpose:
 * turning a version 4 user access token into a version 3 session. Such tokens come only from
 * the version 4 interface (/4/auth/access_token), which this server does not offer.
 */
export const CONVERT_FROM_VERSION_4 = { method: 'POST', path: '/3/authentication/session/convert/4' } as const;

/**
 * Answered as the real service answers a token that may not do what it asks: 401 status_code 3
 * ("You do not have permissions to access the service"), which it uses for operations a token
 * of the wrong kind cannot do, rather than 404 (the address exists) or 422 (nothing in the
 * request is malformed). The message then says what is missing.
 */
const NEEDS_VERSION_4 =
  'Authentication failed: You do not have permissions to access the service. ' +
  'Converting a version 4 access token needs the version 4 interface, which this server does not offer: ' +
  'create a session from a request token (POST /3/authentication/session/new) instead.';

export function registerVersion4Only(app: FastifyInstance, accessToken: string): void {
  const checkAccess = accessTokenCheck(accessToken);
  app.route({
    method: CONVERT_FROM_VERSION_4.method,
    url: CONVERT_FROM_VERSION_4.path,
    onRequest: async (request) => checkAccess.onRequest(request),
    preHandler: async (request) => checkAccess.preHandler(request),
    handler: async () => {
      throw new ApiError(3, NEEDS_VERSION_4);
    },
  });
}

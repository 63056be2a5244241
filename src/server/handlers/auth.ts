import { serviceTimestamp } from '../catalog/calendar.js';
import { ApiError } from '../http/errors.js';
import type { Handler } from './context.js';

/** E3: reaching a handler means the access token was accepted. */
export const validateKey: Handler<'validateKey'> = () => ({ success: true, status_code: 1, status_message: 'Success.' });

/** Who asked for a token, as the approval page names it. */
function appName(userAgent: string | string[] | undefined): string {
  const name = (Array.isArray(userAgent) ? userAgent[0] : userAgent)?.trim();
  return name ? name : 'An application';
}

export const requestToken: Handler<'requestToken'> = (ctx) => {
  const { token, expiresAt } = ctx.server.users.sessions.newRequestToken(appName(ctx.headers['user-agent']), ctx.now);
  return { success: true, expires_at: serviceTimestamp(expiresAt), request_token: token };
};

/**
 * Approves a request token with a user name and password. The pipeline answers 400
 * status_code 26 when either is missing; a wrong pair is 401 status_code 30; an unknown, used,
 * denied or expired token is 401 status_code 33.
 */
export const validateWithLogin: Handler<'validateWithLogin'> = async (ctx) => {
  const { username, password, request_token: token } = ctx.body;
  const { sessions, accounts } = ctx.server.users;
  const info = sessions.requestToken(token, ctx.now);
  if (!info || info.state === 'used' || info.state === 'denied') throw new ApiError(33);
  const account = await accounts.verify(username, password);
  if (!account) throw new ApiError(30);
  if (!sessions.answer(token, 'approved', account.id, ctx.now)) throw new ApiError(33);
  return { success: true, expires_at: serviceTimestamp(info.expiresAt), request_token: token };
};

/** E2: 401 status_code 17 for a token not approved (or denied), 33 for unknown, used or expired. */
export const createSession: Handler<'createSession'> = (ctx) => {
  const outcome = ctx.server.users.sessions.createSession(ctx.body.request_token, ctx.now);
  if ('refused' in outcome) throw new ApiError(outcome.refused);
  return { success: true, session_id: outcome.sessionId };
};

export const createGuestSession: Handler<'createGuestSession'> = (ctx) => {
  const { guestSessionId, expiresAt } = ctx.server.users.sessions.newGuestSession(ctx.now);
  return { success: true, guest_session_id: guestSessionId, expires_at: serviceTimestamp(expiresAt) };
};

/** Signs out: the session id in the body stops working (404 status_code 37 when unknown). */
export const deleteSession: Handler<'deleteSession'> = (ctx) => {
  if (!ctx.server.users.sessions.deleteSession(ctx.body.session_id)) throw new ApiError(37);
  return { success: true };
};

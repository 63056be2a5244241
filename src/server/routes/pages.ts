import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serviceTimestamp } from '../catalog/calendar.js';
import type { ServerContext } from '../handlers/context.js';
import { FORM_SECRET_FIELD, answeredPage, approvalPage, invalidTokenPage, refusedPage } from '../pages/approval.js';

/**
 * The approval pages on loopback. They are for the user's browser, so they need no access
 * token: the request token in the address (40 random hex digits only its application knows)
 * is what names the request. Approval signs in as the server's demo account.
 *
 * Cross-site requests are refused: the form carries a secret derived from the request token
 * with a key only this process knows, so another site cannot build a valid POST even knowing
 * the token; a POST whose Origin is not this server, or that the browser marks as cross-site
 * (Sec-Fetch-Site), is refused before that. A token approved (or logged in) for one account is
 * not approved again for another.
 */

/** Why a POST to the approval form is refused; undefined when it may be answered. */
function crossSiteRefusal(request: FastifyRequest, expectedSecret: string): string | undefined {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return 'The answer came from another site.';
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${request.headers.host ?? ''}`) return 'The answer came from another site.';
  const fields = request.body as Record<string, string> | undefined;
  const given = Buffer.from(fields?.[FORM_SECRET_FIELD] ?? '');
  const expected = Buffer.from(expectedSecret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return 'The form did not come from this approval page. Open the address the application shows and answer there.';
  }
  return undefined;
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // No scripts, no framing (so the Approve button cannot be clickjacked), forms post only here.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .header('x-frame-options', 'DENY')
    // The token is in the address: never hand it to another site.
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

export function registerApprovalPages(app: FastifyInstance, server: ServerContext): void {
  const formKey = randomBytes(32);
  const formSecret = (token: string) => createHmac('sha256', formKey).update(token).digest('base64url');

  app.register(async (pages) => {
    // Browsers post forms as urlencoded: the one field we need is the page's secret.
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    pages.get<{ Params: { token: string } }>('/authenticate/:token', async (request, reply) => {
      const { token } = request.params;
      const info = server.users.sessions.requestToken(token, server.now());
      if (!info || info.state === 'used' || info.state === 'denied') return sendHtml(reply, 404, invalidTokenPage());
      return sendHtml(
        reply,
        200,
        approvalPage({
          token,
          app: info.app,
          username: server.demoUsername,
          expiresAt: serviceTimestamp(info.expiresAt),
          alreadyApproved: info.state === 'approved',
          formSecret: formSecret(token),
        }),
      );
    });

    for (const answer of ['allow', 'deny'] as const) {
      pages.post<{ Params: { token: string } }>(`/authenticate/:token/${answer}`, async (request, reply) => {
        const { token } = request.params;
        const refusal = crossSiteRefusal(request, formSecret(token));
        if (refusal) return sendHtml(reply, 403, refusedPage(refusal));
        const now = server.now();
        const info = server.users.sessions.requestToken(token, now);
        const account = server.users.accounts.byUsername(server.demoUsername);
        const state = answer === 'allow' ? 'approved' : 'denied';
        if (info?.state === 'approved' && info.accountId !== account?.id) {
          return sendHtml(reply, 409, refusedPage('This request was already approved for another account.'));
        }
        if (!info || !account || !server.users.sessions.answer(token, state, account.id, now)) {
          return sendHtml(reply, 404, invalidTokenPage());
        }
        if (state === 'approved') {
          // As the real service does, name where the application goes next.
          const host = typeof request.headers.host === 'string' ? request.headers.host : undefined;
          reply.header('authentication-callback', `${server.origin(host)}/3/authentication/session/new?request_token=${encodeURIComponent(token)}`);
        }
        return sendHtml(reply, 200, answeredPage(state, info.app));
      });
    }
  });
}

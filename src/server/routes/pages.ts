import type { FastifyInstance, FastifyReply } from 'fastify';
import { serviceTimestamp } from '../catalog/calendar.js';
import type { ServerContext } from '../handlers/context.js';
import { answeredPage, approvalPage, invalidTokenPage } from '../pages/approval.js';

/**
 * The approval pages on loopback. They are for the user's browser, so they need no access
 * token: the request token in the address (40 random hex digits only its application knows)
 * is what names the request. Approval signs in as the server's demo account.
 */

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
  app.register(async (pages) => {
    // Browsers post forms as urlencoded; the buttons carry no fields we need.
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

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
        }),
      );
    });

    for (const answer of ['allow', 'deny'] as const) {
      pages.post<{ Params: { token: string } }>(`/authenticate/:token/${answer}`, async (request, reply) => {
        const { token } = request.params;
        const now = server.now();
        const info = server.users.sessions.requestToken(token, now);
        const account = server.users.accounts.byUsername(server.demoUsername);
        const state = answer === 'allow' ? 'approved' : 'denied';
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

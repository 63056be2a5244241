/**
 * The approval step of the session flow, as plain HTML for the user's browser: which
 * application asks, for which account, and a form whose Approve and Deny buttons post back.
 * Everything printed is escaped; the token only ever appears URL-encoded and escaped.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f4f1; color: #1d1d1b; }
  main { max-width: 34rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px #0002; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .5rem 1.4rem; border-radius: 6px; border: 1px solid #888; background: #fff; cursor: pointer; }
  button.approve { background: #1f6f43; border-color: #1f6f43; color: #fff; }
  .muted { color: #666; font-size: .9rem; }
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
${body}
</main></body>
</html>
`;
}

/** Where the approval form of a token posts. */
export function approvalPaths(token: string): { allow: string; deny: string } {
  const base = `/authenticate/${encodeURIComponent(token)}`;
  return { allow: `${base}/allow`, deny: `${base}/deny` };
}

/** The name of the form's hidden field that carries the page's secret (see routes/pages.ts). */
export const FORM_SECRET_FIELD = 'form_secret';

export function approvalPage(input: {
  token: string;
  app: string;
  username: string;
  expiresAt: string;
  alreadyApproved: boolean;
  formSecret: string;
}): string {
  const { allow, deny } = approvalPaths(input.token);
  const status = input.alreadyApproved
    ? '<p><strong>You have already approved this request.</strong> The application can now start its session.</p>'
    : '';
  return page(
    'Approve access',
    `<h1>Allow access to your account?</h1>
<p><strong>${escapeHtml(input.app)}</strong> asks to sign in as <strong>${escapeHtml(input.username)}</strong>:
to read your account, keep your lists and rate episodes.</p>
${status}
<form method="post" action="${escapeHtml(allow)}">
<input type="hidden" name="${FORM_SECRET_FIELD}" value="${escapeHtml(input.formSecret)}">
<div class="actions">
<button type="submit" class="approve">Approve</button>
<button type="submit" formaction="${escapeHtml(deny)}">Deny</button>
</div>
</form>
<p class="muted">This request expires at ${escapeHtml(input.expiresAt)}. If you did not start it, deny it.</p>`,
  );
}

export function answeredPage(answer: 'approved' | 'denied', app: string): string {
  return answer === 'approved'
    ? page('Access approved', `<h1>Access approved</h1>\n<p>${escapeHtml(app)} can now sign in. You can close this page and return to it.</p>`)
    : page('Access denied', `<h1>Access denied</h1>\n<p>${escapeHtml(app)} will not be able to sign in with this request.</p>`);
}

export function refusedPage(reason: string): string {
  return page('Request refused', `<h1>This answer was not accepted</h1>\n<p>${escapeHtml(reason)}</p>`);
}

export function invalidTokenPage(): string {
  return page(
    'Request not found',
    '<h1>This request cannot be answered</h1>\n<p>The request token is unknown, has expired, or was already used or denied. Ask the application to start again.</p>',
  );
}

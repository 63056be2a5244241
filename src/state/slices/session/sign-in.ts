import type { CatalogApi } from '../../deps.js';
import { describeFailure, isUnapprovedToken, type Failure } from '../../words/failures.js';
import type { SessionContext } from './context.js';

/**
 * Signing in (approval in the browser, a name and password, a request token approved
 * elsewhere, a guest session) and signing out: each a step with the busy flag and the form's
 * error handled, ending with the session kept on disk and in the runtime.
 */
export class SignIn {
  constructor(private readonly context: SessionContext) {}

  /** Step 1 of approving in the browser: a request token, its approval address, and the browser opened on it. */
  beginBrowserApproval(): Promise<boolean> {
    return this.step(
      (f) => `Could not start the approval: ${f.message}`,
      (client) => this.requestApproval(client),
    );
  }

  /** Step 2: exchanges the approved request token for a session (E2). */
  completeBrowserApproval(): Promise<boolean> {
    const approval = this.context.get().session.approval;
    if (!approval) {
      this.context.patch({ error: 'Start the approval first.' });
      return Promise.resolve(false);
    }
    return this.step(
      (f) =>
        isUnapprovedToken(f)
          ? 'Not approved yet: approve the request at the address above, then try again.'
          : `Could not create the session: ${f.message}`,
      (client) => this.finishUserSignIn(client, approval.requestToken),
    );
  }

  withPassword(username: string, password: string): Promise<boolean> {
    if (!username.trim() || !password) {
      this.context.patch({ error: 'Enter both a user name and a password.' });
      return Promise.resolve(false);
    }
    return this.step(
      (f) => (f.kind === 'auth' || f.statusCode === 30 ? `Sign-in refused: ${f.message}` : `Could not sign in: ${f.message}`),
      (client) => this.validateWithLogin(client, username.trim(), password),
    );
  }

  /** Exchanges a request token approved elsewhere for a session (E2). */
  withRequestToken(requestToken: string): Promise<boolean> {
    const token = requestToken.trim();
    if (!token) {
      this.context.patch({ error: 'Paste the request token first.' });
      return Promise.resolve(false);
    }
    return this.step(
      (f) =>
        isUnapprovedToken(f)
          ? 'That request token is not approved, or has expired: approve it first, or request a new one.'
          : `Could not create the session: ${f.message}`,
      (client) => this.finishUserSignIn(client, token),
    );
  }

  startGuestSession(): Promise<boolean> {
    return this.step(
      (f) => `Could not start a guest session: ${f.message}`,
      (client) => this.createGuestSession(client),
    );
  }

  async signOut(): Promise<void> {
    const { context } = this;
    const { runtime } = context;
    const was = context.get().session.current;
    const sessionId = runtime.credentials?.sessionId;
    const client = runtime.client;
    if (was.kind === 'none') return;
    context.patch({ busy: true, error: undefined });
    let warning: string | undefined;
    // Guest sessions cannot be deleted through the interface; they expire on their own.
    if (was.kind === 'user' && sessionId && client) {
      try {
        await client.call('deleteSession', { body: { session_id: sessionId } });
      } catch (error) {
        const failure = describeFailure(error);
        // A session the service no longer knows is as signed out as it gets.
        if (failure.kind !== 'auth' && failure.httpStatus !== 404) warning = failure.message;
      }
    }
    context.forgetSession();
    context.patch({ busy: false, approval: undefined });
    context.notify(warning ? `Signed out here; the service could not be told: ${warning}` : 'Signed out', warning ? 'warning' : 'info');
  }

  /** Runs one sign-in step with the busy flag and error message handled; true when it worked. */
  private async step(describe: (failure: Failure) => string, action: (client: CatalogApi) => Promise<void>): Promise<boolean> {
    const { context } = this;
    const client = context.runtime.client;
    if (!client) {
      context.patch({ error: 'Not connected to the service yet.' });
      return false;
    }
    context.patch({ busy: true, error: undefined });
    try {
      await action(client);
      context.patch({ busy: false });
      return true;
    } catch (error) {
      context.patch({ busy: false, error: describe(describeFailure(error)) });
      return false;
    }
  }

  private async requestApproval(client: CatalogApi): Promise<void> {
    const { context } = this;
    const { request_token: requestToken } = await client.call('requestToken', {});
    const base = (context.runtime.target?.approvalBase ?? '').replace(/\/+$/, '');
    const url = `${base}/authenticate/${encodeURIComponent(requestToken)}`;
    context.patch({ approval: { requestToken, url } });
    // The address is on the form too: a browser that does not open only means opening it by hand.
    void context.runtime.deps.openUrl?.(url);
  }

  private async validateWithLogin(client: CatalogApi, username: string, password: string): Promise<void> {
    const { request_token: fresh } = await client.call('requestToken', {});
    const { request_token: approved } = await client.call('validateWithLogin', {
      body: { username, password, request_token: fresh },
    });
    await this.finishUserSignIn(client, approved);
  }

  /** E2, then the account, then keep it: the end of every user sign-in. */
  private async finishUserSignIn(client: CatalogApi, requestToken: string): Promise<void> {
    const { context } = this;
    const created = await client.call('createSession', { body: { request_token: requestToken } });
    const sessionId = created.session_id;
    const account = await client.call('accountOfSession', { session: { sessionId } });
    context.runtime.credentials = { sessionId };
    context.keep({ kind: 'user', id: sessionId, accountId: account.id, username: account.username ?? undefined });
    context.patch({
      current: { kind: 'user', username: account.username ?? '', name: account.name ?? '', accountId: account.id },
      approval: undefined,
      notice: undefined,
    });
    context.notify(`Signed in as ${account.name || account.username || `account ${account.id}`}`, 'success');
  }

  private async createGuestSession(client: CatalogApi): Promise<void> {
    const { context } = this;
    const guest = await client.call('createGuestSession', {});
    context.runtime.credentials = { guestSessionId: guest.guest_session_id };
    context.keep({ kind: 'guest', id: guest.guest_session_id, expiresAt: guest.expires_at ?? undefined });
    context.patch({ current: { kind: 'guest', expiresAt: guest.expires_at ?? undefined }, approval: undefined, notice: undefined });
    context.notify('Guest session started: you can rate episodes', 'success');
  }
}

import { describeFailure, isUnapprovedToken, type Failure } from './failures.js';
import type { StoredSession } from '../storage/index.js';
import { patchSlice, type SliceContext } from './slice.js';
import type { NotificationsSlice } from './notifications.js';
import type { CatalogApi } from './deps.js';

/**
 * Who is signed in. The session id itself lives only in the runtime (never in the state), so
 * nothing that renders the state can show it.
 */
export type CurrentSession =
  | { readonly kind: 'none' }
  | { readonly kind: 'guest'; readonly expiresAt?: string }
  | {
      readonly kind: 'user';
      readonly username: string;
      readonly name: string;
      /** Learned from GET /3/account; unknown while the service could not be asked. */
      readonly accountId?: number;
    };

/** A request token waiting for the person to approve it in the browser. */
export interface PendingApproval {
  readonly requestToken: string;
  readonly url: string;
}

export interface SessionSlice {
  readonly current: CurrentSession;
  /** A session request is in flight. */
  readonly busy: boolean;
  /** Why the last sign-in step failed, in words for the form. */
  readonly error?: string;
  readonly approval?: PendingApproval;
  /** Said once when a kept session could not be used any more. */
  readonly notice?: string;
  /** The service refused the session on a write while running (it expired, or was revoked elsewhere). */
  readonly expired: boolean;
  /** A write was refused with 401: the header says so, and signing in again is offered (for the same user). */
  markExpired(): void;
  /** Step 1 of approving in the browser: a request token, its approval address, and the browser opened on it. */
  beginBrowserApproval(): Promise<boolean>;
  /** Step 2: exchanges the approved request token for a session (E2). */
  completeBrowserApproval(): Promise<boolean>;
  signInWithPassword(username: string, password: string): Promise<boolean>;
  /** Exchanges a request token approved elsewhere for a session (E2). */
  signInWithRequestToken(requestToken: string): Promise<boolean>;
  startGuestSession(): Promise<boolean>;
  signOut(): Promise<void>;
  /** Restores the session kept from an earlier run, dropping it if the service rejects it. */
  restore(): Promise<void>;
  /**
   * The id of the signed-in account, for /3/account/{account_id}/... paths: the one learned
   * from GET /3/account, asked for again when it is not known yet. Never a made-up id.
   */
  accountIdFor(client: CatalogApi): Promise<number>;
  /** Asks the service for the signed-in account's id when it is not known yet (screens need it for their paths). */
  learnAccountId(): Promise<void>;
  clearError(): void;
}

/** The real service writes "2016-08-27 16:26:40 UTC"; Date.parse wants ISO. */
export function parseServiceDate(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const iso = text.replace(' UTC', 'Z').replace(' ', 'T');
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : time;
}

export function displayName(session: CurrentSession): string {
  if (session.kind === 'user') return session.name || session.username || (session.accountId === undefined ? 'account' : `account ${session.accountId}`);
  return session.kind === 'guest' ? 'guest' : 'nobody';
}

/** The parts of the store this slice uses. */
type SessionStore = { readonly session: SessionSlice; readonly notifications: NotificationsSlice };

export function createSessionSlice({ set, get, runtime }: SliceContext<SessionStore>): SessionSlice {
  const { deps } = runtime;
  const now = deps.now ?? Date.now;
  // A new session (or none) is not expired: every change of `current` clears the mark.
  const patch = (changes: Partial<SessionSlice>) => patchSlice(set, 'session', 'current' in changes ? { expired: false, ...changes } : changes);

  /** Keeps (or forgets) the session on disk; a failure to write costs only the next start. */
  const warn = (message: string) => get().notifications.notify(message, 'warning', 8_000);
  const keep = (session: StoredSession | undefined) => {
    try {
      deps.sessions.save(session, warn);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      get().notifications.notify(`Could not ${session ? 'save' : 'remove'} the session file: ${reason}`, 'warning', 8_000);
    }
  };

  /** Runs one sign-in step with the busy flag and error message handled; true when it worked. */
  const step = async (describe: (failure: Failure) => string, action: (client: CatalogApi) => Promise<void>) => {
    const client = runtime.client;
    if (!client) {
      patch({ error: 'Not connected to the service yet.' });
      return false;
    }
    patch({ busy: true, error: undefined });
    try {
      await action(client);
      patch({ busy: false });
      return true;
    } catch (error) {
      patch({ busy: false, error: describe(describeFailure(error)) });
      return false;
    }
  };

  /** E2, then the account, then keep it: the end of every user sign-in. */
  const finishUserSignIn = async (client: CatalogApi, requestToken: string) => {
    const created = await client.call('createSession', { body: { request_token: requestToken } });
    const sessionId = created.session_id;
    const account = await client.call('accountOfSession', { session: { sessionId } });
    runtime.credentials = { sessionId };
    keep({ kind: 'user', id: sessionId, accountId: account.id, username: account.username ?? undefined });
    patch({
      current: { kind: 'user', username: account.username ?? '', name: account.name ?? '', accountId: account.id },
      approval: undefined,
      notice: undefined,
    });
    get().notifications.notify(`Signed in as ${account.name || account.username || `account ${account.id}`}`, 'success');
  };

  const forgetSession = () => {
    runtime.credentials = undefined;
    keep(undefined);
    patch({ current: { kind: 'none' } });
  };

  const dropRejected = (message: string) => {
    forgetSession();
    patch({ notice: message });
    get().notifications.notify(message, 'error', 8_000);
  };

  return {
    current: { kind: 'none' },
    busy: false,
    expired: false,

    markExpired() {
      if (get().session.current.kind !== 'none') patch({ expired: true });
    },

    beginBrowserApproval() {
      return step(
        (f) => `Could not start the approval: ${f.message}`,
        async (client) => {
          const { request_token: requestToken } = await client.call('requestToken', {});
          const base = (runtime.target?.approvalBase ?? '').replace(/\/+$/, '');
          const url = `${base}/authenticate/${encodeURIComponent(requestToken)}`;
          patch({ approval: { requestToken, url } });
          // The address is on the form too: a browser that does not open only means opening it by hand.
          void deps.openUrl?.(url);
        },
      );
    },

    completeBrowserApproval() {
      const approval = get().session.approval;
      if (!approval) {
        patch({ error: 'Start the approval first.' });
        return Promise.resolve(false);
      }
      return step(
        (f) =>
          isUnapprovedToken(f)
            ? 'Not approved yet: approve the request at the address above, then try again.'
            : `Could not create the session: ${f.message}`,
        (client) => finishUserSignIn(client, approval.requestToken),
      );
    },

    signInWithPassword(username, password) {
      if (!username.trim() || !password) {
        patch({ error: 'Enter both a user name and a password.' });
        return Promise.resolve(false);
      }
      return step(
        (f) => (f.kind === 'auth' || f.statusCode === 30 ? `Sign-in refused: ${f.message}` : `Could not sign in: ${f.message}`),
        async (client) => {
          const { request_token: fresh } = await client.call('requestToken', {});
          const { request_token: approved } = await client.call('validateWithLogin', {
            body: { username: username.trim(), password, request_token: fresh },
          });
          await finishUserSignIn(client, approved);
        },
      );
    },

    signInWithRequestToken(requestToken) {
      const token = requestToken.trim();
      if (!token) {
        patch({ error: 'Paste the request token first.' });
        return Promise.resolve(false);
      }
      return step(
        (f) =>
          isUnapprovedToken(f)
            ? 'That request token is not approved, or has expired: approve it first, or request a new one.'
            : `Could not create the session: ${f.message}`,
        (client) => finishUserSignIn(client, token),
      );
    },

    startGuestSession() {
      return step(
        (f) => `Could not start a guest session: ${f.message}`,
        async (client) => {
          const guest = await client.call('createGuestSession', {});
          runtime.credentials = { guestSessionId: guest.guest_session_id };
          keep({ kind: 'guest', id: guest.guest_session_id, expiresAt: guest.expires_at ?? undefined });
          patch({ current: { kind: 'guest', expiresAt: guest.expires_at ?? undefined }, approval: undefined, notice: undefined });
          get().notifications.notify('Guest session started: you can rate episodes', 'success');
        },
      );
    },

    async signOut() {
      const was = get().session.current;
      const sessionId = runtime.credentials?.sessionId;
      const client = runtime.client;
      if (was.kind === 'none') return;
      patch({ busy: true, error: undefined });
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
      forgetSession();
      patch({ busy: false, approval: undefined });
      get().notifications.notify(
        warning ? `Signed out here; the service could not be told: ${warning}` : 'Signed out',
        warning ? 'warning' : 'info',
      );
    },

    async restore() {
      let stored: StoredSession | undefined;
      try {
        stored = deps.sessions.load(warn);
      } catch (error) {
        // An unusable sessions file is as good as none: say why, then sign in again.
        warn(error instanceof Error ? error.message : String(error));
        stored = undefined;
      }
      if (!stored) return;
      if (stored.kind === 'guest') {
        const expires = parseServiceDate(stored.expiresAt);
        if (expires !== undefined && expires <= now()) {
          dropRejected('The guest session from last time has expired: start a new one below.');
          return;
        }
        runtime.credentials = { guestSessionId: stored.id };
        patch({ current: { kind: 'guest', expiresAt: stored.expiresAt } });
        return;
      }
      const client = runtime.client;
      if (!client) return;
      try {
        const account = await client.call('accountOfSession', { session: { sessionId: stored.id } });
        if (stored.accountId !== account.id) keep({ ...stored, accountId: account.id, username: account.username ?? stored.username });
        runtime.credentials = { sessionId: stored.id };
        patch({ current: { kind: 'user', username: account.username ?? '', name: account.name ?? '', accountId: account.id } });
      } catch (error) {
        const failure = describeFailure(error);
        if (failure.kind === 'auth') {
          dropRejected('The service no longer accepts the saved session, so it was removed: sign in again below.');
          return;
        }
        // Offline or a hiccup: keep the session, it may well work on the next request.
        runtime.credentials = { sessionId: stored.id };
        patch({
          current: {
            kind: 'user',
            username: stored.username ?? 'account',
            name: stored.username ?? 'account',
            accountId: stored.accountId,
          },
        });
        get().notifications.notify(`Could not check the saved session: ${failure.message}`, 'warning');
      }
    },

    async accountIdFor(client) {
      const current = get().session.current;
      if (current.kind === 'user' && current.accountId !== undefined) return current.accountId;
      const account = await client.call('accountOfSession', {});
      const now = get().session.current;
      if (now.kind === 'user') {
        patch({ current: { ...now, accountId: account.id } });
        try {
          const stored = deps.sessions.load();
          if (stored?.kind === 'user') keep({ ...stored, accountId: account.id });
        } catch {
          // The id is learned again next time.
        }
      }
      return account.id;
    },

    async learnAccountId() {
      const current = get().session.current;
      const client = runtime.client;
      if (current.kind !== 'user' || current.accountId !== undefined || !client) return;
      try {
        await get().session.accountIdFor(client);
      } catch (error) {
        get().notifications.notify(`Could not learn the account: ${describeFailure(error).message}`, 'warning');
      }
    },

    clearError() {
      if (get().session.error !== undefined) patch({ error: undefined });
    },
  };
}

import type { CatalogApi } from '../../deps.js';

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

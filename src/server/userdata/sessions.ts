import type { Database } from '../sqlite.js';
import type { Account, Accounts } from './accounts.js';
import { lookupHash, newSecretId } from './secrets.js';

/**
 * The real service's session flow: a request token (valid 60 minutes) is approved by its user,
 * then exchanged, once, for a session id. Guest sessions need no approval and may only rate.
 */

export const REQUEST_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
export const GUEST_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type RequestTokenState = 'new' | 'approved' | 'denied' | 'used';

export interface RequestTokenInfo {
  state: RequestTokenState;
  /** Who asked for it (the client's User-Agent), shown on the approval page. */
  app: string;
  expiresAt: Date;
  accountId: number | null;
}

/** Why session/new refused a token: 17 "Session denied." or 33 "Invalid request token". */
export type SessionRefusal = 17 | 33;

export interface GuestSession {
  /** Ratings of a guest are filed under the hash of its id. */
  idHash: string;
  expiresAt: Date;
}

interface TokenRow {
  state: RequestTokenState;
  app: string;
  expires_at: number;
  account_id: number | null;
}

export class Sessions {
  private readonly statements;

  constructor(
    private readonly db: Database,
    private readonly accounts: Accounts,
  ) {
    this.statements = {
      purgeTokens: db.prepare('DELETE FROM request_tokens WHERE expires_at < ?'),
      purgeGuests: db.prepare('DELETE FROM guest_sessions WHERE expires_at < ?'),
      insertToken: db.prepare(
        "INSERT INTO request_tokens (token_hash, app, state, created_at, expires_at) VALUES (?, ?, 'new', ?, ?)",
      ),
      token: db.prepare('SELECT state, app, expires_at, account_id FROM request_tokens WHERE token_hash = ?'),
      setTokenState: db.prepare('UPDATE request_tokens SET state = ?, account_id = ? WHERE token_hash = ?'),
      insertSession: db.prepare('INSERT INTO sessions (id_hash, account_id, created_at) VALUES (?, ?, ?)'),
      sessionAccount: db.prepare('SELECT account_id FROM sessions WHERE id_hash = ?').pluck(),
      deleteSession: db.prepare('DELETE FROM sessions WHERE id_hash = ?'),
      insertGuest: db.prepare('INSERT INTO guest_sessions (id_hash, created_at, expires_at) VALUES (?, ?, ?)'),
      guest: db.prepare('SELECT expires_at FROM guest_sessions WHERE id_hash = ?').pluck(),
    };
  }

  newRequestToken(app: string, now: Date): { token: string; expiresAt: Date } {
    const token = newSecretId();
    const expiresAt = new Date(now.getTime() + REQUEST_TOKEN_LIFETIME_MS);
    // Tokens a day past their expiry are of no use to anyone.
    this.statements.purgeTokens.run(now.getTime() - 24 * 60 * 60 * 1000);
    this.statements.insertToken.run(lookupHash(token), app.slice(0, 200), now.getTime(), expiresAt.getTime());
    return { token, expiresAt };
  }

  /** The token's state, or undefined when it is unknown or has expired. */
  requestToken(token: string, now: Date): RequestTokenInfo | undefined {
    const row = this.statements.token.get(lookupHash(token)) as TokenRow | undefined;
    if (!row || row.expires_at <= now.getTime()) return undefined;
    return { state: row.state, app: row.app, expiresAt: new Date(row.expires_at), accountId: row.account_id };
  }

  /**
   * The user's answer on the approval page, or a validated login. A token can be approved or
   * denied while it is new; approving an approved token again (e.g. a second login) is allowed.
   * Returns false when the token is unknown, expired, denied or already used.
   */
  answer(token: string, answer: 'approved' | 'denied', accountId: number | null, now: Date): boolean {
    return this.db.transaction(() => {
      const info = this.requestToken(token, now);
      if (!info || info.state === 'used' || info.state === 'denied') return false;
      if (answer === 'denied' && info.state !== 'new') return false;
      // Approved (or logged in) for one account: never handed to another.
      if (info.state === 'approved' && info.accountId !== accountId) return false;
      this.statements.setTokenState.run(answer, answer === 'approved' ? accountId : null, lookupHash(token));
      return true;
    }).immediate();
  }

  /** E2: exchanges an approved token (once) for a session id. */
  createSession(token: string, now: Date): { sessionId: string } | { refused: SessionRefusal } {
    return this.db.transaction((): { sessionId: string } | { refused: SessionRefusal } => {
      const info = this.requestToken(token, now);
      if (!info || info.state === 'used') return { refused: 33 };
      if (info.state !== 'approved' || info.accountId === null) return { refused: 17 };
      const sessionId = newSecretId();
      this.statements.setTokenState.run('used', info.accountId, lookupHash(token));
      this.statements.insertSession.run(lookupHash(sessionId), info.accountId, now.getTime());
      return { sessionId };
    }).immediate();
  }

  /** The account a session id belongs to. */
  account(sessionId: string): Account | undefined {
    const accountId = this.statements.sessionAccount.get(lookupHash(sessionId)) as number | undefined;
    return accountId === undefined ? undefined : this.accounts.byId(accountId);
  }

  /** Deletes a user session; false when there was none. */
  deleteSession(sessionId: string): boolean {
    return this.statements.deleteSession.run(lookupHash(sessionId)).changes > 0;
  }

  newGuestSession(now: Date): { guestSessionId: string; expiresAt: Date } {
    const guestSessionId = newSecretId();
    const expiresAt = new Date(now.getTime() + GUEST_SESSION_LIFETIME_MS);
    this.statements.purgeGuests.run(now.getTime());
    this.statements.insertGuest.run(lookupHash(guestSessionId), now.getTime(), expiresAt.getTime());
    return { guestSessionId, expiresAt };
  }

  guestSession(guestSessionId: string, now: Date): GuestSession | undefined {
    const idHash = lookupHash(guestSessionId);
    const expiresAt = this.statements.guest.get(idHash) as number | undefined;
    if (expiresAt === undefined || expiresAt <= now.getTime()) return undefined;
    return { idHash, expiresAt: new Date(expiresAt) };
  }
}

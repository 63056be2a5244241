import type { StoredSession } from '../../../storage/index.js';
import type { CatalogApi } from '../../deps.js';
import { describeFailure } from '../../words/failures.js';
import type { SessionContext } from './context.js';
import { parseServiceDate } from './model.js';

/**
 * The session kept from an earlier run: restored at start (dropped if the service rejects it),
 * and the signed-in account's id, learned from GET /3/account and kept with it.
 */
export class KeptSession {
  constructor(private readonly context: SessionContext) {}

  /** Restores the session kept from an earlier run, dropping it if the service rejects it. */
  async restore(): Promise<void> {
    const { context } = this;
    let stored: StoredSession | undefined;
    try {
      stored = context.runtime.deps.sessions.load(context.warn);
    } catch (error) {
      // An unusable sessions file is as good as none: say why, then sign in again.
      context.warn(error instanceof Error ? error.message : String(error));
      stored = undefined;
    }
    if (!stored) return;
    if (stored.kind === 'guest') this.restoreGuest(stored);
    else await this.restoreUser(stored);
  }

  /** The id of the signed-in account: the one learned, else asked for now (and kept). Never a made-up id. */
  async accountIdFor(client: CatalogApi): Promise<number> {
    const { context } = this;
    const current = context.get().session.current;
    if (current.kind === 'user' && current.accountId !== undefined) return current.accountId;
    const account = await client.call('accountOfSession', {});
    const now = context.get().session.current;
    if (now.kind === 'user') {
      context.patch({ current: { ...now, accountId: account.id } });
      try {
        const stored = context.runtime.deps.sessions.load();
        if (stored?.kind === 'user') context.keep({ ...stored, accountId: account.id });
      } catch {
        // The id is learned again next time.
      }
    }
    return account.id;
  }

  /** Asks the service for the signed-in account's id when it is not known yet (screens need it for their paths). */
  async learnAccountId(): Promise<void> {
    const { context } = this;
    const current = context.get().session.current;
    const client = context.runtime.client;
    if (current.kind !== 'user' || current.accountId !== undefined || !client) return;
    try {
      await context.get().session.accountIdFor(client);
    } catch (error) {
      context.notify(`Could not learn the account: ${describeFailure(error).message}`, 'warning');
    }
  }

  /** A guest session is taken as kept until it expires (the service cannot be asked about one). */
  private restoreGuest(stored: StoredSession): void {
    const { context } = this;
    const expires = parseServiceDate(stored.expiresAt);
    if (expires !== undefined && expires <= context.now()) {
      context.dropRejected('The guest session from last time has expired: start a new one below.');
      return;
    }
    context.runtime.credentials = { guestSessionId: stored.id };
    context.patch({ current: { kind: 'guest', expiresAt: stored.expiresAt } });
  }

  /** A user's session is checked with the service; kept when the service cannot be asked now. */
  private async restoreUser(stored: StoredSession): Promise<void> {
    const { context } = this;
    const client = context.runtime.client;
    if (!client) return;
    try {
      const account = await client.call('accountOfSession', { session: { sessionId: stored.id } });
      if (stored.accountId !== account.id) context.keep({ ...stored, accountId: account.id, username: account.username ?? stored.username });
      context.runtime.credentials = { sessionId: stored.id };
      context.patch({ current: { kind: 'user', username: account.username ?? '', name: account.name ?? '', accountId: account.id } });
    } catch (error) {
      const failure = describeFailure(error);
      if (failure.kind === 'auth') {
        context.dropRejected('The service no longer accepts the saved session, so it was removed: sign in again below.');
        return;
      }
      // Offline or a hiccup: keep the session, it may well work on the next request.
      context.runtime.credentials = { sessionId: stored.id };
      context.patch({
        current: {
          kind: 'user',
          username: stored.username ?? 'account',
          name: stored.username ?? 'account',
          accountId: stored.accountId,
        },
      });
      context.notify(`Could not check the saved session: ${failure.message}`, 'warning');
    }
  }
}

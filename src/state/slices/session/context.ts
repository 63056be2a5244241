import type { StoredSession } from '../../../storage/index.js';
import type { Runtime } from '../../deps.js';
import type { NotificationsSlice } from '../notifications.js';
import { patchSlice, type SliceContext } from '../../slice.js';
import type { SessionSlice } from './model.js';

/** The parts of the store this slice uses. */
export type SessionStore = { readonly session: SessionSlice; readonly notifications: NotificationsSlice };

/**
 * What the parts of the session slice share: the store (read, and the slice patched), the
 * runtime (client and credentials), the sessions file, and the toasts.
 */
export class SessionContext {
  readonly get: () => SessionStore;
  readonly runtime: Runtime;
  readonly now: () => number;
  readonly #set: SliceContext<SessionStore>['set'];

  constructor({ set, get, runtime }: SliceContext<SessionStore>) {
    this.#set = set;
    this.get = get;
    this.runtime = runtime;
    this.now = runtime.deps.now ?? Date.now;
  }

  /** A new session (or none) is not expired: every change of `current` clears the mark. */
  patch(changes: Partial<SessionSlice>): void {
    patchSlice(this.#set, 'session', 'current' in changes ? { expired: false, ...changes } : changes);
  }

  notify(...toast: Parameters<NotificationsSlice['notify']>): void {
    this.get().notifications.notify(...toast);
  }

  /** A warning of the sessions file's, as a toast. */
  readonly warn = (message: string): void => {
    this.notify(message, 'warning', 8_000);
  };

  /** Keeps (or forgets) the session on disk; a failure to write costs only the next start. */
  keep(session: StoredSession | undefined): void {
    try {
      this.runtime.deps.sessions.save(session, this.warn);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.notify(`Could not ${session ? 'save' : 'remove'} the session file: ${reason}`, 'warning', 8_000);
    }
  }

  /** No one is signed in any more, here or on disk. */
  forgetSession(): void {
    this.runtime.credentials = undefined;
    this.keep(undefined);
    this.patch({ current: { kind: 'none' } });
  }

  /** The service refused the kept session: forgotten, and the form says why. */
  dropRejected(message: string): void {
    this.forgetSession();
    this.patch({ notice: message });
    this.notify(message, 'error', 8_000);
  }
}

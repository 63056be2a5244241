import type { SliceContext } from '../../slice.js';
import { SessionContext, type SessionStore } from './context.js';
import { KeptSession } from './kept-session.js';
import type { SessionSlice } from './model.js';
import { SignIn } from './sign-in.js';

/**
 * Who is signed in. The slice builds its parts and hands each action to the one that does it:
 * signing in and out (sign-in.ts), and the session kept from an earlier run with the account's
 * id (kept-session.ts).
 */
export function createSessionSlice(store: SliceContext<SessionStore>): SessionSlice {
  const context = new SessionContext(store);
  const signIn = new SignIn(context);
  const kept = new KeptSession(context);

  return {
    current: { kind: 'none' },
    busy: false,
    expired: false,
    markExpired() {
      if (context.get().session.current.kind !== 'none') context.patch({ expired: true });
    },
    beginBrowserApproval: () => signIn.beginBrowserApproval(),
    completeBrowserApproval: () => signIn.completeBrowserApproval(),
    signInWithPassword: (username, password) => signIn.withPassword(username, password),
    signInWithRequestToken: (requestToken) => signIn.withRequestToken(requestToken),
    startGuestSession: () => signIn.startGuestSession(),
    signOut: () => signIn.signOut(),
    restore: () => kept.restore(),
    accountIdFor: (client) => kept.accountIdFor(client),
    learnAccountId: () => kept.learnAccountId(),
    clearError() {
      if (context.get().session.error !== undefined) context.patch({ error: undefined });
    },
  };
}

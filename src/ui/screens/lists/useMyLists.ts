import { useEffect } from 'react';
import { usePagedOperation } from '../../queries.js';
import { useAppState, useAppStore } from '../../store-context.js';

/**
 * The signed-in account's lists (paged); nothing is loaded without a user session. A session
 * kept from an earlier run whose account could not be checked learns its id first: an account
 * path never carries a made-up id.
 */
export function useMyLists() {
  const store = useAppStore();
  const signedIn = useAppState((s) => s.session.current.kind === 'user');
  const accountId = useAppState((s) => (s.session.current.kind === 'user' ? s.session.current.accountId : undefined));
  useEffect(() => {
    if (signedIn && accountId === undefined) void store.getState().session.learnAccountId();
  }, [store, signedIn, accountId]);
  return usePagedOperation('accountLists', { path: { account_id: accountId ?? 0 } }, { enabled: accountId !== undefined });
}

import { usePagedOperation } from '../../queries.js';
import { useAppState } from '../../store-context.js';

/** The signed-in account's lists (paged); nothing is loaded without a user session. */
export function useMyLists() {
  const accountId = useAppState((s) => (s.session.current.kind === 'user' ? s.session.current.accountId : undefined));
  return usePagedOperation('accountLists', { path: { account_id: accountId ?? 0 } }, { enabled: accountId !== undefined });
}

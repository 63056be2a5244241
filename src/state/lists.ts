import type { ListDetails, ListSummary } from '../contract/index.js';
import type { SliceContext } from './types.js';

/** Under "account:", so signing in or out forgets them. */
export const MY_LISTS = 'account:lists';
export const listKey = (id: number | string) => `account:list:${id}`;

export type { ListDetails, ListSummary };

export interface ListsSlice {
  /** The signed-in account's lists; nothing to do without a user session. */
  loadMine(force?: boolean): Promise<void>;
  loadList(id: number | string, force?: boolean): Promise<void>;
}

export function createListsSlice({ get }: SliceContext): ListsSlice {
  return {
    async loadMine(force = false) {
      const session = get().session.current;
      if (session.kind !== 'user') return;
      await get().data.fetchPaged(
        MY_LISTS,
        (client, page) => client.call('accountLists', { path: { account_id: session.accountId }, query: { page } }),
        { force },
      );
    },
    loadList(id, force = false) {
      return get().data.fetchResource(
        listKey(id),
        (client) => client.call('listDetails', { path: { list_id: id } }),
        { force },
      );
    },
  };
}

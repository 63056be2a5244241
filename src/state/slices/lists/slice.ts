import type { ListId } from '../../../contract/index.js';
import { describeFailure } from '../../words/failures.js';
import type { SliceContext } from '../../slice.js';
import { checkListDraft, listMovieKey, type ListsSlice, type ListsStore, type WriteOutcome } from './model.js';
import { ListWrites } from './writes.js';

/** The service's status_code for an item that is already there. */
const DUPLICATE_ENTRY = 8;

const named = (title: string | undefined, movieId: number) => (title ? `"${title}"` : `movie ${movieId}`);

/**
 * My lists (E4-E7): each action is one write, sent in turn by ListWrites (writes.ts), which
 * also keeps where each movie being added or removed will be.
 */
export function createListsSlice(store: SliceContext<ListsStore>): ListsSlice {
  const { get } = store;
  const writes = new ListWrites(store);

  const addOne = (listId: ListId, movieId: number, title?: string): Promise<WriteOutcome> => {
    const already: WriteOutcome = { ok: false, message: `${named(title, movieId)} is already on the list: not added again` };
    return writes.write(`add ${named(title, movieId)}`, async (client) => {
      // Asked first, so a movie already there is said so instead of drawing the service's
      // duplicate refusal (E7 answers 403, status_code 8).
      const status = await client.call('listItemStatus', { path: { list_id: listId }, query: { movie_id: movieId } });
      if (status.item_present) return already;
      try {
        await client.call('addListItem', { path: { list_id: listId }, body: { media_id: movieId } });
      } catch (error) {
        // Added from elsewhere between the two requests: the same fact, the same words.
        if (describeFailure(error).statusCode === DUPLICATE_ENTRY) return already;
        throw error;
      }
      return { ok: true, message: `Added ${named(title, movieId)} to the list` };
    });
  };

  const removeOne = (listId: ListId, movieId: number, title?: string): Promise<WriteOutcome> =>
    writes.write(`remove ${named(title, movieId)}`, async (client) => {
      await client.call('removeListItem', { path: { list_id: listId }, body: { media_id: movieId } });
      return { ok: true, message: `Removed ${named(title, movieId)} from the list` };
    });

  return {
    busy: false,
    membershipAfterWrites: {},

    async createList(draft) {
      const checked = checkListDraft(draft);
      if (!checked.ok) return { ok: false, message: 'Some fields need fixing.', fields: checked.fields };
      return writes.write('create the list', async (client) => {
        const created = await client.call('createList', { body: checked.body });
        return { ok: true, message: `Created the list "${checked.body.name}"`, listId: created.list_id };
      });
    },

    addMovie(listId, movieId, title) {
      return writes.changeMembership(listId, movieId, true, () => addOne(listId, movieId, title));
    },

    removeMovie(listId, movieId, title) {
      return writes.changeMembership(listId, movieId, false, () => removeOne(listId, movieId, title));
    },

    toggleMovie(listId, movieId, title, shown) {
      const on = !(get().lists.membershipAfterWrites[listMovieKey(listId, movieId)] ?? shown);
      return on ? get().lists.addMovie(listId, movieId, title) : get().lists.removeMovie(listId, movieId, title);
    },

    clearList(listId) {
      return writes.write('clear the list', async (client) => {
        await client.call('clearList', { path: { list_id: listId }, query: { confirm: true } });
        return { ok: true, message: 'Cleared the list' };
      });
    },

    deleteList(listId) {
      return writes.write('delete the list', async (client) => {
        await client.call('deleteList', { path: { list_id: listId } });
        return { ok: true, message: 'Deleted the list' };
      });
    },
  };
}

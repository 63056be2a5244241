import type { ListCreateBody, ListDetails, ListId, ListSummary } from '../contract/index.js';
import { listBodyProblems } from '../contract/rules.js';
import { describeFailure, type Failure } from './failures.js';
import { isLanguageCode, MOVIE_LISTS_PATTERN, movieListsKey } from './movies.js';
import { patchSlice, type CatalogApi, type SliceContext } from './types.js';

/** Under "account:", so signing in or out forgets them. */
export const MY_LISTS = 'account:lists';
export const listKey = (id: ListId) => `account:list:${id}`;
/** The movies of a list, paged (the list details answer 20 at a time). */
export const listItemsKey = (id: ListId) => `account:list:${id}:items`;
/** Whether a movie is on a list (list item status). */
export const listStatusKey = (listId: ListId, movieId: number) => `account:list:${listId}:has:${movieId}`;

export type { ListDetails, ListId, ListSummary };

/** What the create-list form holds; every field as typed. */
export interface ListDraft {
  readonly name: string;
  readonly description: string;
  readonly language: string;
}

export type ListField = keyof ListDraft;
export type FieldErrors = Partial<Record<ListField, string>>;

/** How a write went: what to say, and on failure why (the service's words, or the fields at fault). */
export type WriteOutcome =
  | { readonly ok: true; readonly message: string; readonly listId?: ListId }
  | { readonly ok: false; readonly message: string; readonly failure?: Failure; readonly fields?: FieldErrors };

export interface ListsSlice {
  /** A write is on its way; forms wait for it rather than send a second one. */
  readonly busy: boolean;
  /** The signed-in account's lists; nothing to do without a user session. */
  loadMine(force?: boolean): Promise<void>;
  /** The list's name, description and counts (its first page). */
  loadList(id: ListId, force?: boolean): Promise<void>;
  /** The list's movies, paged. */
  loadItems(id: ListId, force?: boolean): Promise<void>;
  loadStatus(listId: ListId, movieId: number, force?: boolean): Promise<void>;
  /** E4, after checking the draft; the draft's problems come back by field. */
  createList(draft: ListDraft): Promise<WriteOutcome>;
  /** E7 */
  addMovie(listId: ListId, movieId: number, title?: string): Promise<WriteOutcome>;
  /** E6 */
  removeMovie(listId: ListId, movieId: number, title?: string): Promise<WriteOutcome>;
  /** Removes every movie (confirm=true). */
  clearList(listId: ListId): Promise<WriteOutcome>;
  deleteList(listId: ListId): Promise<WriteOutcome>;
}

/**
 * The draft as E4's body, or what is wrong with each field. The contract's schema checks the
 * shape; the language must also be one of the ISO 639-1 codes, not just two letters.
 */
export function checkListDraft(draft: ListDraft): { ok: true; body: ListCreateBody } | { ok: false; fields: FieldErrors } {
  // A paste can bring tabs and line breaks along: they become spaces.
  const clean = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();
  const body = { name: clean(draft.name), description: clean(draft.description), language: clean(draft.language).toLowerCase() || 'en' };
  const fields: FieldErrors = { ...listBodyProblems(body) };
  if (!body.name) fields.name = 'Give the list a name.';
  if (!fields.language && !isLanguageCode(body.language)) {
    fields.language = `"${body.language}" is not an ISO 639-1 language code (such as en, de or ja).`;
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, body };
}

/** A list's movies as pages, from the list details answer (which is paged like any list). */
function listPages(id: ListId) {
  return async (client: CatalogApi, page: number) => {
    const list = await client.call('listDetails', { path: { list_id: id }, query: { page } });
    return {
      page: list.page ?? page,
      results: list.items,
      total_pages: list.total_pages ?? page,
      total_results: list.total_results ?? list.item_count,
    };
  };
}

export function createListsSlice({ set, get, runtime }: SliceContext): ListsSlice {
  const setBusy = (busy: boolean) => patchSlice(set, 'lists', (lists) => (lists.busy === busy ? {} : { busy }));

  /**
   * Runs one write with the busy flag; a failure comes back in the service's words and as a
   * toast, so it is seen even when the form that asked is gone.
   */
  const write = async (what: string, action: (client: CatalogApi) => Promise<WriteOutcome>): Promise<WriteOutcome> => {
    const client = runtime.client;
    if (!client) return { ok: false, message: 'Not connected to the service yet.' };
    if (get().session.current.kind !== 'user') {
      return { ok: false, message: 'Lists belong to an account: press s to sign in first.' };
    }
    setBusy(true);
    try {
      const outcome = await action(client);
      get().notifications.notify(outcome.message, outcome.ok ? 'success' : 'error');
      return outcome;
    } catch (error) {
      const failure = describeFailure(error);
      const message = `Could not ${what}: ${failure.message}`;
      get().notifications.notify(message, 'error', 8_000);
      return { ok: false, message, failure };
    } finally {
      setBusy(false);
    }
  };

  /** The client has dropped what the write changed from its cache; the store loads it again. */
  const refreshAfterWrite = async (listId: ListId, change: { movieId: number } | 'cleared' | 'deleted') => {
    const { data, lists } = get();
    const loaded = (key: string) => key in data.resources || key in data.pages;
    const reloads: Promise<void>[] = [lists.loadMine(true)];
    const statuses = `${listKey(listId)}:has:`;
    if (change === 'deleted') {
      // The list is gone: what was loaded of it goes too, and its screen closes itself.
      data.forget(`${listKey(listId)}:`);
    } else {
      if (loaded(listKey(listId))) reloads.push(lists.loadList(listId, true));
      if (loaded(listItemsKey(listId))) reloads.push(lists.loadItems(listId, true));
    }
    if (typeof change === 'object') {
      if (loaded(listStatusKey(listId, change.movieId))) reloads.push(lists.loadStatus(listId, change.movieId, true));
      if (loaded(movieListsKey(change.movieId))) reloads.push(data.reload(movieListsKey(change.movieId)));
    } else {
      // Clearing or deleting touches every movie that was on the list.
      for (const key of Object.keys(get().data.resources)) if (key.startsWith(statuses)) reloads.push(data.reload(key));
      for (const key of Object.keys(data.pages)) if (MOVIE_LISTS_PATTERN.test(key)) reloads.push(data.reload(key));
    }
    await Promise.all(reloads);
  };

  const named = (title: string | undefined, movieId: number) => (title ? `"${title}"` : `movie ${movieId}`);

  return {
    busy: false,

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
    loadItems(id, force = false) {
      return get().data.fetchPaged(listItemsKey(id), listPages(id), { force });
    },
    loadStatus(listId, movieId, force = false) {
      return get().data.fetchResource(
        listStatusKey(listId, movieId),
        (client) => client.call('listItemStatus', { path: { list_id: listId }, query: { movie_id: movieId } }),
        { force },
      );
    },

    async createList(draft) {
      const checked = checkListDraft(draft);
      if (!checked.ok) return { ok: false, message: 'Some fields need fixing.', fields: checked.fields };
      return write('create the list', async (client) => {
        const created = await client.call('createList', { body: checked.body });
        await get().lists.loadMine(true);
        return { ok: true, message: `Created the list "${checked.body.name}"`, listId: created.list_id };
      });
    },

    addMovie(listId, movieId, title) {
      return write(`add ${named(title, movieId)}`, async (client) => {
        await client.call('addListItem', { path: { list_id: listId }, body: { media_id: movieId } });
        await refreshAfterWrite(listId, { movieId });
        return { ok: true, message: `Added ${named(title, movieId)} to the list` };
      });
    },

    removeMovie(listId, movieId, title) {
      return write(`remove ${named(title, movieId)}`, async (client) => {
        await client.call('removeListItem', { path: { list_id: listId }, body: { media_id: movieId } });
        await refreshAfterWrite(listId, { movieId });
        return { ok: true, message: `Removed ${named(title, movieId)} from the list` };
      });
    },

    clearList(listId) {
      return write('clear the list', async (client) => {
        await client.call('clearList', { path: { list_id: listId }, query: { confirm: true } });
        await refreshAfterWrite(listId, 'cleared');
        return { ok: true, message: 'Cleared the list' };
      });
    },

    deleteList(listId) {
      return write('delete the list', async (client) => {
        await client.call('deleteList', { path: { list_id: listId } });
        await refreshAfterWrite(listId, 'deleted');
        return { ok: true, message: 'Deleted the list' };
      });
    },
  };
}

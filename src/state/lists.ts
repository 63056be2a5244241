import type { ListCreateBody, ListId } from '../contract/index.js';
import { listBodyProblems } from '../contract/rules.js';
import { cleanName } from '../contract/text.js';
import { describeFailure, type Failure, type Reason } from './failures.js';
import { isLanguageCode } from './codes.js';
import { inTurn } from './in-turn.js';
import { patchSlice, type SliceContext } from './slice.js';
import type { SessionSlice } from './session.js';
import type { NotificationsSlice } from './notifications.js';
import type { CatalogApi } from './deps.js';

export type { ListId };

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
  | {
      readonly ok: false;
      readonly message: string;
      readonly failure?: Failure;
      readonly fields?: FieldErrors;
      /** What would make it possible: the UI says which key does that. */
      readonly reason?: Reason;
    };

/** The service's status_code for an item that is already there. */
const DUPLICATE_ENTRY = 8;

export interface ListsSlice {
  /** Writes are on their way or waiting their turn; a form waits for them rather than send a second one. */
  readonly busy: boolean;
  /**
   * Whether a movie is on a list once the adds and removes out are done, by listMovieKey; none
   * once all are done and the reads loaded again after them say it. A list's screen leaves a
   * movie being removed out of its rows at once.
   */
  readonly membershipAfterWrites: Readonly<Record<string, boolean>>;
  /** E4, after checking the draft; the draft's problems come back by field. */
  createList(draft: ListDraft): Promise<WriteOutcome>;
  /** E7 */
  addMovie(listId: ListId, movieId: number, title?: string): Promise<WriteOutcome>;
  /** E6 */
  removeMovie(listId: ListId, movieId: number, title?: string): Promise<WriteOutcome>;
  /**
   * Puts the movie on the list or takes it off, from where the writes already asked for leave
   * it, or from `shown` (its list item status) when none is out: Enter pressed twice takes it off
   * and puts it back, whether the two come one at a time or in one read.
   */
  toggleMovie(listId: ListId, movieId: number, title: string | undefined, shown: boolean): Promise<WriteOutcome>;
  /** Removes every movie (confirm=true). */
  clearList(listId: ListId): Promise<WriteOutcome>;
  deleteList(listId: ListId): Promise<WriteOutcome>;
}

/**
 * The draft as E4's body, or what is wrong with each field. The contract's schema checks the
 * shape; the language must also be one of the ISO 639-1 codes, not just two letters.
 */
export function checkListDraft(draft: ListDraft): { ok: true; body: ListCreateBody } | { ok: false; fields: FieldErrors } {
  // A paste can bring tabs and line breaks along: they become spaces. An import cleans a list's
  // name the same way.
  const body = { name: cleanName(draft.name), description: cleanName(draft.description), language: cleanName(draft.language).toLowerCase() || 'en' };
  const fields: FieldErrors = { ...listBodyProblems(body) };
  if (!body.name) fields.name = 'Give the list a name.';
  if (!fields.language && !isLanguageCode(body.language)) {
    fields.language = `"${body.language}" is not an ISO 639-1 language code (such as en, de or ja).`;
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, body };
}

/** A movie on a list, as membershipAfterWrites keys it. */
export const listMovieKey = (listId: ListId, movieId: number) => `${listId}:${movieId}`;

/** The parts of the store this slice uses. */
type ListsStore = { readonly lists: ListsSlice; readonly session: SessionSlice; readonly notifications: NotificationsSlice };

export function createListsSlice({ set, get, runtime }: SliceContext<ListsStore>): ListsSlice {
  const setBusy = (busy: boolean) => patchSlice(set, 'lists', (lists) => (lists.busy === busy ? {} : { busy }));

  const setMembership = (update: (membership: Readonly<Record<string, boolean>>) => Readonly<Record<string, boolean>>) =>
    patchSlice(set, 'lists', (lists) => ({ membershipAfterWrites: update(lists.membershipAfterWrites) }));
  // The writes go out in turn (in-turn.ts); `busy` holds while any is out or waiting.
  const inListTurn = inTurn((underWay) => {
    setBusy(underWay);
    // All done: the reads loaded again after the writes say where each movie is.
    if (!underWay) setMembership(() => ({}));
  });

  /**
   * Runs one write once those asked for before it are done; a failure comes back in the
   * service's words and as a toast, so it is seen even when the form that asked is gone.
   */
  const write = (what: string, action: (client: CatalogApi) => Promise<WriteOutcome>): Promise<WriteOutcome> => {
    const client = runtime.client;
    if (!client) return Promise.resolve({ ok: false, message: 'Not connected to the service yet.' });
    if (get().session.current.kind !== 'user') {
      return Promise.resolve({ ok: false, message: 'Lists belong to an account: sign in first.', reason: 'needsSession' });
    }
    return inListTurn(async () => {
      try {
        const outcome = await action(client);
        // A refusal the action itself found (nothing was sent that failed) is a warning, not an error.
        get().notifications.notify(outcome.message, outcome.ok ? 'success' : 'warning');
        return outcome;
      } catch (error) {
        const failure = describeFailure(error);
        const message = `Could not ${what}: ${failure.message}`;
        get().notifications.notify(message, 'error', 8_000);
        return { ok: false, message, failure };
      }
    });
  };

  /** An add (true) or remove, counted in what the queued writes leave; a failed one leaves the list as the service says. */
  const changeMembership = (listId: ListId, movieId: number, on: boolean, send: () => Promise<WriteOutcome>): Promise<WriteOutcome> => {
    const key = listMovieKey(listId, movieId);
    setMembership((membership) => ({ ...membership, [key]: on }));
    return send().then((outcome) => {
      if (!outcome.ok && get().lists.membershipAfterWrites[key] === on) {
        setMembership(({ [key]: _failed, ...rest }) => rest);
      }
      return outcome;
    });
  };

  const named = (title: string | undefined, movieId: number) => (title ? `"${title}"` : `movie ${movieId}`);

  const addOne = (listId: ListId, movieId: number, title?: string): Promise<WriteOutcome> => {
    const already: WriteOutcome = { ok: false, message: `${named(title, movieId)} is already on the list: not added again` };
    return write(`add ${named(title, movieId)}`, async (client) => {
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
    write(`remove ${named(title, movieId)}`, async (client) => {
      await client.call('removeListItem', { path: { list_id: listId }, body: { media_id: movieId } });
      return { ok: true, message: `Removed ${named(title, movieId)} from the list` };
    });

  return {
    busy: false,
    membershipAfterWrites: {},

    async createList(draft) {
      const checked = checkListDraft(draft);
      if (!checked.ok) return { ok: false, message: 'Some fields need fixing.', fields: checked.fields };
      return write('create the list', async (client) => {
        const created = await client.call('createList', { body: checked.body });
        return { ok: true, message: `Created the list "${checked.body.name}"`, listId: created.list_id };
      });
    },

    addMovie(listId, movieId, title) {
      return changeMembership(listId, movieId, true, () => addOne(listId, movieId, title));
    },

    removeMovie(listId, movieId, title) {
      return changeMembership(listId, movieId, false, () => removeOne(listId, movieId, title));
    },

    toggleMovie(listId, movieId, title, shown) {
      const on = !(get().lists.membershipAfterWrites[listMovieKey(listId, movieId)] ?? shown);
      return on ? get().lists.addMovie(listId, movieId, title) : get().lists.removeMovie(listId, movieId, title);
    },

    clearList(listId) {
      return write('clear the list', async (client) => {
        await client.call('clearList', { path: { list_id: listId }, query: { confirm: true } });
        return { ok: true, message: 'Cleared the list' };
      });
    },

    deleteList(listId) {
      return write('delete the list', async (client) => {
        await client.call('deleteList', { path: { list_id: listId } });
        return { ok: true, message: 'Deleted the list' };
      });
    },
  };
}

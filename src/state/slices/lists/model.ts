import type { ListCreateBody, ListId } from '../../../contract/index.js';
import { listBodyProblems } from '../../../contract/rules.js';
import { cleanName } from '../../../contract/text.js';
import type { Failure, Reason } from '../../words/failures.js';
import { isLanguageCode } from '../../words/codes.js';
import type { NotificationsSlice } from '../notifications.js';
import type { SessionSlice } from '../session.js';

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
export type ListsStore = { readonly lists: ListsSlice; readonly session: SessionSlice; readonly notifications: NotificationsSlice };

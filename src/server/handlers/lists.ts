import type { OperationKey } from '../../contract/index.js';
import { PAGE_SIZE } from '../../contract/limits.js';
import { ApiError } from '../http/errors.js';
import type { ListRow } from '../userdata/lists.js';
import type { Handler, HandlerContext, OperationWithPath, UserOperation } from './context.js';
import { pageOffset, pagedBody } from './paging.js';

const CREATED = 'The item/record was created successfully.';

/** The list's poster is the poster of its first film. */
function posterOf(ctx: HandlerContext<OperationKey>, row: ListRow): string | null {
  if (row.first_movie_id === null || !ctx.server.catalog.movies.exists(row.first_movie_id)) return null;
  return ctx.server.catalog.movies.listItem(row.first_movie_id, ctx.today).poster_path;
}

/** A list as an account's lists show it (the service's answer has no country there). */
export function listSummary(ctx: HandlerContext<OperationKey>, row: ListRow) {
  return {
    description: row.description,
    favorite_count: 0,
    id: row.id,
    item_count: row.item_count,
    iso_639_1: row.iso_639_1,
    list_type: 'movie',
    name: row.name,
    poster_path: posterOf(ctx, row),
  };
}

/** A list as a film's lists (E12) show it: with the owner's country, as recorded answers have it. */
export function movieListSummary(ctx: HandlerContext<OperationKey>, row: ListRow) {
  return { ...listSummary(ctx, row), iso_3166_1: row.iso_3166_1 };
}

function existingList(ctx: HandlerContext<OperationWithPath<'list_id'>>): ListRow {
  const row = ctx.server.users.lists.get(ctx.path.list_id);
  if (!row) throw new ApiError(34);
  return row;
}

/** The list, when the caller's account owns it; 401 status_code 38 otherwise. */
function ownedList(ctx: HandlerContext<OperationWithPath<'list_id'> & UserOperation>): ListRow {
  const row = existingList(ctx);
  if (row.account_id !== ctx.caller.account.id) throw new ApiError(38);
  return row;
}

/** A film of the catalog named in a body's media_id. */
function catalogMovie(ctx: HandlerContext<'addListItem' | 'removeListItem'>): number {
  const movieId = ctx.body.media_id;
  if (!ctx.server.catalog.movies.exists(movieId)) throw new ApiError(34);
  return movieId;
}

/** E4 */
export const createList: Handler<'createList'> = (ctx) => {
  const listId = ctx.server.users.lists.create(ctx.caller.account.id, ctx.body, ctx.now);
  return { status_message: CREATED, success: true, status_code: 1, list_id: listId };
};

/** List details: public, paged 20 films at a time; the real service sends the id as a string. */
export const listDetails: Handler<'listDetails'> = (ctx) => {
  const row = existingList(ctx);
  const { movies } = ctx.server.catalog;
  const items = ctx.server.users.lists
    .items(row.id, pageOffset(ctx.query.page), PAGE_SIZE)
    .filter((id) => movies.exists(id))
    .map((id) => ({ ...movies.listItem(id, ctx.today), media_type: 'movie' }));
  const { page, total_pages, total_results } = pagedBody(ctx.query.page, items, row.item_count);
  return {
    created_by: row.username,
    description: row.description,
    favorite_count: 0,
    // A number, as the newest real answer we have sends it (a proxy's recording of 2026 of
    // /3/list/509: "id": 509), and as item_status, list summaries and creation's list_id always
    // did. The service's documented example ("id": "1") and lists made before 2013 (hex ids)
    // have strings: older answers, which the contract's list id still reads.
    id: row.id,
    items,
    item_count: row.item_count,
    iso_639_1: row.iso_639_1,
    name: row.name,
    poster_path: posterOf(ctx, row),
    page,
    total_pages,
    total_results,
  };
};

export const listItemStatus: Handler<'listItemStatus'> = (ctx) => {
  const row = existingList(ctx);
  return { id: row.id, item_present: ctx.server.users.lists.has(row.id, ctx.query.movie_id) };
};

/** E7: 201 status_code 12; a film already on the list is a duplicate (403 status_code 8). */
export const addListItem: Handler<'addListItem'> = (ctx) => {
  const row = ownedList(ctx);
  const movieId = catalogMovie(ctx);
  if (!ctx.server.users.lists.add(row.id, movieId, ctx.now)) throw new ApiError(8);
  return { success: true, status_code: 12, status_message: 'The item/record was updated successfully.' };
};

/**
 * E6: 200 status_code 13. Removing a film that is not on the list is answered like any other
 * unknown resource (404 status_code 34), so a client never mistakes it for a removal.
 */
export const removeListItem: Handler<'removeListItem'> = (ctx) => {
  const row = ownedList(ctx);
  const movieId = catalogMovie(ctx);
  if (!ctx.server.users.lists.remove(row.id, movieId, ctx.now)) throw new ApiError(34);
  return { success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' };
};

/** Needs confirm=true (refused with 400 status_code 29 before this); answers like an update (201, 12). */
export const clearList: Handler<'clearList'> = (ctx) => {
  const row = ownedList(ctx);
  ctx.server.users.lists.clear(row.id, ctx.now);
  return { success: true, status_code: 12, status_message: 'The item/record was updated successfully.' };
};

/** Deleting answers status_code 13 with HTTP 200, the pair the service's table gives "deleted". */
export const deleteList: Handler<'deleteList'> = (ctx) => {
  const row = ownedList(ctx);
  ctx.server.users.lists.delete(row.id);
  return { success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' };
};

import type { MarkedMediaType } from '../../contract/index.js';
import { ApiError } from '../http/errors.js';
import type { Mark } from '../userdata/marks.js';
import { DELETED, SUCCESS, UPDATED } from './answers.js';
import type { Handler, HandlerContext } from './context.js';

/**
 * POST /3/account/{account_id}/watchlist and /favorite, for the account of the session (as
 * the other account operations). Adding answers status_code 1 (201), adding a title already
 * there 12 (201), removing 13 (200, also when it was not there: the title is off the list
 * either way). A title the catalog does not have is 404 status_code 34.
 */
function setMark(ctx: HandlerContext<'setWatchlist' | 'setFavorite'>, mark: Mark, mediaType: MarkedMediaType, mediaId: number, on: boolean) {
  const { catalog, users } = ctx.server;
  const exists = mediaType === 'movie' ? catalog.movies.exists(mediaId) : catalog.series.exists(mediaId);
  if (!exists) throw new ApiError(34);
  const accountId = ctx.caller.account.id;
  if (!on) {
    users.marks.remove(accountId, mark, mediaType, mediaId);
    return DELETED;
  }
  return users.marks.add(accountId, mark, mediaType, mediaId, ctx.now)
    ? SUCCESS
    : UPDATED;
}

export const setWatchlist: Handler<'setWatchlist'> = (ctx) =>
  setMark(ctx, 'watchlist', ctx.body.media_type, ctx.body.media_id, ctx.body.watchlist);
export const setFavorite: Handler<'setFavorite'> = (ctx) =>
  setMark(ctx, 'favorite', ctx.body.media_type, ctx.body.media_id, ctx.body.favorite);

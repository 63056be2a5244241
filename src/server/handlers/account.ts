import { PAGE_SIZE } from '../../contract/limits.js';
import { createHash } from 'node:crypto';
import { ApiError } from '../http/errors.js';
import type { Handler } from './context.js';
import type { Account } from '../userdata/accounts.js';
import { raterOf } from './callers.js';
import { ratedEpisodesPage } from './rated.js';
import { listSummary } from './lists.js';
import { pageOffset, pagedBody } from './paging.js';

/**
 * The account operations answer for the account of the session, whatever account id the path
 * names (clients commonly pass 0 or a stale id, and the real service does the same).
 */

/** GET /3/account: the account of the session, as real clients learn its id. */
export const accountOfSession: Handler<'accountOfSession'> = (ctx) => accountBody(ctx.caller.account);

export const accountDetails: Handler<'accountDetails'> = (ctx) => accountBody(ctx.caller.account);

function accountBody(account: Account) {
  return {
    avatar: {
      gravatar: { hash: createHash('md5').update(account.username.toLowerCase()).digest('hex') },
      tmdb: { avatar_path: null },
    },
    id: account.id,
    iso_639_1: account.iso_639_1,
    iso_3166_1: account.iso_3166_1,
    name: account.name,
    include_adult: false,
    username: account.username,
  };
}

export const accountLists: Handler<'accountLists'> = (ctx) => {
  const found = ctx.server.users.lists.byAccount(ctx.caller.account.id, pageOffset(ctx.query.page), PAGE_SIZE);
  return pagedBody(ctx.query.page, found.rows.map((row) => listSummary(ctx, row)), found.total);
};

/** Rated episodes, in the order they were first rated (sort_by created_at.asc or .desc). */
export const accountRatedEpisodes: Handler<'accountRatedEpisodes'> = (ctx) => {
  const sortBy = ctx.query.sort_by;
  if (sortBy !== 'created_at.asc' && sortBy !== 'created_at.desc') throw new ApiError(5);
  return ratedEpisodesPage(ctx, raterOf(ctx.caller));
};

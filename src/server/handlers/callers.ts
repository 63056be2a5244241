import type { OperationKey } from '../../contract/index.js';
import { ApiError } from '../http/errors.js';
import type { Account } from '../userdata/accounts.js';
import { accountRater, guestRater } from '../userdata/ratings.js';
import type { RequestContext } from './context.js';

/** The signed-in account of a request. The pipeline has already refused requests without one. */
export function userOf(ctx: RequestContext<OperationKey>): Account {
  if (ctx.caller?.kind !== 'user') throw new ApiError(3);
  return ctx.caller.account;
}

/** Whose ratings a request reads or writes: the account's, or the guest session's. */
export function raterOf(ctx: RequestContext<OperationKey>): string {
  if (!ctx.caller) throw new ApiError(3);
  return ctx.caller.kind === 'user' ? accountRater(ctx.caller.account.id) : guestRater(ctx.caller.guest.idHash);
}

import { accountRater, guestRater } from '../userdata/ratings.js';
import type { Caller } from './context.js';

/** Whose ratings a request reads or writes: the account's, or the guest session's. */
export function raterOf(caller: Caller): string {
  return caller.kind === 'user' ? accountRater(caller.account.id) : guestRater(caller.guest.idHash);
}

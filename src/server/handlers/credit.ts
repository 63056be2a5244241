import { creditDetails as creditOf } from '../catalog/credit-details.js';
import { ApiError } from '../http/errors.js';
import type { Handler } from './context.js';

/** One credit by the id a credits answer gave it; any other id is not found. */
export const creditDetails: Handler<'creditDetails'> = (ctx) => {
  const credit = creditOf(ctx.server.catalog, String(ctx.path.credit_id), ctx.today);
  if (!credit) throw new ApiError(34);
  return credit;
};

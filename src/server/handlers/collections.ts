import { ApiError } from '../http/errors.js';
import type { Handler } from './context.js';

/** E9: a collection and its films in release order. */
export const collectionDetails: Handler<'collectionDetails'> = (ctx) => {
  const id = ctx.path.collection_id;
  if (!ctx.server.catalog.collections.exists(id)) throw new ApiError(34);
  return ctx.server.catalog.collections.details(id, ctx.today);
};

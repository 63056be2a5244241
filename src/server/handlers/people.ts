import { ApiError } from '../http/errors.js';
import type { Handler, HandlerContext, OperationWithPath } from './context.js';
import { slicePage } from './paging.js';

function personId(ctx: HandlerContext<OperationWithPath<'person_id'>>): number {
  const id = ctx.path.person_id;
  if (!ctx.server.catalog.people.exists(id)) throw new ApiError(34);
  return id;
}

export const personDetails: Handler<'personDetails'> = (ctx) => ctx.server.catalog.people.details(personId(ctx), ctx.today);

/** E13 */
export const personImages: Handler<'personImages'> = (ctx) => ctx.server.catalog.people.images(personId(ctx));

/** E8 */
export const personTaggedImages: Handler<'personTaggedImages'> = (ctx) => {
  const id = personId(ctx);
  return { id, ...slicePage(ctx.query.page, ctx.server.catalog.people.taggedImages(id, ctx.today)) };
};

import { ApiError } from '../http/errors.js';
import type { Handler, HandlerContext, OperationWithPath } from './context.js';
import { appendParts, appendedParts } from './append.js';
import { PAGE_SIZE } from '../../contract/limits.js';
import { pageOffset, pagedBody, slicePage } from './paging.js';

function personId(ctx: HandlerContext<OperationWithPath<'person_id'>>): number {
  const id = ctx.path.person_id;
  if (!ctx.server.catalog.people.exists(id)) throw new ApiError(34);
  return id;
}

/** Person details; append_to_response may add `images`. */
export const personDetails: Handler<'personDetails'> = (ctx) => {
  const parts = appendedParts(ctx.query.append_to_response);
  const id = personId(ctx);
  return appendParts(ctx.server.catalog.people.details(id, ctx.today), parts, { images: () => ctx.server.catalog.people.images(id) });
};

/** E13 */
export const personImages: Handler<'personImages'> = (ctx) => ctx.server.catalog.people.images(personId(ctx));

/** E8 */
export const personTaggedImages: Handler<'personTaggedImages'> = (ctx) => {
  const id = personId(ctx);
  return { id, ...slicePage(ctx.query.page, ctx.server.catalog.people.taggedImages(id, ctx.today)) };
};

/** Popular people: the most popular first, each with what they are known for. */
export const popularPeople: Handler<'popularPeople'> = (ctx) => {
  const found = ctx.server.index.popularPeople(pageOffset(ctx.query.page), PAGE_SIZE);
  const results = found.items.map((id) => {
    const { media_type: _mediaType, ...person } = ctx.server.catalog.people.searchItem(id, ctx.today);
    return person;
  });
  return pagedBody(ctx.query.page, results, found.total);
};

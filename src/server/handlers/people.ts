import { ApiError } from '../http/errors.js';
import type { Handler, HandlerContext, OperationWithPath } from './context.js';
import { PAGE_SIZE } from '../../contract/limits.js';
import { pageOffset, pagedBody, slicePage } from './paging.js';

function personId(ctx: HandlerContext<OperationWithPath<'person_id'>>): number {
  const id = ctx.path.person_id;
  if (!ctx.server.catalog.people.exists(id)) throw new ApiError(34);
  return id;
}

/** Person details; the route appends the parts append_to_response asks for (see append.ts). */
export const personDetails: Handler<'personDetails'> = (ctx) => ctx.server.catalog.people.details(personId(ctx), ctx.today);

/** The person added last: the highest id of the catalog. */
export const personLatest: Handler<'personLatest'> = (ctx) => {
  const { people, shape } = ctx.server.catalog;
  return people.details(shape.personCount, ctx.today);
};

export const personExternalIds: Handler<'personExternalIds'> = (ctx) => ctx.server.catalog.people.externalIds(personId(ctx), ctx.today);

export const personTranslations: Handler<'personTranslations'> = (ctx) => ctx.server.catalog.people.translations(personId(ctx), ctx.today);

/** Every film and series whose credits name the person. */
export const personCombinedCredits: Handler<'personCombinedCredits'> = (ctx) =>
  ctx.server.catalog.people.combinedCredits(personId(ctx), ctx.today);

export const personMovieCredits: Handler<'personMovieCredits'> = (ctx) =>
  ctx.server.catalog.people.movieCredits(personId(ctx), ctx.today);

export const personTvCredits: Handler<'personTvCredits'> = (ctx) => ctx.server.catalog.people.tvCredits(personId(ctx), ctx.today);

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
  const results = found.items.map((id) => ctx.server.catalog.people.listItem(id, ctx.today));
  return pagedBody(ctx.query.page, results, found.total);
};

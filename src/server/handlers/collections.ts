import { ApiError } from '../http/errors.js';
import { filterByLanguage } from '../catalog/images.js';
import { collectionTranslations as translationsOf } from '../catalog/movie-facts.js';
import type { Handler, HandlerContext } from './context.js';

/** E9: a collection and its films in release order. */
export const collectionDetails: Handler<'collectionDetails'> = (ctx) => {
  const id = ctx.path.collection_id;
  if (!ctx.server.catalog.collections.exists(id)) throw new ApiError(34);
  return ctx.server.catalog.collections.details(id, ctx.today);
};

function collectionId(ctx: HandlerContext<'collectionImages' | 'collectionTranslations'>): number {
  const id = ctx.path.collection_id;
  if (!ctx.server.catalog.collections.exists(id)) throw new ApiError(34);
  return id;
}

/** Posters and backdrops of a collection, in the languages asked for (all of them when none is named). */
export const collectionImages: Handler<'collectionImages'> = (ctx) => {
  const images = ctx.server.catalog.collections.images(collectionId(ctx));
  const { language, include_image_language: include } = ctx.query;
  return {
    id: images.id,
    backdrops: filterByLanguage(images.backdrops, language, include),
    posters: filterByLanguage(images.posters, language, include),
  };
};

export const collectionTranslations: Handler<'collectionTranslations'> = (ctx) => {
  const id = collectionId(ctx);
  const details = ctx.server.catalog.collections.details(id, ctx.today);
  return translationsOf(ctx.server.catalog.shape.seed, details);
};

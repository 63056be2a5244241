import { type ReviewedTitle, parseReviewId, reviewDetails as detailsOfReview, reviewsOf } from '../catalog/reviews.js';
import { ApiError } from '../http/errors.js';
import type { HandlerContext, Handler } from './context.js';
import { movieId, seriesOf } from './path-records.js';
import { slicePage } from './paging.js';
import type { OperationKey } from '../../contract/index.js';

/** Reviews of films and series: one catalog, so an id from any list opens on its own. */

function reviewedMovie(ctx: HandlerContext<OperationKey>, id: number): ReviewedTitle | undefined {
  const { movies } = ctx.server.catalog;
  if (!movies.exists(id)) return undefined;
  const core = movies.core(id);
  return { kind: 'movie', id, title: core.title, releaseOffset: core.releaseOffset, popularity: core.popularity };
}

function reviewedSeries(ctx: HandlerContext<OperationKey>, id: number): ReviewedTitle | undefined {
  const { series } = ctx.server.catalog;
  if (!series.exists(id)) return undefined;
  const core = series.core(id);
  return { kind: 'tv', id, title: core.name, releaseOffset: series.firstAirOffset(core), popularity: core.popularity };
}

/** A page of a film's reviews, oldest first (the movie's `reviews` part is its first page). */
export function movieReviewsPage(ctx: HandlerContext<'movieReviews' | 'movieDetails'>, page: number) {
  const id = movieId(ctx);
  const all = reviewsOf(ctx.server.catalog.shape.seed, reviewedMovie(ctx, id)!, ctx.today);
  return { id, ...slicePage(page, all) };
}

export const movieReviews: Handler<'movieReviews'> = (ctx) => movieReviewsPage(ctx, ctx.query.page);

export const seriesReviews: Handler<'seriesReviews'> = (ctx) => {
  const { id } = seriesOf(ctx);
  const all = reviewsOf(ctx.server.catalog.shape.seed, reviewedSeries(ctx, id)!, ctx.today);
  return { id, ...slicePage(ctx.query.page, all) };
};

/** A review by id; 404 status_code 34 for an id no review of the catalog has. */
export const reviewDetails: Handler<'reviewDetails'> = (ctx) => {
  const text = String(ctx.path.review_id);
  const named = parseReviewId(text);
  const title = named && (named.kind === 'movie' ? reviewedMovie(ctx, named.id) : reviewedSeries(ctx, named.id));
  const review = named && title ? detailsOfReview(ctx.server.catalog.shape.seed, title, named.index, ctx.today) : undefined;
  if (!review || review.id !== text) throw new ApiError(34);
  return review;
};

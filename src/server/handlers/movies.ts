import { PAGE_SIZE } from '../../contract/limits.js';
import { dateAt } from '../catalog/calendar.js';
import { filterByLanguage } from '../catalog/images.js';
import { NOW_PLAYING_WINDOW, UPCOMING_WINDOW } from '../catalog/movies.js';
import type { Page } from '../catalog/store.js';
import { ApiError } from '../http/errors.js';
import { queryValue } from '../http/params.js';
import type { Handler, RequestContext } from './context.js';
import { listSummary } from './lists.js';
import { pageOffset, pagedBody } from './paging.js';

function movieId(ctx: RequestContext<'movieDetails' | 'movieImages' | 'movieLists'>): number {
  const id = ctx.path.movie_id!;
  if (!ctx.server.catalog.movies.exists(id)) throw new ApiError(34);
  return id;
}

function moviePage(ctx: RequestContext<'popularMovies' | 'topRatedMovies' | 'upcomingMovies' | 'nowPlayingMovies'>, found: Page<number>) {
  const { movies } = ctx.server.catalog;
  return pagedBody(ctx.page, found.items.map((id) => movies.listItem(id, ctx.today)), found.total);
}

/** E1: the film added last, i.e. the highest id. */
export const movieLatest: Handler<'movieLatest'> = (ctx) =>
  ctx.server.catalog.movies.details(ctx.server.catalog.shape.movieCount, ctx.today);

export const movieDetails: Handler<'movieDetails'> = (ctx) => ctx.server.catalog.movies.details(movieId(ctx), ctx.today);

/** E22 */
export const movieImages: Handler<'movieImages'> = (ctx) => {
  const images = ctx.server.catalog.movies.images(movieId(ctx));
  const language = queryValue(ctx.query, 'language');
  const include = queryValue(ctx.query, 'include_image_language');
  return {
    backdrops: filterByLanguage(images.backdrops, language, include),
    id: images.id,
    logos: filterByLanguage(images.logos, language, include),
    posters: filterByLanguage(images.posters, language, include),
  };
};

export const popularMovies: Handler<'popularMovies'> = (ctx) =>
  moviePage(ctx, ctx.server.index.popularMovies(queryValue(ctx.query, 'region'), pageOffset(ctx.page), PAGE_SIZE));

export const topRatedMovies: Handler<'topRatedMovies'> = (ctx) =>
  moviePage(ctx, ctx.server.index.topRatedMovies(queryValue(ctx.query, 'region'), pageOffset(ctx.page), PAGE_SIZE));

/** E14: films released from today to three weeks out. */
export const upcomingMovies: Handler<'upcomingMovies'> = (ctx) => ({
  dates: { maximum: dateAt(ctx.today, UPCOMING_WINDOW.to), minimum: dateAt(ctx.today, UPCOMING_WINDOW.from) },
  ...moviePage(ctx, ctx.server.index.upcomingMovies(queryValue(ctx.query, 'region'), pageOffset(ctx.page), PAGE_SIZE)),
});

export const nowPlayingMovies: Handler<'nowPlayingMovies'> = (ctx) => ({
  dates: { maximum: dateAt(ctx.today, NOW_PLAYING_WINDOW.to), minimum: dateAt(ctx.today, NOW_PLAYING_WINDOW.from) },
  ...moviePage(ctx, ctx.server.index.nowPlayingMovies(queryValue(ctx.query, 'region'), pageOffset(ctx.page), PAGE_SIZE)),
});

/** E12: the users' lists that hold the film. */
export const movieLists: Handler<'movieLists'> = (ctx) => {
  const id = movieId(ctx);
  const found = ctx.server.users.lists.containing(id, pageOffset(ctx.page), PAGE_SIZE);
  return { id, ...pagedBody(ctx.page, found.rows.map((row) => listSummary(ctx, row)), found.total) };
};

import { PAGE_SIZE } from '../../contract/limits.js';
import { dateAt } from '../catalog/calendar.js';
import { filterByLanguage } from '../catalog/images.js';
import { NOW_PLAYING_WINDOW, UPCOMING_WINDOW } from '../catalog/movies.js';
import type { Handler, HandlerContext } from './context.js';
import { movieId } from './path-records.js';
import { movieListSummary } from './lists.js';
import { pageOffset, pagedBody } from './paging.js';

type MovieListing = 'popularMovies' | 'topRatedMovies' | 'upcomingMovies' | 'nowPlayingMovies';

/** One page of a movie listing, in the region asked for; the index has a query per listing. */
function moviePage(ctx: HandlerContext<MovieListing>, listing: MovieListing) {
  const { movies } = ctx.server.catalog;
  const found = ctx.server.index[listing](ctx.query.region, pageOffset(ctx.query.page), PAGE_SIZE);
  return pagedBody(ctx.query.page, found.items.map((id) => movies.listItem(id, ctx.today)), found.total);
}

/** E1: the film added last, i.e. the highest id. */
export const movieLatest: Handler<'movieLatest'> = (ctx) =>
  ctx.server.catalog.movies.details(ctx.server.catalog.shape.movieCount, ctx.today);

/** Film details; the route appends the parts append_to_response asks for (see append.ts). */
export const movieDetails: Handler<'movieDetails'> = (ctx) => ctx.server.catalog.movies.details(movieId(ctx), ctx.today);

/** A film's cast, in billing order, and its crew. */
function creditsOf(ctx: HandlerContext<'movieCredits' | 'movieDetails'>, id: number) {
  const { movies, people } = ctx.server.catalog;
  const { cast, crew } = movies.cast.credits(id);
  return {
    id,
    cast: cast.map((member) => ({ ...people.castCredit(member), cast_id: member.order + 1 })),
    crew: crew.map((member) => people.crewCredit(member)),
  };
}

export const movieCredits: Handler<'movieCredits'> = (ctx) => creditsOf(ctx, movieId(ctx));

export const movieExternalIds: Handler<'movieExternalIds'> = (ctx) =>
  ctx.server.catalog.movies.externalIds(movieId(ctx), ctx.today);

/** E22 */
export const movieImages: Handler<'movieImages'> = (ctx) => imagesOf(ctx);

/** A film's images in the languages the request asks for (all of them when it names none). */
function imagesOf(ctx: HandlerContext<'movieImages' | 'movieDetails'>) {
  const images = ctx.server.catalog.movies.images(movieId(ctx));
  const { language, include_image_language: include } = ctx.query;
  return {
    backdrops: filterByLanguage(images.backdrops, language, include),
    id: images.id,
    logos: filterByLanguage(images.logos, language, include),
    posters: filterByLanguage(images.posters, language, include),
  };
}

export const popularMovies: Handler<'popularMovies'> = (ctx) => moviePage(ctx, 'popularMovies');

export const topRatedMovies: Handler<'topRatedMovies'> = (ctx) => moviePage(ctx, 'topRatedMovies');

/** E14: films released from today to three weeks out. */
export const upcomingMovies: Handler<'upcomingMovies'> = (ctx) => ({
  dates: { maximum: dateAt(ctx.today, UPCOMING_WINDOW.to), minimum: dateAt(ctx.today, UPCOMING_WINDOW.from) },
  ...moviePage(ctx, 'upcomingMovies'),
});

export const nowPlayingMovies: Handler<'nowPlayingMovies'> = (ctx) => ({
  dates: { maximum: dateAt(ctx.today, NOW_PLAYING_WINDOW.to), minimum: dateAt(ctx.today, NOW_PLAYING_WINDOW.from) },
  ...moviePage(ctx, 'nowPlayingMovies'),
});

/** E12: the users' lists that hold the film. */
export const movieLists: Handler<'movieLists'> = (ctx) => {
  const id = movieId(ctx);
  const found = ctx.server.users.lists.containing(id, pageOffset(ctx.query.page), PAGE_SIZE);
  return { id, ...pagedBody(ctx.query.page, found.rows.map((row) => movieListSummary(ctx, row)), found.total) };
};

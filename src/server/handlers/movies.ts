import { PAGE_SIZE } from '../../contract/limits.js';
import { dateAt } from '../catalog/calendar.js';
import { filterByLanguage } from '../catalog/images.js';
import { NOW_PLAYING_WINDOW, UPCOMING_WINDOW } from '../catalog/movies.js';
import type { Handler, HandlerContext } from './context.js';
import { movieId } from './path-records.js';
import { answeredNow, appendParts, appendedParts, partContext } from './append.js';
import { movieRecommendations, movieVideos, similarMovies } from './related.js';
import { movieWatchProviders } from './watch-providers.js';
import { movieListSummary } from './lists.js';
import { keywordsOfFilm } from './keywords.js';
import { releaseDatesOf, titlesOf, translationsOfFilm } from './movie-facts.js';
import { movieReviewsPage } from './reviews.js';
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

/**
 * Film details; append_to_response may add `images` (filtered by the request's languages),
 * `videos`, `watch/providers`, `recommendations`, `similar`, `lists` (their first pages) and
 * `external_ids`, `credits`, `keywords`, `reviews` (first page), `release_dates`,
 * `alternative_titles` and `translations`, each as its own operation answers in the request's language.
 */
export const movieDetails: Handler<'movieDetails'> = (ctx) => {
  const parts = appendedParts(ctx.query.append_to_response);
  const id = movieId(ctx);
  const details = ctx.server.catalog.movies.details(id, ctx.today);
  const { language } = ctx.query;
  const firstPage = { language, page: 1 };
  return appendParts(details, parts, {
    images: () => imagesOf(ctx),
    videos: () => answeredNow(movieVideos(partContext(ctx, 'movieVideos', { language }))),
    'watch/providers': () => answeredNow(movieWatchProviders(partContext(ctx, 'movieWatchProviders', {}))),
    recommendations: () => answeredNow(movieRecommendations(partContext(ctx, 'movieRecommendations', firstPage))),
    similar: () => answeredNow(similarMovies(partContext(ctx, 'similarMovies', firstPage))),
    lists: () => answeredNow(movieLists(partContext(ctx, 'movieLists', firstPage))),
    external_ids: () => answeredNow(movieExternalIds(partContext(ctx, 'movieExternalIds', {}))),
    credits: () => creditsOf(ctx, id),
    keywords: () => keywordsOfFilm(ctx),
    reviews: () => movieReviewsPage(ctx, 1),
    release_dates: () => releaseDatesOf(ctx),
    alternative_titles: () => titlesOf(ctx, undefined),
    translations: () => translationsOfFilm(ctx),
  });
};

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

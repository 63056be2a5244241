import { PAGE_SIZE } from '../../contract/limits.js';
import type { TitleFilter } from '../catalog/discover-query.js';
import { keywordById, movieKeywords as keywordsOfMovie } from '../catalog/keywords.js';
import { ApiError } from '../http/errors.js';
import type { Handler, HandlerContext } from './context.js';
import { movieId } from './path-records.js';
import { pageOffset, pagedBody } from './paging.js';

/** Keywords: what a film's keywords name, and the films that carry one. */

export function keywordsOfFilm(ctx: HandlerContext<'movieKeywords' | 'movieDetails'>) {
  const id = movieId(ctx);
  return { id, keywords: keywordsOfMovie(ctx.server.catalog.shape.seed, id) };
}

export const movieKeywords: Handler<'movieKeywords'> = (ctx) => keywordsOfFilm(ctx);

function keywordOf(ctx: HandlerContext<'keywordDetails' | 'keywordMovies'>) {
  const keyword = keywordById(ctx.path.keyword_id);
  if (!keyword) throw new ApiError(34);
  return keyword;
}

export const keywordDetails: Handler<'keywordDetails'> = (ctx) => keywordOf(ctx);

/**
 * The films with a keyword, most popular first: the same films, in the same order, as
 * discover's with_keywords for that keyword alone.
 */
export const keywordMovies: Handler<'keywordMovies'> = (ctx) => {
  const { id } = keywordOf(ctx);
  const filter: TitleFilter = {
    kind: 'movie',
    genres: { all: 0, any: 0, none: 0 },
    released: {},
    voteAverage: {},
    voteCount: {},
    runtime: {},
    keywords: { mode: 'or', ids: [id] },
    includeVideo: false,
    matchesNothing: false,
    sort: 'popularity.desc',
  };
  const found = ctx.server.index.discover(filter, pageOffset(ctx.query.page), PAGE_SIZE);
  return { id, ...pagedBody(ctx.query.page, found.items.map((movie) => ctx.server.catalog.movies.listItem(movie, ctx.today)), found.total) };
};

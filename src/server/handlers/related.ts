import { type RelatedSource, relatedTitles } from '../catalog/related.js';
import { titleVideos, videoLanguages } from '../catalog/videos.js';
import type { Handler, HandlerContext } from './context.js';
import { movieId, seriesOf } from './path-records.js';
import { slicePage } from './paging.js';

/** Videos, recommendations and similar titles of films and series. */

function wantedVideos<T extends { iso_639_1: string }>(ctx: HandlerContext<'movieVideos' | 'seriesVideos'>, all: T[]): T[] {
  const wanted = videoLanguages(ctx.query.language, ctx.query.include_video_language);
  return all.filter((video) => wanted.has(video.iso_639_1));
}

/** A film's videos in the languages asked for (language, plus include_video_language). */
export const movieVideos: Handler<'movieVideos'> = (ctx) => {
  const id = movieId(ctx);
  const core = ctx.server.catalog.movies.core(id);
  const all = titleVideos(ctx.server.catalog.shape.seed, 'movie', id, core.title, core.originalLanguage, core.releaseOffset, ctx.today);
  return { id, results: wantedVideos(ctx, all) };
};

export const seriesVideos: Handler<'seriesVideos'> = (ctx) => {
  const series = seriesOf(ctx);
  const { catalog } = ctx.server;
  const all = titleVideos(catalog.shape.seed, 'tv', series.id, series.name, series.originalLanguage, catalog.series.firstAirOffset(series), ctx.today);
  return { id: series.id, results: wantedVideos(ctx, all) };
};

function movieSource(ctx: HandlerContext<'movieRecommendations' | 'similarMovies'>): RelatedSource {
  const { movies, shape } = ctx.server.catalog;
  return { count: shape.movieCount, genresOf: (id) => movies.core(id).genreIds, popularityOf: (id) => movies.core(id).popularity };
}

function seriesSource(ctx: HandlerContext<'seriesRecommendations' | 'similarSeries'>): RelatedSource {
  const { series, shape } = ctx.server.catalog;
  return { count: shape.seriesCount, genresOf: (id) => series.core(id).genreIds, popularityOf: (id) => series.core(id).popularity };
}


/** Recommendations: titles sharing a genre, the popular ones first; each names its kind. */
export const movieRecommendations: Handler<'movieRecommendations'> = (ctx) => {
  const id = movieId(ctx);
  const { seed } = ctx.server.catalog.shape;
  const ids = relatedTitles(seed, 'movie-recommendations', movieSource(ctx), id, 1, true);
  return slicePage(ctx.query.page, ids.map((other) => ({ ...ctx.server.catalog.movies.listItem(other, ctx.today), media_type: 'movie' })));
};

/** Similar titles: as many genres shared as can be, in an order of their own. */
export const similarMovies: Handler<'similarMovies'> = (ctx) => {
  const id = movieId(ctx);
  const ids = relatedTitles(ctx.server.catalog.shape.seed, 'movie-similar', movieSource(ctx), id, 2, false);
  return slicePage(ctx.query.page, ids.map((other) => ctx.server.catalog.movies.listItem(other, ctx.today)));
};

export const seriesRecommendations: Handler<'seriesRecommendations'> = (ctx) => {
  const { id } = seriesOf(ctx);
  const ids = relatedTitles(ctx.server.catalog.shape.seed, 'tv-recommendations', seriesSource(ctx), id, 1, true);
  return slicePage(ctx.query.page, ids.map((other) => ({ ...ctx.server.catalog.series.listItem(other, ctx.today), media_type: 'tv' })));
};

export const similarSeries: Handler<'similarSeries'> = (ctx) => {
  const { id } = seriesOf(ctx);
  const ids = relatedTitles(ctx.server.catalog.shape.seed, 'tv-similar', seriesSource(ctx), id, 2, false);
  return slicePage(ctx.query.page, ids.map((other) => ctx.server.catalog.series.listItem(other, ctx.today)));
};


import { alternativeTitles, movieTranslations as translationsOf } from '../catalog/movie-facts.js';
import { releaseDates } from '../catalog/release-dates.js';
import type { Handler, HandlerContext } from './context.js';
import { movieId } from './path-records.js';

/** A film's other titles, release dates by country, and translations. */

/** Its other titles; `country` keeps those of one country. */
export function titlesOf(ctx: HandlerContext<'movieAlternativeTitles' | 'movieDetails'>, country: string | undefined) {
  const { catalog } = ctx.server;
  const answer = alternativeTitles(catalog.shape.seed, catalog.movies.core(movieId(ctx)));
  const wanted = country?.trim().toUpperCase();
  return wanted ? { ...answer, titles: answer.titles.filter((t) => t.iso_3166_1 === wanted) } : answer;
}

export const movieAlternativeTitles: Handler<'movieAlternativeTitles'> = (ctx) => titlesOf(ctx, ctx.query.country);

export function releaseDatesOf(ctx: HandlerContext<'movieReleaseDates' | 'movieDetails'>) {
  const { catalog } = ctx.server;
  return releaseDates(catalog.shape.seed, catalog.movies.core(movieId(ctx)), ctx.today);
}

export const movieReleaseDates: Handler<'movieReleaseDates'> = (ctx) => releaseDatesOf(ctx);

export function translationsOfFilm(ctx: HandlerContext<'movieTranslations' | 'movieDetails'>) {
  const { catalog } = ctx.server;
  return translationsOf(catalog.shape.seed, catalog.movies.details(movieId(ctx), ctx.today));
}

export const movieTranslations: Handler<'movieTranslations'> = (ctx) => translationsOfFilm(ctx);

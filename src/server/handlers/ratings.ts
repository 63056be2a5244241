import { ratingProblem, type MarkedMediaType } from '../../contract/index.js';
import { ApiError } from '../http/errors.js';
import type { Handler, HandlerContext } from './context.js';
import { DELETED, SUCCESS, UPDATED } from './answers.js';
import { raterOf } from './callers.js';
import { episodeOf, movieId, seasonOf, seriesOf } from './path-records.js';
import { seasonStates } from './tv.js';


/** The service's refusal of a rating value: HTTP 400, status_code 18, with its own message. */
function checkedValue(value: number): number {
  const problem = ratingProblem(value);
  if (problem) throw new ApiError(18, problem);
  return value;
}

/**
 * E5: 0.5..10 in steps of 0.5, refused with the service's own three messages (HTTP 400,
 * status_code 18). Both a first rating (status_code 1) and a re-rating (12) answer 201.
 */
export const rateEpisode: Handler<'rateEpisode'> = (ctx) => {
  const { series, season, episode } = episodeOf(ctx);
  const value = checkedValue(ctx.body.value);
  const outcome = ctx.server.users.ratings.rate(raterOf(ctx.caller), { seriesId: series.id, season: season.number, episode }, value, ctx.now);
  return outcome === 'created' ? SUCCESS : UPDATED;
};

/**
 * The caller's ratings of every episode of a season (a user's or a guest session's own, never
 * another's): `rated` is `{ value }`, or `false` for an episode not rated.
 */
export const seasonAccountStates: Handler<'seasonAccountStates'> = (ctx) => {
  const { series, season } = seasonOf(ctx);
  return seasonStates(ctx, ctx.caller, series, season);
};

/** 200 status_code 13; deleting a rating that does not exist is 404 status_code 34. */
export const deleteEpisodeRating: Handler<'deleteEpisodeRating'> = (ctx) => {
  const { series, season, episode } = episodeOf(ctx);
  if (!ctx.server.users.ratings.remove(raterOf(ctx.caller), { seriesId: series.id, season: season.number, episode })) {
    throw new ApiError(34);
  }
  return DELETED;
};

/** Rates a whole film or series: the same values, answers and refusals as an episode's rating. */
function rateTitle(ctx: HandlerContext<'rateMovie' | 'rateSeries'>, mediaType: MarkedMediaType, id: number) {
  const value = checkedValue(ctx.body.value);
  return ctx.server.users.titleRatings.rate(raterOf(ctx.caller), mediaType, id, value, ctx.now) === 'created' ? SUCCESS : UPDATED;
}

/** Deleting a rating that does not exist is 404 status_code 34, as for episodes. */
function deleteTitleRating(ctx: HandlerContext<'deleteMovieRating' | 'deleteSeriesRating'>, mediaType: MarkedMediaType, id: number) {
  if (!ctx.server.users.titleRatings.remove(raterOf(ctx.caller), mediaType, id)) throw new ApiError(34);
  return DELETED;
}

export const rateMovie: Handler<'rateMovie'> = (ctx) => rateTitle(ctx, 'movie', movieId(ctx));
export const deleteMovieRating: Handler<'deleteMovieRating'> = (ctx) => deleteTitleRating(ctx, 'movie', movieId(ctx));
export const rateSeries: Handler<'rateSeries'> = (ctx) => rateTitle(ctx, 'tv', seriesOf(ctx).id);
export const deleteSeriesRating: Handler<'deleteSeriesRating'> = (ctx) => deleteTitleRating(ctx, 'tv', seriesOf(ctx).id);

/**
 * What the caller did with a title: its rating, and for a user the watchlist and favourites (a
 * guest session has neither, so both are false).
 */
function titleStates(ctx: HandlerContext<'movieAccountStates' | 'seriesAccountStates'>, mediaType: MarkedMediaType, id: number) {
  const { caller } = ctx;
  const { titleRatings, marks } = ctx.server.users;
  const value = titleRatings.valueOf(raterOf(caller), mediaType, id);
  const marked = (mark: 'watchlist' | 'favorite') => caller.kind === 'user' && marks.has(caller.account.id, mark, mediaType, id);
  return { id, favorite: marked('favorite'), rated: value === undefined ? (false as const) : { value }, watchlist: marked('watchlist') };
}

export const movieAccountStates: Handler<'movieAccountStates'> = (ctx) => titleStates(ctx, 'movie', movieId(ctx));
export const seriesAccountStates: Handler<'seriesAccountStates'> = (ctx) => titleStates(ctx, 'tv', seriesOf(ctx).id);

/** An episode's states: the caller's rating of it (`id` is the episode's). */
export const episodeAccountStates: Handler<'episodeAccountStates'> = (ctx) => {
  const { series, season, episode } = episodeOf(ctx);
  const value = ctx.server.users.ratings.ofSeason(raterOf(ctx.caller), series.id, season.number).get(episode);
  return {
    id: ctx.server.catalog.series.episodeId(series.id, season.number, episode),
    rated: value === undefined ? (false as const) : { value },
  };
};

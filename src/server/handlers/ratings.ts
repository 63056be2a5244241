import { ratingProblem } from '../../contract/index.js';
import { ApiError } from '../http/errors.js';
import type { Handler } from './context.js';
import { raterOf } from './callers.js';
import { episodeOf, seasonOf, seasonStates } from './tv.js';

/**
 * E5: 0.5..10 in steps of 0.5, refused with the service's own three messages (HTTP 400,
 * status_code 18). Both a first rating (status_code 1) and a re-rating (12) answer 201.
 */
export const rateEpisode: Handler<'rateEpisode'> = (ctx) => {
  const { series, season, episode } = episodeOf(ctx);
  const problem = ratingProblem(ctx.body.value);
  if (problem) throw new ApiError(18, problem);
  const outcome = ctx.server.users.ratings.rate(
    raterOf(ctx.caller),
    { seriesId: series.id, season: season.number, episode },
    ctx.body.value,
    ctx.now,
  );
  return outcome === 'created'
    ? { success: true, status_code: 1, status_message: 'Success.' }
    : { success: true, status_code: 12, status_message: 'The item/record was updated successfully.' };
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
  return { success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' };
};

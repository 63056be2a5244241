import type { SeasonPlan, SeriesCore } from '../catalog/series-core.js';
import { ApiError } from '../http/errors.js';
import type { HandlerContext, OperationWithPath } from './context.js';

// The catalog records a request's path names, shared by every handler that reads one (a film's
// details and its appended parts alike), so no handler imports another for them.

/** The film a path names; 404 status_code 34 when it is not there. */
export function movieId(ctx: HandlerContext<OperationWithPath<'movie_id'>>): number {
  const id = ctx.path.movie_id;
  if (!ctx.server.catalog.movies.exists(id)) throw new ApiError(34);
  return id;
}

/** The series a path names; 404 status_code 34 when it is not there. */
export function seriesOf(ctx: HandlerContext<OperationWithPath<'series_id'>>): SeriesCore {
  const id = ctx.path.series_id;
  if (!ctx.server.catalog.series.exists(id)) throw new ApiError(34);
  return ctx.server.catalog.series.core(id);
}

/** The season a path names; 404 status_code 34 when the series or season is not there. */
export function seasonOf(ctx: HandlerContext<OperationWithPath<'season_number'>>): { series: SeriesCore; season: SeasonPlan } {
  const series = seriesOf(ctx);
  const season = ctx.server.catalog.series.season(series, ctx.path.season_number);
  if (!season) throw new ApiError(34);
  return { series, season };
}

/** The episode a path names; 404 status_code 34 when the series, season or episode is not there. */
export function episodeOf(
  ctx: HandlerContext<OperationWithPath<'episode_number'>>,
): { series: SeriesCore; season: SeasonPlan; episode: number } {
  const { series, season } = seasonOf(ctx);
  const episode = ctx.path.episode_number;
  if (episode < 1 || episode > season.episodeCount) throw new ApiError(34);
  return { series, season, episode };
}

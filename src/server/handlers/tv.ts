import { PAGE_SIZE } from '../../contract/limits.js';
import { filterByLanguage } from '../catalog/images.js';
import type { SeasonPlan, SeriesCore } from '../catalog/series-core.js';
import type { OperationKey } from '../../contract/index.js';
import type { Caller, Handler, HandlerContext } from './context.js';
import { episodeOf, seasonOf, seriesOf } from './path-records.js';
import { raterOf } from './callers.js';
import { pageOffset, pagedBody } from './paging.js';

/** E16: the series added last, i.e. the highest id (always in production). */
export const tvLatest: Handler<'tvLatest'> = (ctx) =>
  ctx.server.catalog.series.details(ctx.server.catalog.shape.seriesCount, ctx.today);

/** Series details; the route appends the parts append_to_response asks for (see append.ts). */
export const tvDetails: Handler<'tvDetails'> = (ctx) => ctx.server.catalog.series.details(seriesOf(ctx).id, ctx.today);

/** The cast and crew of the series' latest season. */
export const seriesCredits: Handler<'seriesCredits'> = (ctx) => ctx.server.catalog.series.seriesCredits(seriesOf(ctx));

/** Everyone in any episode, with each character or job and how many episodes it counts. */
export const seriesAggregateCredits: Handler<'seriesAggregateCredits'> = (ctx) =>
  ctx.server.catalog.series.aggregateCredits(seriesOf(ctx));

/** An episode's cast (the regulars of its season), crew and guest stars. */
export const episodeCredits: Handler<'episodeCredits'> = (ctx) => {
  const { series, season, episode } = episodeOf(ctx);
  return ctx.server.catalog.series.episodeCredits(series, season, episode);
};

export const tvExternalIds: Handler<'tvExternalIds'> = (ctx) =>
  ctx.server.catalog.series.externalIds(seriesOf(ctx).id, ctx.today);

/** E18 */
export const popularTv: Handler<'popularTv'> = (ctx) => {
  const found = ctx.server.index.popularSeries(pageOffset(ctx.query.page), PAGE_SIZE);
  const { series } = ctx.server.catalog;
  return pagedBody(ctx.query.page, found.items.map((id) => series.listItem(id, ctx.today)), found.total);
};

/** E15 */
export const tvKeywords: Handler<'tvKeywords'> = (ctx) => ctx.server.catalog.series.keywords(seriesOf(ctx).id);

/**
 * A season and its episodes; the route appends the parts append_to_response asks for (see
 * append.ts), among them `account_states` for the caller that session_id or guest_session_id names.
 */
export const seasonDetails: Handler<'seasonDetails'> = (ctx) => {
  const { series, season } = seasonOf(ctx);
  return ctx.server.catalog.series.seasonDetails(series, season, ctx.today);
};

/** The caller's rating of each episode of a season: `{ value }`, or `false` where none. */
export function seasonStates(ctx: HandlerContext<OperationKey>, caller: Caller, series: SeriesCore, season: SeasonPlan) {
  const catalog = ctx.server.catalog.series;
  const rated = ctx.server.users.ratings.ofSeason(raterOf(caller), series.id, season.number);
  const results = Array.from({ length: season.episodeCount }, (_, i) => {
    const value = rated.get(i + 1);
    return {
      id: catalog.episodeId(series.id, season.number, i + 1),
      episode_number: i + 1,
      rated: value === undefined ? (false as const) : { value },
    };
  });
  return { id: catalog.seasonId(series, season), results };
}

/**
 * An episode on its own: unlike in its season's list, the real service does not name the series.
 * The route appends the parts append_to_response asks for (see append.ts).
 */
export const episodeDetails: Handler<'episodeDetails'> = (ctx) => {
  const { series, season, episode } = episodeOf(ctx);
  const { show_id: _seriesId, ...details } = ctx.server.catalog.series.episodeDetails(series, season, episode, ctx.today);
  return details;
};

/** E10 */
export const episodeImages: Handler<'episodeImages'> = (ctx) => stillsOf(ctx);

/** An episode's stills in the languages the request asks for (all of them when it names none). */
function stillsOf(ctx: HandlerContext<'episodeImages' | 'episodeDetails'>) {
  const { series, season, episode } = episodeOf(ctx);
  const images = ctx.server.catalog.series.episodeImages(series, season, episode);
  return {
    id: images.id,
    stills: filterByLanguage(images.stills, ctx.query.language, ctx.query.include_image_language),
  };
}

/** E19 */
export const episodeExternalIds: Handler<'episodeExternalIds'> = (ctx) => {
  const { series, season, episode } = episodeOf(ctx);
  return ctx.server.catalog.series.episodeExternalIds(series, season, episode);
};

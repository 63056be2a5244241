import { PAGE_SIZE } from '../../contract/limits.js';
import { dayNumber } from '../catalog/calendar.js';
import { groupSummary } from '../catalog/episode-groups.js';
import { filterByLanguage } from '../catalog/images.js';
import { recordTranslations } from '../catalog/record-translations.js';
import { seriesAlternativeTitles as alternativeTitlesOf, seriesContentRatings as contentRatingsOf } from '../catalog/series-records.js';
import { ApiError } from '../http/errors.js';
import type { Handler, HandlerContext } from './context.js';
import { pageOffset, pagedBody } from './paging.js';
import { seriesOf } from './path-records.js';

/** Series listings by air date and rating, and what the service keeps about a series beside its details. */

type SeriesListing = 'airingTodaySeries' | 'onTheAirSeries' | 'topRatedSeries';

function seriesPage(ctx: HandlerContext<SeriesListing>, found: { items: number[]; total: number }) {
  const { series } = ctx.server.catalog;
  return pagedBody(ctx.query.page, found.items.map((id) => series.listItem(id, ctx.today)), found.total);
}

/**
 * Today in the caller's time zone, as days from the server's today (UTC): -1, 0 or 1. A zone
 * the runtime does not know counts as UTC, as the real service answers for unknown zones.
 */
export function zoneDayOffset(now: Date, today: number, timezone: string | undefined): number {
  if (!timezone) return 0;
  let local: string;
  try {
    local = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return 0;
  }
  return dayNumber(new Date(`${local}T00:00:00Z`)) - today;
}

/** Series with an episode airing today (in `timezone`), most popular first. */
export const airingTodaySeries: Handler<'airingTodaySeries'> = (ctx) => {
  const day = zoneDayOffset(ctx.now, ctx.today, ctx.query.timezone);
  return seriesPage(ctx, ctx.server.index.seriesAiringBetween(day, day, pageOffset(ctx.query.page), PAGE_SIZE));
};

/** Series with an episode airing from today to six days on (in `timezone`), most popular first. */
export const onTheAirSeries: Handler<'onTheAirSeries'> = (ctx) => {
  const day = zoneDayOffset(ctx.now, ctx.today, ctx.query.timezone);
  return seriesPage(ctx, ctx.server.index.seriesAiringBetween(day, day + 6, pageOffset(ctx.query.page), PAGE_SIZE));
};

export const topRatedSeries: Handler<'topRatedSeries'> = (ctx) =>
  seriesPage(ctx, ctx.server.index.topRatedSeries(pageOffset(ctx.query.page), PAGE_SIZE));

export const seriesAlternativeTitles: Handler<'seriesAlternativeTitles'> = (ctx) =>
  alternativeTitlesOf(ctx.server.catalog.shape.seed, seriesOf(ctx));

export const seriesContentRatings: Handler<'seriesContentRatings'> = (ctx) =>
  contentRatingsOf(ctx.server.catalog.shape.seed, seriesOf(ctx));

export const seriesEpisodeGroups: Handler<'seriesEpisodeGroups'> = (ctx) => {
  const core = seriesOf(ctx);
  const { series } = ctx.server.catalog;
  const network = series.networkOf(core.id);
  return { id: core.id, results: series.episodeGroups(core).map((plan) => groupSummary(plan, network)) };
};

/** A series' images in the languages the request asks for (all of them when it names none). */
export const seriesImages: Handler<'seriesImages'> = (ctx) => {
  const images = ctx.server.catalog.series.images(seriesOf(ctx).id);
  const { language, include_image_language: include } = ctx.query;
  return {
    id: images.id,
    backdrops: filterByLanguage(images.backdrops, language, include),
    logos: filterByLanguage(images.logos, language, include),
    posters: filterByLanguage(images.posters, language, include),
  };
};

/** Lists here hold films only (add_item takes a movie), so no list holds a series. */
export const seriesLists: Handler<'seriesLists'> = (ctx) => ({ id: seriesOf(ctx).id, ...pagedBody(ctx.query.page, [], 0) });

export const seriesScreenedTheatrically: Handler<'seriesScreenedTheatrically'> = (ctx) => {
  const core = seriesOf(ctx);
  const { series } = ctx.server.catalog;
  return {
    id: core.id,
    results: series.screenedTheatrically(core).map(([season, episode]) => ({
      id: series.episodeId(core.id, season.number, episode),
      episode_number: episode,
      season_number: season.number,
    })),
  };
};

export const seriesTranslations: Handler<'seriesTranslations'> = (ctx) => {
  const { id } = seriesOf(ctx);
  const details = ctx.server.catalog.series.details(id, ctx.today);
  return recordTranslations(ctx.server.catalog.shape.seed, 'series', details, ['name', 'overview', 'homepage', 'tagline']);
};

/** An episode group: its parts in order, each episode as the episode's own answers name it. */
export const episodeGroupDetails: Handler<'episodeGroupDetails'> = (ctx) => {
  const { series } = ctx.server.catalog;
  const found = series.episodeGroup(ctx.path.tv_episode_group_id);
  if (!found) throw new ApiError(34);
  const { core, plan } = found;
  return {
    ...groupSummary(plan, series.networkOf(core.id)),
    groups: plan.parts.map((part, order) => ({
      id: part.id,
      name: part.name,
      order: order + 1,
      episodes: part.episodes.map(([season, episode], index) => ({
        ...series.episodeSummary(core, season, episode, ctx.today),
        order: index,
      })),
      locked: true,
    })),
  };
};

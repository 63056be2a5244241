import { PAGE_SIZE } from '../../contract/limits.js';
import { filterByLanguage } from '../catalog/images.js';
import type { SeasonPlan, SeriesCore } from '../catalog/series-core.js';
import type { OperationKey } from '../../contract/index.js';
import type { Caller, Handler, HandlerContext } from './context.js';
import { episodeOf, seasonOf, seriesOf } from './path-records.js';
import { answeredNow, appendParts, appendedParts, partContext } from './append.js';
import { seriesRecommendations, seriesVideos, similarSeries } from './related.js';
import { seriesWatchProviders } from './watch-providers.js';
import { raterOf } from './callers.js';
import { pageOffset, pagedBody } from './paging.js';
import {
  episodeTranslations, episodeVideos, seasonAggregateCredits, seasonCredits, seasonExternalIds, seasonImages,
  seasonTranslations, seasonVideos, seasonWatchProviders,
} from './seasons.js';
import {
  seriesAlternativeTitles, seriesContentRatings, seriesEpisodeGroups, seriesImages, seriesLists,
  seriesScreenedTheatrically, seriesTranslations,
} from './series-records.js';

/** E16: the series added last, i.e. the highest id (always in production). */
export const tvLatest: Handler<'tvLatest'> = (ctx) =>
  ctx.server.catalog.series.details(ctx.server.catalog.shape.seriesCount, ctx.today);

/**
 * Series details; append_to_response may add `keywords`, `videos`, `watch/providers`,
 * `recommendations`, `similar`, `lists` (their first pages), `external_ids`, `credits`,
 * `aggregate_credits`, `alternative_titles`, `content_ratings`, `episode_groups`, `images`,
 * `screened_theatrically` and `translations`, each as its own operation answers in the
 * request's language.
 */
export const tvDetails: Handler<'tvDetails'> = (ctx) => {
  const parts = appendedParts(ctx.query.append_to_response);
  const { id } = seriesOf(ctx);
  const { language } = ctx.query;
  const firstPage = { language, page: 1 };
  const imageQuery = { language, include_image_language: ctx.query.include_image_language };
  return appendParts(ctx.server.catalog.series.details(id, ctx.today), parts, {
    keywords: () => ctx.server.catalog.series.keywords(id),
    videos: () => answeredNow(seriesVideos(partContext(ctx, 'seriesVideos', { language }))),
    'watch/providers': () => answeredNow(seriesWatchProviders(partContext(ctx, 'seriesWatchProviders', {}))),
    recommendations: () => answeredNow(seriesRecommendations(partContext(ctx, 'seriesRecommendations', firstPage))),
    similar: () => answeredNow(similarSeries(partContext(ctx, 'similarSeries', firstPage))),
    external_ids: () => answeredNow(tvExternalIds(partContext(ctx, 'tvExternalIds', {}))),
    credits: () => ctx.server.catalog.series.seriesCredits(seriesOf(ctx)),
    aggregate_credits: () => ctx.server.catalog.series.aggregateCredits(seriesOf(ctx)),
    alternative_titles: () => answeredNow(seriesAlternativeTitles(partContext(ctx, 'seriesAlternativeTitles', {}))),
    content_ratings: () => answeredNow(seriesContentRatings(partContext(ctx, 'seriesContentRatings', {}))),
    episode_groups: () => answeredNow(seriesEpisodeGroups(partContext(ctx, 'seriesEpisodeGroups', {}))),
    images: () => answeredNow(seriesImages(partContext(ctx, 'seriesImages', imageQuery))),
    lists: () => answeredNow(seriesLists(partContext(ctx, 'seriesLists', firstPage))),
    screened_theatrically: () => answeredNow(seriesScreenedTheatrically(partContext(ctx, 'seriesScreenedTheatrically', {}))),
    translations: () => answeredNow(seriesTranslations(partContext(ctx, 'seriesTranslations', {}))),
  });
};

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
 * A season and its episodes; append_to_response may add `account_states`, the ratings of the
 * caller that session_id or guest_session_id names (left out when neither is given), and
 * `aggregate_credits`, `credits`, `external_ids`, `images`, `translations`, `videos` and
 * `watch/providers`, each as its own operation answers.
 */
export const seasonDetails: Handler<'seasonDetails'> = (ctx) => {
  const parts = appendedParts(ctx.query.append_to_response);
  const { series, season } = seasonOf(ctx);
  const details = ctx.server.catalog.series.seasonDetails(series, season, ctx.today);
  const { language } = ctx.query;
  return appendParts(details, parts, {
    account_states: () => {
      const caller = ctx.optionalCaller();
      return caller && seasonStates(ctx, caller, series, season);
    },
    aggregate_credits: () => answeredNow(seasonAggregateCredits(partContext(ctx, 'seasonAggregateCredits', { language }))),
    credits: () => answeredNow(seasonCredits(partContext(ctx, 'seasonCredits', { language }))),
    external_ids: () => answeredNow(seasonExternalIds(partContext(ctx, 'seasonExternalIds', {}))),
    images: () =>
      answeredNow(seasonImages(partContext(ctx, 'seasonImages', { language, include_image_language: ctx.query.include_image_language }))),
    translations: () => answeredNow(seasonTranslations(partContext(ctx, 'seasonTranslations', {}))),
    videos: () => answeredNow(seasonVideos(partContext(ctx, 'seasonVideos', { language }))),
    'watch/providers': () => answeredNow(seasonWatchProviders(partContext(ctx, 'seasonWatchProviders', { language }))),
  });
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

/** An episode on its own: unlike in its season's list, the real service does not name the series. */
export const episodeDetails: Handler<'episodeDetails'> = (ctx) => {
  const parts = appendedParts(ctx.query.append_to_response);
  const { series, season, episode } = episodeOf(ctx);
  const { show_id: _seriesId, ...details } = ctx.server.catalog.series.episodeDetails(series, season, episode, ctx.today);
  // append_to_response may add `images` (filtered by the request's languages), `external_ids`,
  // `credits`, `translations` and `videos`.
  return appendParts(details, parts, {
    images: () => stillsOf(ctx),
    external_ids: () => ctx.server.catalog.series.episodeExternalIds(series, season, episode),
    credits: () => ctx.server.catalog.series.episodeCredits(series, season, episode),
    translations: () => answeredNow(episodeTranslations(partContext(ctx, 'episodeTranslations', {}))),
    videos: () => answeredNow(episodeVideos(partContext(ctx, 'episodeVideos', { language: ctx.query.language }))),
  });
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

import { filterByLanguage } from '../catalog/images.js';
import { recordTranslations } from '../catalog/record-translations.js';
import { airOffset } from '../catalog/series-core.js';
import { stream } from '../catalog/random.js';
import { titleVideos, videoLanguages } from '../catalog/videos.js';
import type { Handler, HandlerContext } from './context.js';
import { partContext } from './append.js';
import { episodeOf, seasonOf } from './path-records.js';
import { seriesWatchProviders } from './watch-providers.js';

/** What the service keeps about a season and an episode beside their details. */

/** Everyone in any episode of the season, with their characters and jobs and the episodes they count. */
export const seasonAggregateCredits: Handler<'seasonAggregateCredits'> = (ctx) => {
  const { series, season } = seasonOf(ctx);
  return ctx.server.catalog.series.aggregateCredits(series, season);
};

/** The season's regulars and the crew of its episodes. */
export const seasonCredits: Handler<'seasonCredits'> = (ctx) => {
  const { series, season } = seasonOf(ctx);
  return ctx.server.catalog.series.seasonCredits(series, season);
};

export const seasonExternalIds: Handler<'seasonExternalIds'> = (ctx) => {
  const { series, season } = seasonOf(ctx);
  return ctx.server.catalog.series.seasonExternalIds(series, season);
};

export const seasonImages: Handler<'seasonImages'> = (ctx) => {
  const { series, season } = seasonOf(ctx);
  const images = ctx.server.catalog.series.seasonImages(series, season);
  return { id: images.id, posters: filterByLanguage(images.posters, ctx.query.language, ctx.query.include_image_language) };
};

export const seasonTranslations: Handler<'seasonTranslations'> = (ctx) => {
  const { series, season } = seasonOf(ctx);
  const summary = ctx.server.catalog.series.seasonSummary(series, season, ctx.today);
  return recordTranslations(ctx.server.catalog.shape.seed, 'season', summary, ['name', 'overview']);
};

function wanted<T extends { iso_639_1: string }>(ctx: HandlerContext<'seasonVideos' | 'episodeVideos'>, all: T[]): T[] {
  const languages = videoLanguages(ctx.query.language, ctx.query.include_video_language);
  return all.filter((video) => languages.has(video.iso_639_1));
}

/** A season's trailers, teasers and recaps, published up to its first episode and never after today. */
export const seasonVideos: Handler<'seasonVideos'> = (ctx) => {
  const { series, season } = seasonOf(ctx);
  const catalog = ctx.server.catalog;
  const id = catalog.series.seasonId(series, season);
  const title = `${series.name} ${season.number === 0 ? 'Specials' : `Season ${season.number}`}`;
  const all = titleVideos(catalog.shape.seed, 'season', id, title, series.originalLanguage, season.startOffset, ctx.today);
  return { id, results: wanted(ctx, all) };
};

/** Most episodes have no videos of their own; now and then one has a preview or a clip. */
export const episodeVideos: Handler<'episodeVideos'> = (ctx) => {
  const { series, season, episode } = episodeOf(ctx);
  const catalog = ctx.server.catalog;
  const id = catalog.series.episodeId(series.id, season.number, episode);
  if (!stream(catalog.shape.seed, 'episode-has-videos', id).chance(0.3)) return { id, results: [] };
  const { name } = catalog.series.episodeSummary(series, season, episode, ctx.today);
  const all = titleVideos(catalog.shape.seed, 'episode', id, `${series.name}: ${name}`, series.originalLanguage, airOffset(season, episode), ctx.today);
  return { id, results: wanted(ctx, all) };
};

/** Where a season can be watched: where its series can, once it has begun airing; nowhere before. */
export const seasonWatchProviders: Handler<'seasonWatchProviders'> = (ctx) => {
  const { series, season } = seasonOf(ctx);
  const id = ctx.server.catalog.series.seasonId(series, season);
  if (season.startOffset > 0) return { id, results: {} };
  const offers = seriesWatchProviders(partContext(ctx, 'seriesWatchProviders', {}));
  return { ...(offers as Exclude<typeof offers, Promise<unknown>>), id };
};

export const episodeTranslations: Handler<'episodeTranslations'> = (ctx) => {
  const { series, season, episode } = episodeOf(ctx);
  const summary = ctx.server.catalog.series.episodeSummary(series, season, episode, ctx.today);
  return recordTranslations(ctx.server.catalog.shape.seed, 'episode', summary, ['name', 'overview']);
};

import type { FindResults } from '../../contract/index.js';
import { EXTERNAL_SOURCES, type ExternalSource } from '../../contract/vocabulary.js';
import { type ExternalTarget, parseHandle, parseImdbId, parseTvdbId, parseWikidataId } from '../catalog/external-ids.js';
import type { CatalogGenerator } from '../catalog/generator.js';
import type { Handler } from './context.js';

const nothing = (): FindResults => ({
  movie_results: [], person_results: [], tv_results: [], tv_episode_results: [], tv_season_results: [],
});

const isExternalSource = (source: string): source is ExternalSource => (EXTERNAL_SOURCES as readonly string[]).includes(source);

/** The records an id of this source could name, read back from its form (catalog/external-ids.ts). */
function candidates(source: ExternalSource, text: string): ExternalTarget[] {
  switch (source) {
    case 'imdb_id':
      return [parseImdbId(text)].filter((target) => target !== undefined);
    case 'tvdb_id':
      return [parseTvdbId(text)].filter((target) => target !== undefined);
    case 'wikidata_id':
      return [parseWikidataId(text)].filter((target) => target !== undefined);
    case 'facebook_id':
    case 'instagram_id':
    case 'twitter_id':
    case 'tiktok_id':
    case 'youtube_id':
      return parseHandle(text);
  }
}

/** The ids elsewhere the record's own external_ids answer gives, or undefined when there is no such record. */
function externalIdsOf(catalog: CatalogGenerator, target: ExternalTarget, today: number): Record<string, unknown> | undefined {
  const { movies, series, people } = catalog;
  switch (target.kind) {
    case 'movie':
      return movies.exists(target.id) ? movies.externalIds(target.id, today) : undefined;
    case 'tv':
      return series.exists(target.id) ? series.externalIds(target.id, today) : undefined;
    case 'season': {
      if (!series.exists(target.seriesId)) return undefined;
      const core = series.core(target.seriesId);
      const season = series.season(core, target.season);
      return season && series.seasonExternalIds(core, season);
    }
    case 'episode': {
      if (!series.hasEpisode(target.seriesId, target.season, target.episode)) return undefined;
      const core = series.core(target.seriesId);
      return series.episodeExternalIds(core, series.season(core, target.season)!, target.episode);
    }
    case 'person':
      return people.exists(target.id) ? people.externalIds(target.id, today) : undefined;
  }
}

/** Puts what a target names in its kind's array, as the service lists it. */
function addFound(catalog: CatalogGenerator, found: FindResults, target: ExternalTarget, today: number) {
  const { movies, series, people } = catalog;
  switch (target.kind) {
    case 'movie':
      found.movie_results.push({ ...movies.listItem(target.id, today), media_type: 'movie' });
      break;
    case 'tv':
      found.tv_results.push({ ...series.listItem(target.id, today), media_type: 'tv' });
      break;
    case 'season': {
      const core = series.core(target.seriesId);
      found.tv_season_results.push({ ...series.seasonSummary(core, series.season(core, target.season)!, today), show_id: core.id });
      break;
    }
    case 'episode': {
      const core = series.core(target.seriesId);
      const summary = series.episodeSummary(core, series.season(core, target.season)!, target.episode, today);
      found.tv_episode_results.push({ ...summary, media_type: 'tv_episode' });
      break;
    }
    case 'person':
      found.person_results.push(people.searchItem(target.id, today));
      break;
  }
}

/**
 * Find by external id, for every source the contract names. A record is found only when its own
 * external_ids answer carries exactly that id under that source, so find and external_ids always
 * agree. An id that names nothing is answered with every array empty, as the service answers an
 * id it does not know. An unknown external_source was refused before this (422, status_code 5).
 */
export const findByExternalId: Handler<'findByExternalId'> = (ctx) => {
  const { catalog } = ctx.server;
  const source = ctx.query.external_source;
  const text = ctx.path.external_id;
  const found = nothing();
  if (!isExternalSource(source)) return found;
  for (const target of candidates(source, text)) {
    const carried = externalIdsOf(catalog, target, ctx.today)?.[source];
    if (carried !== null && carried !== undefined && String(carried) === text) addFound(catalog, found, target, ctx.today);
  }
  return found;
};

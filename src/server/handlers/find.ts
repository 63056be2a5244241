import type { FindResults } from '../../contract/index.js';
import { parseImdbId } from '../catalog/external-ids.js';
import type { CatalogGenerator } from '../catalog/generator.js';
import type { Handler } from './context.js';

const nothing = (): FindResults => ({
  movie_results: [], person_results: [], tv_results: [], tv_episode_results: [], tv_season_results: [],
});

/**
 * What an IMDb id names in the catalog. The id is read back from its form (catalog/external-ids.ts)
 * and accepted only when the record it points at carries exactly that id.
 */
function findImdbId(catalog: CatalogGenerator, text: string, today: number): FindResults {
  const found = nothing();
  const target = parseImdbId(text);
  if (!target) return found;
  const { movies, series, people } = catalog;
  switch (target.kind) {
    case 'movie':
      if (movies.exists(target.id) && movies.details(target.id, today).imdb_id === text) {
        found.movie_results.push({ ...movies.listItem(target.id, today), media_type: 'movie' });
      }
      break;
    case 'tv':
      if (series.exists(target.id)) found.tv_results.push({ ...series.listItem(target.id, today), media_type: 'tv' });
      break;
    case 'episode': {
      if (!series.hasEpisode(target.seriesId, target.season, target.episode)) break;
      const core = series.core(target.seriesId);
      const season = series.season(core, target.season)!;
      if (series.episodeExternalIds(core, season, target.episode).imdb_id === text) {
        found.tv_episode_results.push({ ...series.episodeSummary(core, season, target.episode, today), media_type: 'tv_episode' });
      }
      break;
    }
    case 'person':
      if (people.exists(target.id) && people.details(target.id, today).imdb_id === text) {
        found.person_results.push(people.searchItem(target.id, today));
      }
      break;
  }
  return found;
}

/**
 * Find by external id. The catalog's records carry IMDb ids only; an id from another source,
 * or one that names nothing, is answered with every array empty, as the service answers an
 * id it does not know. An unknown external_source was refused before this (422, status_code 5).
 */
export const findByExternalId: Handler<'findByExternalId'> = (ctx) =>
  ctx.query.external_source === 'imdb_id' ? findImdbId(ctx.server.catalog, ctx.path.external_id, ctx.today) : nothing();

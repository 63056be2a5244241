import type {
  EpisodeDetails,
  EpisodeExternalIds,
  EpisodeImages,
  ImageEntry,
  SeasonDetails,
  TvDetails,
  TvListItem,
} from '../contract/index.js';
import type { EpisodeRef } from './ratings.js';
import type { SliceContext } from './types.js';

export type { EpisodeDetails, EpisodeExternalIds, EpisodeImages, ImageEntry, SeasonDetails, TvDetails, TvListItem };

/** Where each TV answer lives in the data slice (state.data). */
export const TV_POPULAR = 'tv:popular';
export const TV_LATEST = 'tv:latest';
export const seriesKey = (id: number) => `tv:${id}`;
export const keywordsKey = (id: number) => `tv:${id}:keywords`;
export const seasonKey = (seriesId: number, season: number) => `tv:${seriesId}:season:${season}`;
export const episodeKey = (ref: EpisodeRef) => `${seasonKey(ref.seriesId, ref.season)}:episode:${ref.episode}`;
export const externalIdsKey = (ref: EpisodeRef) => `${episodeKey(ref)}:external-ids`;
/** `languages` is the include_image_language value; undefined asks for every still. */
export const stillsKey = (ref: EpisodeRef, languages: string | undefined) => `${episodeKey(ref)}:stills:${languages ?? 'all'}`;

export interface TvSlice {
  /** E18 */
  loadPopular(force?: boolean): Promise<void>;
  /** E16 */
  loadLatest(force?: boolean): Promise<void>;
  loadDetails(id: number, force?: boolean): Promise<void>;
  /** E15 */
  loadKeywords(id: number, force?: boolean): Promise<void>;
  loadSeason(seriesId: number, season: number, force?: boolean): Promise<void>;
  loadEpisode(ref: EpisodeRef, force?: boolean): Promise<void>;
  /** E10; `languages` as include_image_language ("en,null", "null"), undefined for every still. */
  loadStills(ref: EpisodeRef, languages: string | undefined, force?: boolean): Promise<void>;
  /** E19 */
  loadExternalIds(ref: EpisodeRef, force?: boolean): Promise<void>;
}

const episodePath = (ref: EpisodeRef) => ({
  series_id: ref.seriesId,
  season_number: ref.season,
  episode_number: ref.episode,
});

export function createTvSlice({ get }: SliceContext): TvSlice {
  const data = () => get().data;
  return {
    loadPopular(force = false) {
      return data().fetchPaged(TV_POPULAR, (client, page) => client.call('popularTv', { query: { page } }), { force });
    },
    loadLatest(force = false) {
      return data().fetchResource(TV_LATEST, (client) => client.call('tvLatest', {}), { force });
    },
    loadDetails(id, force = false) {
      return data().fetchResource(seriesKey(id), (client) => client.call('tvDetails', { path: { series_id: id } }), { force });
    },
    loadKeywords(id, force = false) {
      return data().fetchResource(keywordsKey(id), (client) => client.call('tvKeywords', { path: { series_id: id } }), { force });
    },
    loadSeason(seriesId, season, force = false) {
      return data().fetchResource(
        seasonKey(seriesId, season),
        (client) => client.call('seasonDetails', { path: { series_id: seriesId, season_number: season } }),
        { force },
      );
    },
    loadEpisode(ref, force = false) {
      return data().fetchResource(episodeKey(ref), (client) => client.call('episodeDetails', { path: episodePath(ref) }), { force });
    },
    loadStills(ref, languages, force = false) {
      return data().fetchResource(
        stillsKey(ref, languages),
        (client) =>
          client.call('episodeImages', {
            path: episodePath(ref),
            query: languages === undefined ? {} : { include_image_language: languages },
          }),
        { force },
      );
    },
    loadExternalIds(ref, force = false) {
      return data().fetchResource(
        externalIdsKey(ref),
        (client) => client.call('episodeExternalIds', { path: episodePath(ref) }),
        { force },
      );
    },
  };
}

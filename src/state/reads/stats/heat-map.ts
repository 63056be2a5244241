import type { Source } from '../../slices/queries.js';
import { eachLimited } from '../calendar.js';
import type { SeasonEpisodes } from './figures.js';

/**
 * The episodes of a series season by season, with the service's votes: what a heat map sets my
 * ratings beside. One read of the query layer (the series, then its seasons, a few at a
 * time), so opening the map again costs no request.
 */

export interface SeriesSeasons {
  readonly name: string;
  readonly seasons: readonly SeasonEpisodes[];
}

const PARALLEL_READS = 4;

export function seriesSeasonsSource(seriesId: number): Source<SeriesSeasons> {
  return {
    key: `stats-seasons:${seriesId}`,
    load: async (client) => {
      const series = await client.call('tvDetails', { path: { series_id: seriesId } });
      const numbers = (series.seasons ?? []).filter((s) => (s.episode_count ?? 0) > 0).map((s) => s.season_number);
      const seasons = await eachLimited(numbers, PARALLEL_READS, async (season) => {
        const details = await client.call('seasonDetails', { path: { series_id: seriesId, season_number: season } });
        return {
          season,
          episodes: (details.episodes ?? []).map((e) => ({ episode: e.episode_number, name: e.name ?? '', voteAverage: e.vote_average ?? null, voteCount: e.vote_count ?? null })),
        };
      });
      return { name: series.name ?? `#${seriesId}`, seasons };
    },
  };
}

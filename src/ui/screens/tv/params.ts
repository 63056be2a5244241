import type { EpisodeSummary, SeasonSummary } from '../../../contract/index.js';
import type { EpisodeRef, ScreenParams } from '../../../state/index.js';
import { numberParam, stringParam } from '../registry.js';

/**
 * What the TV screens are pushed with. Ids are numbers; the names ride along so the
 * breadcrumb and the title read well before anything is loaded.
 */

/** tv.season: { seriesId, season, title: "Season 1", series: "Nadia's Wolfpack" } */
export function seasonParams(series: { id: number; name: string }, season: Pick<SeasonSummary, 'season_number' | 'name'>): ScreenParams {
  return { seriesId: series.id, season: season.season_number, title: season.name, series: series.name };
}

/** tv.episode: { seriesId, season, episode, title: "S1 E2 Mosaic" } */
export function episodeParams(seriesId: number, episode: Pick<EpisodeSummary, 'season_number' | 'episode_number' | 'name'>): ScreenParams {
  return {
    seriesId,
    season: episode.season_number,
    episode: episode.episode_number,
    title: `S${episode.season_number} E${episode.episode_number} ${episode.name}`.trim(),
  };
}

/** The episode a tv.episode entry is about; undefined when its parameters are not numbers. */
export function episodeRefOf(params: ScreenParams): EpisodeRef | undefined {
  const seriesId = numberParam(params, 'seriesId');
  const season = numberParam(params, 'season');
  const episode = numberParam(params, 'episode');
  if (seriesId === undefined || season === undefined || episode === undefined) return undefined;
  return { seriesId, season, episode };
}

export function seasonOf(params: ScreenParams): { seriesId: number; season: number; series?: string } | undefined {
  const seriesId = numberParam(params, 'seriesId');
  const season = numberParam(params, 'season');
  if (seriesId === undefined || season === undefined) return undefined;
  return { seriesId, season, series: stringParam(params, 'series') };
}

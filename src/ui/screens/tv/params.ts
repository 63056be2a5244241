import type { EpisodeSummary, SeasonSummary } from '../../../contract/index.js';
import type { Titled } from '../screen.js';

/**
 * What the TV screens are pushed with. Ids are numbers; the names ride along so the
 * breadcrumb and the title read well before anything is loaded.
 */

/** tv.season: { seriesId, season, title: "Season 1", series: "Nadia's Wolfpack" } */
export interface SeasonParams extends Titled {
  readonly seriesId: number;
  readonly season: number;
  readonly series?: string;
  /** Opened by quick rating going on from the season before: the form opens on the first episode. */
  readonly rateFirst?: boolean;
  /** Opens in rating mode (going on from the season before in it, or from Up next). */
  readonly quickRating?: boolean;
  /** The episode (its number) the cursor starts on. */
  readonly startAt?: number;
}

/** tv.episode: { seriesId, season, episode, title: "S1 E2 Mosaic" } */
export interface EpisodeParams extends Titled {
  readonly seriesId: number;
  readonly season: number;
  readonly episode: number;
}

/** A season's name; an old season 0 without one is the specials, as the service names it now. */
export function seasonName(season: Pick<SeasonSummary, 'season_number' | 'name'>): string {
  return season.name || (season.season_number === 0 ? 'Specials' : `Season ${season.season_number}`);
}

export function seasonParams(series: { id: number; name?: string | null }, season: Pick<SeasonSummary, 'season_number' | 'name'>): SeasonParams {
  return { seriesId: series.id, season: season.season_number, title: seasonName(season), series: series.name ?? undefined };
}

export function episodeParams(seriesId: number, episode: Pick<EpisodeSummary, 'season_number' | 'episode_number' | 'name'>): EpisodeParams {
  return {
    seriesId,
    season: episode.season_number,
    episode: episode.episode_number,
    title: `S${episode.season_number} E${episode.episode_number} ${episode.name ?? ''}`.trim(),
  };
}

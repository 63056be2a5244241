import type { SeasonSummary } from '../../../contract/index.js';
import { useOperation } from '../../queries.js';
import type { EpisodeParams, SeasonParams } from './params.js';

/**
 * The seasons and episodes next to the one on screen, for stepping through a series without
 * going back up: `]`/`[` on an episode, and quick rating going on into the next season. Both
 * reads are usually cached already (the series and the season were open on the way here).
 */

/** The series' seasons with episodes, in order; specials (season 0) only when on them. */
function stepSeasons(seasons: readonly SeasonSummary[] | null | undefined, current: number): SeasonSummary[] {
  return [...(seasons ?? [])]
    .filter((s) => (s.episode_count ?? 1) > 0 && (s.season_number !== 0 || current === 0))
    .sort((a, b) => a.season_number - b.season_number);
}

export interface SeasonNeighbours {
  readonly next?: SeasonParams;
}

/** The season after `season` of the series, if it has one. */
export function useNextSeason(seriesId: number, season: number, seriesName?: string): SeasonNeighbours {
  const series = useOperation('tvDetails', { path: { series_id: seriesId } });
  const seasons = stepSeasons(series.data?.seasons, season);
  const next = seasons.find((s) => s.season_number > season);
  if (!next) return {};
  const name = seriesName ?? series.data?.name ?? undefined;
  return { next: { seriesId, season: next.season_number, title: next.name ?? `Season ${next.season_number}`, series: name } };
}

export interface EpisodeNeighbours {
  /** False while the series or the season is still loading: then neither is known yet. */
  readonly known: boolean;
  readonly next?: EpisodeParams;
  readonly previous?: EpisodeParams;
}

const titled = (seriesId: number, season: number, episode: number, name?: string | null): EpisodeParams => ({
  seriesId,
  season,
  episode,
  title: `S${season} E${episode}${name ? ` ${name}` : ''}`,
});

/** The episodes before and after one: in its season, else the first of the next season or the last of the one before. */
export function useEpisodeNeighbours(seriesId: number, season: number, episode: number): EpisodeNeighbours {
  const series = useOperation('tvDetails', { path: { series_id: seriesId } });
  const seasonDetails = useOperation('seasonDetails', { path: { series_id: seriesId, season_number: season } });
  const episodes = seasonDetails.data?.episodes ?? [];
  const index = episodes.findIndex((e) => e.episode_number === episode);
  const seasons = stepSeasons(series.data?.seasons, season);
  const after = seasons.find((s) => s.season_number > season);
  const before = seasons.filter((s) => s.season_number < season).at(-1);

  const inSeasonNext = index >= 0 ? episodes[index + 1] : undefined;
  const inSeasonPrevious = index > 0 ? episodes[index - 1] : undefined;
  const next = inSeasonNext
    ? titled(seriesId, season, inSeasonNext.episode_number, inSeasonNext.name)
    : index >= 0 && after
      ? titled(seriesId, after.season_number, 1)
      : undefined;
  const previous = inSeasonPrevious
    ? titled(seriesId, season, inSeasonPrevious.episode_number, inSeasonPrevious.name)
    : index === 0 && before && (before.episode_count ?? 0) > 0
      ? titled(seriesId, before.season_number, before.episode_count!)
      : undefined;
  return { known: series.status === 'ready' && seasonDetails.status === 'ready', next, previous };
}

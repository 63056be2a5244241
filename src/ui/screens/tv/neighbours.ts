import type { SeasonSummary } from '../../../contract/index.js';
import type { NavigationSlice, ScreenEntry } from '../../../state/index.js';
import { useOperation } from '../../queries.js';
import { seasonName, seasonParams, type EpisodeParams, type SeasonParams } from './params.js';

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
  return { next: { seriesId, season: next.season_number, title: seasonName(next), series: name } };
}

/** An episode to step to; `season` when it is in another season than the one stepped from. */
export interface EpisodeStep {
  readonly episode: EpisodeParams;
  readonly season?: SeasonParams;
}

export interface EpisodeNeighbours {
  /** False while the series or the season is still loading: then neither is known yet. */
  readonly known: boolean;
  readonly next?: EpisodeStep;
  readonly previous?: EpisodeStep;
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
  // Stepping into another season names it too, so the screen under the episode can follow.
  const intoSeason = (summary: SeasonSummary, episodeNumber: number): EpisodeStep => ({
    episode: titled(seriesId, summary.season_number, episodeNumber),
    season: { ...seasonParams({ id: seriesId, name: series.data?.name }, summary), startAt: episodeNumber },
  });
  const next = inSeasonNext
    ? { episode: titled(seriesId, season, inSeasonNext.episode_number, inSeasonNext.name) }
    : index >= 0 && after
      ? intoSeason(after, 1)
      : undefined;
  const previous = inSeasonPrevious
    ? { episode: titled(seriesId, season, inSeasonPrevious.episode_number, inSeasonPrevious.name) }
    : index === 0 && before && (before.episode_count ?? 0) > 0
      ? intoSeason(before, before.episode_count!)
      : undefined;
  return { known: series.status === 'ready' && seasonDetails.status === 'ready', next, previous };
}

/**
 * Goes to a neighbouring episode in place of this one. Into another season, the season screen
 * under this episode (when it is this series' season) becomes that season, with its cursor on
 * the episode, so the breadcrumb reads "Season 2 > S2 E1" and Esc goes back to the season shown.
 */
export function stepToEpisode(nav: NavigationSlice, stack: readonly ScreenEntry[], step: EpisodeStep): void {
  const under = stack.at(-2);
  const season = step.season;
  if (season && under?.screen === 'tv.season' && under.params.seriesId === season.seriesId && under.params.season !== season.season) {
    nav.pop();
    nav.replaceTop('tv.season', season);
    nav.push('tv.episode', step.episode);
    return;
  }
  nav.replaceTop('tv.episode', step.episode);
}

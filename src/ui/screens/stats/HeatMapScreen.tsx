import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { seasonHeatMap, seriesSeasonsSource, type HeatCell, type HeatSeason } from '../../../state/index.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { ScrollList } from '../../components/ScrollList.js';
import { wrapWithin } from '../../format.js';
import { hintLine } from '../../hints.js';
import { useSource } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { useTheme, type Theme } from '../../theme.js';
import type { ScreenProps, Titled } from '../screen.js';
import { useStatsSource } from './useStatsSource.js';

/** One line of the map: a season's row of my ratings, or of the crowd's votes, or a part of either when it wraps. */
interface MapLine {
  readonly key: string;
  readonly season: HeatSeason;
  readonly whose: 'mine' | 'crowd';
  readonly cells: readonly HeatCell[];
  /** The first line of the season's pair (it names the season). */
  readonly first: boolean;
}

/** Columns of one cell: "7.5 ". */
const CELL = 4;
/** Columns of the mean before the cells: "avg 7.4 │ ". */
const MEAN = 10;

const seasonName = (season: number) => (season === 0 ? 'Specials' : `S${season}`);

/** A rating's colour: the heat of the map. */
function heat(theme: Theme, value: number | null): string | undefined {
  if (value === null) return theme.muted;
  if (value >= 8) return theme.success;
  if (value >= 6.5) return theme.accent;
  if (value >= 5) return theme.warning;
  return theme.danger;
}

const cellText = (value: number | null) => (value === null ? ' · ' : value >= 10 ? '10 ' : value.toFixed(1));

/**
 * A series' episodes season by season (from the Stats view): my rating of each episode on one
 * line, the service's vote under it, coloured by how high they are; under NO_COLOR the numbers
 * alone. Enter opens the season.
 */
export function HeatMapScreen({ entry, width, height }: ScreenProps<Titled & { readonly seriesId: number }>) {
  const store = useAppStore();
  const theme = useTheme();
  const { seriesId } = entry.params;
  const stats = useSource(useStatsSource());
  const seasons = useSource(useMemo(() => seriesSeasonsSource(seriesId), [seriesId]));
  // The labels in one column as wide as the longest ("Specials crowd "), so the means line up.
  const labelWidth = Math.max(4, ...(seasons.data?.seasons ?? []).map((season) => seasonName(season.season).length)) + ' crowd '.length;
  const perLine = Math.max(4, Math.floor((rowWidth(width) - labelWidth - MEAN) / CELL));
  const lines = useMemo<MapLine[]>(() => {
    if (!seasons.data || !stats.data) return [];
    const mine = stats.data.data.episodes.filter((e) => e.seriesId === seriesId);
    const out: MapLine[] = [];
    for (const season of seasonHeatMap(seasons.data.seasons, mine)) {
      for (const whose of ['mine', 'crowd'] as const) {
        for (let from = 0; from < Math.max(1, season.cells.length); from += perLine) {
          out.push({ key: `${season.season}:${whose}:${from}`, season, whose, cells: season.cells.slice(from, from + perLine), first: from === 0 });
        }
      }
    }
    return out;
  }, [seasons.data, stats.data, seriesId, perLine]);

  // Wrapped at word ends, in at most two lines: the map keeps the rest of the height.
  const legend = wrapWithin(
    `Each season: my rating of each episode, then the service's vote (avg: the season's mean; · none)${theme.name === 'mono' ? '' : '; green 8+, cyan 6.5+, yellow 5+, red below'}`,
    width,
    2,
  );
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={`${entry.params.title}: episodes`} hint={hintLine(['list.open', 'season'])} />
      {legend.map((text, i) => (
        <Text key={i} color={theme.muted} wrap="truncate-end">
          {text}
        </Text>
      ))}
      <Loadable
        status={seasons.status === 'ready' ? stats.status : seasons.status}
        error={seasons.error ?? stats.error}
        hasValue={lines.length > 0 || (seasons.data !== undefined && stats.data !== undefined)}
        what="the episodes"
        onRetry={() => (seasons.error ? seasons.retry() : stats.retry())}
      >
        <ScrollList<MapLine>
          id={`${entry.key}:map`}
          items={lines}
          height={height - 1 - legend.length}
          getKey={(line) => line.key}
          filterText={false}
          renderRow={(line) => {
            const label = line.first ? `${seasonName(line.season.season)} ${line.whose === 'mine' ? 'mine ' : 'crowd'}` : '';
            const mean = line.whose === 'mine' ? line.season.mine : line.season.crowd;
            return (
              <Text wrap="truncate-end">
                {label.padEnd(labelWidth)}
                {line.first ? `avg ${mean === null ? ' · ' : mean.toFixed(1).padStart(3)} │ ` : '        │ '}
                {line.cells.map((cell) => {
                  const value = line.whose === 'mine' ? cell.mine : cell.crowd;
                  return (
                    <Text key={cell.episode} color={heat(theme, value)}>
                      {cellText(value)}{' '}
                    </Text>
                  );
                })}
              </Text>
            );
          }}
          onOpen={(line) =>
            store.getState().nav.push('tv.season', {
              seriesId,
              season: line.season.season,
              title: line.season.season === 0 ? 'Specials' : `Season ${line.season.season}`,
              series: entry.params.title,
            })
          }
          emptyText="The series has no episodes."
        />
      </Loadable>
    </Box>
  );
}

import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { formatRating, statsTitleKey, type StatsTitle } from '../../../state/index.js';
import { Loadable } from '../../components/Loadable.js';
import { PreviewSplit } from '../../components/PreviewSplit.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { ScrollList } from '../../components/ScrollList.js';
import { fit, printable } from '../../format.js';
import { hintLine } from '../../hints.js';
import { useSource } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps, Titled } from '../screen.js';
import { useStatsSource } from './useStatsSource.js';
import { TitlePreview, type PreviewedTitle } from '../titles/TitlePreview.js';

interface Row {
  readonly ref: StatsTitle;
  readonly title: PreviewedTitle;
  readonly year: number | null;
  readonly rating: number | undefined;
}

/**
 * The titles behind a bar of the Stats view: an ordinary list of titles, with the preview
 * beside it on a wide terminal; Enter opens the film or the series. It reads what it shows from
 * the Stats view's read, which the query layer keeps: no request.
 */
export function StatsTitlesScreen({ entry, width, height }: ScreenProps<Titled & { readonly refs: readonly StatsTitle[] }>) {
  const store = useAppStore();
  const theme = useTheme();
  const stats = useSource(useStatsSource());
  const rows = useMemo<Row[]>(() => {
    const data = stats.data?.data;
    if (!data) return [];
    const mine = new Map([...data.films, ...data.series].map((t) => [statsTitleKey(t), t.rating]));
    return entry.params.refs.map((ref) => {
      const key = statsTitleKey(ref);
      const info = data.titles.get(key);
      return {
        ref,
        year: info?.year ?? null,
        rating: mine.get(key),
        title: {
          kind: ref.kind, id: ref.id, title: info?.name ?? `#${ref.id}`, originalTitle: info?.originalTitle, originalLanguage: info?.originalLanguage,
          date: info?.date, voteAverage: info?.voteAverage, voteCount: info?.voteCount, popularity: info?.popularity,
          genreIds: info?.genreIds, overview: info?.overview, posterPath: info?.posterPath,
        },
      };
    });
  }, [stats.data, entry.params.refs]);

  const open = (row: Row) =>
    row.ref.kind === 'movie'
      ? store.getState().nav.push('movies.detail', { id: row.ref.id, title: row.title.title })
      : store.getState().nav.push('tv.detail', { id: row.ref.id, title: row.title.title });
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={entry.params.title} hint={hintLine(['list.open', 'open'])} />
      <Text color={theme.muted} wrap="truncate-end">
        {entry.params.refs.length} {entry.params.refs.length === 1 ? 'title' : 'titles'} behind the bar, with my rating of each
      </Text>
      <Loadable status={stats.status} error={stats.error} hasValue={stats.data !== undefined} what="the stats" onRetry={stats.retry}>
        <PreviewSplit<Row> width={width} height={height - 2} renderPreview={(row, size) => <TitlePreview title={row.title} {...size} />}>
          {(listWidth, highlight) => {
            const nameWidth = Math.max(10, rowWidth(listWidth) - 24);
            return (
              <ScrollList<Row>
                id={`${entry.key}:titles`}
                items={rows}
                height={height - 2}
                highlight={highlight}
                getKey={(row) => statsTitleKey(row.ref)}
                renderRow={(row) =>
                  `${fit(printable(row.title.title) + (row.year ? ` (${row.year})` : ''), nameWidth)}  ${(row.ref.kind === 'movie' ? 'film' : 'series').padEnd(6)}  ${row.rating === undefined ? '' : `mine ${formatRating(row.rating)}`}`
                }
                onOpen={open}
                emptyText="No titles behind this bar."
              />
            );
          }}
        </PreviewSplit>
      </Loadable>
    </Box>
  );
}

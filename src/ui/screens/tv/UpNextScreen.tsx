import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { upNextSource, type UpNextEntry } from '../../../state/index.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { SignInFirst } from '../../components/SignInFirst.js';
import { ScrollList } from '../../components/ScrollList.js';
import { Loadable } from '../../components/Loadable.js';
import { columns, fit, formatDate, wrapWithin } from '../../format.js';
import { hintLine } from '../../hints.js';
import { useSource } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../screen.js';

/** "S2 E5 · 3 left" */
const where = (entry: UpNextEntry) => `S${entry.season} E${entry.episode}`;

/**
 * Up next (from every tab): for each series I follow, the first aired episode after the last
 * one I rated, newest first, with how many aired episodes are left. Enter opens its season in
 * rating mode on that episode, so "rate what I watched last night" is U, Enter and a digit.
 */
export function UpNextScreen({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  const theme = useTheme();
  const session = useAppState((s) => s.session.current);
  // The day is fixed when the screen opens: up next is one read for that day.
  const now = useMemo(() => Date.now(), []);
  const source = useMemo(() => (session.kind === 'none' ? undefined : upNextSource(session, now)), [session, now]);
  const upNext = useSource(source);

  if (session.kind === 'none') {
    return <SignInFirst title="Up next" drawnFrom="Up next follows the series you rate or keep on your watchlist" height={height} />;
  }
  const data = upNext.data;
  // The columns after the names are as wide as they need; the series column is as wide as its
  // longest name, up to 40% of what is left: the episode's title gets the rest.
  const leftWidth = Math.max(0, ...(data?.entries ?? []).map((row) => `${row.left} left`.length));
  const room = rowWidth(width) - (2 + 9 + 1 + 2 + 11 + 2 + leftWidth);
  const longestName = Math.max(0, ...(data?.entries ?? []).map((row) => columns(row.seriesName)));
  const nameWidth = Math.max(10, Math.min(longestName, Math.floor(room * 0.4)));
  const titleWidth = Math.max(8, room - nameWidth);
  const summary = data
    ? wrapWithin(`${data.entries.length} of ${data.series} series followed have an aired episode after the last you rated · what has not aired is on the calendar`, width, 2)
    : [];
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title="Up next" hint={hintLine(['list.open', 'rates it (rating mode)'])} />
      <Loadable status={upNext.status} error={upNext.error} hasValue={data !== undefined} what="up next" onRetry={upNext.retry}>
        {data ? (
          <Box flexDirection="column" height={height - 1}>
            {summary.map((text, i) => (
              <Text key={i} color={theme.muted} wrap="truncate-end">
                {text}
              </Text>
            ))}
            <ScrollList<UpNextEntry>
              id={`${entry.key}:series`}
              items={data.entries}
              height={height - 1 - summary.length}
              getKey={(row) => row.seriesId}
              renderRow={(row) =>
                `${fit(row.seriesName, nameWidth)}  ${where(row).padEnd(9)} ${fit(row.name || 'untitled', titleWidth)}  ${formatDate(row.airDate).padEnd(11)}  ${row.left} left`
              }
              onOpen={(row) =>
                store.getState().nav.push('tv.season', {
                  seriesId: row.seriesId,
                  season: row.season,
                  title: `Season ${row.season}`,
                  series: row.seriesName,
                  startAt: row.episode,
                  quickRating: true,
                })
              }
              emptyText={
                data.series === 0
                  ? 'You follow no series yet: rate an episode, or put a series on your watchlist, and it shows here.'
                  : 'You are caught up: every aired episode of the series you follow is rated.'
              }
            />
          </Box>
        ) : null}
      </Loadable>
    </Box>
  );
}

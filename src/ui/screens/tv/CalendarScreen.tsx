import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { calendarSource, isoDay, type CalendarEpisode } from '../../../state/index.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { SignInFirst } from '../../components/SignInFirst.js';
import { ScrollList } from '../../components/ScrollList.js';
import { Loadable } from '../../components/Loadable.js';
import { fit, formatDate } from '../../format.js';
import { hintLine } from '../../hints.js';
import { useSource } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../screen.js';

/** A row of the calendar: a day, or an episode of that day. */
type Row = { readonly kind: 'day'; readonly date: string; readonly count: number } | { readonly kind: 'episode'; readonly episode: CalendarEpisode };

/** "Today", "Tomorrow", "Yesterday", or the date. */
function dayName(date: string, today: string, now: number): string {
  if (date === today) return `Today · ${formatDate(date)}`;
  if (date === isoDay(now, 1)) return `Tomorrow · ${formatDate(date)}`;
  if (date === isoDay(now, -1)) return `Yesterday · ${formatDate(date)}`;
  return formatDate(date);
}

/**
 * TV tab: the episode calendar of the series I follow (watchlist, favourites, rated), from a
 * week back to three weeks ahead, by day. Enter opens an episode.
 */
export function CalendarScreen({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  const theme = useTheme();
  const session = useAppState((s) => s.session.current);
  // The day is fixed when the screen opens: the calendar is one read for that day.
  const now = useMemo(() => Date.now(), []);
  const today = isoDay(now);
  const source = useMemo(() => (session.kind === 'none' ? undefined : calendarSource(session, now)), [session, now]);
  const calendar = useSource(source);

  const rows = useMemo<Row[]>(
    () =>
      (calendar.data?.days ?? []).flatMap((day) => [
        { kind: 'day' as const, date: day.date, count: day.episodes.length },
        ...day.episodes.map((episode) => ({ kind: 'episode' as const, episode })),
      ]),
    [calendar.data],
  );

  if (session.kind === 'none') {
    return (
      <SignInFirst title="Episode calendar" drawnFrom="The calendar follows the series you rated or keep on your watchlist" height={height} />
    );
  }
  const data = calendar.data;
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title="Episode calendar" hint={hintLine(['list.open', 'opens an episode'])} />
      <Loadable status={calendar.status} error={calendar.error} hasValue={data !== undefined} what="the calendar" onRetry={calendar.retry}>
        {data ? (
          <Box flexDirection="column" height={height - 1}>
            <Text color={theme.muted} wrap="truncate-end">
              {formatDate(data.from)} – {formatDate(data.to)} · {data.series} series followed ({session.kind === 'guest' ? 'rated in this guest session' : 'watchlist, favourites, rated'})
            </Text>
            <ScrollList<Row>
              id={`${entry.key}:days`}
              items={rows}
              height={height - 2}
              getKey={(row) => (row.kind === 'day' ? row.date : `${row.episode.seriesId}/${row.episode.season}/${row.episode.episode}`)}
              renderRow={(row) =>
                row.kind === 'day' ? (
                  <Text bold color={row.date === today ? theme.accent : undefined}>
                    {dayName(row.date, today, now)} · {row.count} episode{row.count === 1 ? '' : 's'}
                  </Text>
                ) : (
                  `  ${fit(`${row.episode.seriesName}`, Math.max(10, Math.floor(rowWidth(width) / 2) - 2))}  S${row.episode.season} E${row.episode.episode} ${row.episode.name}`
                )
              }
              onOpen={(row) => {
                if (row.kind !== 'episode') return;
                const { seriesId, season, episode, name } = row.episode;
                store.getState().nav.push('tv.episode', { seriesId, season, episode, title: `S${season} E${episode}${name ? ` ${name}` : ''}` });
              }}
              emptyText={
                data.series === 0
                  ? 'You follow no series yet: rate one, or put it on your watchlist, and its episodes show here.'
                  : 'No episode of the series you follow airs in these weeks.'
              }
            />
          </Box>
        ) : null}
      </Loadable>
    </Box>
  );
}

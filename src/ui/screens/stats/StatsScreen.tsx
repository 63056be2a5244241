import { Box, Text } from 'ink';
import { useMemo, useSyncExternalStore } from 'react';
import { statsProgress, type Bar, type StatsProgress } from '../../../state/index.js';
import { horizontalBar, fitValues, sparkline, type ChartMode } from '../../charts/bars.js';
import { useCommands } from '../../commands.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { SignInFirst } from '../../components/SignInFirst.js';
import { ScrollList } from '../../components/ScrollList.js';
import { fit, formatCount, wrapText } from '../../format.js';
import { hintLine } from '../../hints.js';
import { useSource } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../screen.js';
import { useStatsSource } from './useStatsSource.js';
import { figureList, hoursAndMinutes, isPersonBar, isRuntimeBar, isSeriesBar, type Figure } from './figure-list.js';

/** Below this width the bars would be too short to read: the figures are plain text rows. */
export const STATS_BAR_MIN_COLUMNS = 60;

/** How a view of the figures draws: blocks in colour, or plain text (NO_COLOR, a narrow terminal). */
export function chartModeFor(themeName: string, width: number): ChartMode {
  return themeName === 'mono' || width < STATS_BAR_MIN_COLUMNS ? 'plain' : 'blocks';
}

/** "Reading your ratings [█████▌     ] 12 of 40" */
function ProgressLine({ progress, width, mode }: { progress: StatsProgress | undefined; width: number; mode: ChartMode }) {
  const theme = useTheme();
  const done = progress?.done ?? 0;
  const total = progress?.total ?? 0;
  const counts = total > 0 ? ` ${formatCount(done)} of ${formatCount(total)}` : '';
  const barWidth = Math.max(4, Math.min(40, width - 24 - counts.length));
  return (
    <Text wrap="truncate-end">
      Reading your ratings [<Text color={theme.accent}>{horizontalBar(done, Math.max(1, total), barWidth, mode)}</Text>]{counts}
    </Text>
  );
}

/** The value a bar's length shows. */
const valueOf = (figure: Figure, bar: Bar) =>
  figure.measure === 'minutes' && isRuntimeBar(bar) ? bar.minutes : figure.measure === 'mean' ? (bar.mean ?? 0) : bar.count;

/** The numbers after a bar: the count (or the time), the share of a genre, my mean. */
function numbersOf(figure: Figure, bar: Bar): string {
  const share = 'share' in bar && typeof bar.share === 'number' ? ` ${(bar.share * 100).toFixed(0).padStart(3)}%` : '';
  const mean = bar.mean === null || figure.means === false ? '' : `  mean ${bar.mean.toFixed(2)}`;
  if (figure.measure === 'minutes' && isRuntimeBar(bar)) {
    return `${hoursAndMinutes(bar.minutes).padStart(9)} (films ${hoursAndMinutes(bar.filmMinutes)}, episodes ${hoursAndMinutes(bar.episodeMinutes)})`;
  }
  return `${String(bar.count).padStart(4)}${share}${mean}`;
}

/**
 * Stats (from the Lists tab, `S`, and the palette): the account's ratings in figures, one
 * figure at a time (`]`/`[` or the arrows), each bar a row: j/k move, Enter lists the titles
 * behind the bar, or opens the person of a people figure. Drawn with eighth blocks in the
 * theme's colours; plain text rows under NO_COLOR or on a narrow terminal.
 */
export function StatsScreen({ entry, width, height }: ScreenProps<{ readonly figure?: string }>) {
  const store = useAppStore();
  const theme = useTheme();
  const source = useStatsSource();
  const stats = useSource(source);
  const progress = useSyncExternalStore(statsProgress.subscribe, () => (source ? statsProgress.get(source.key) : undefined));
  const figures = useMemo(() => {
    const data = stats.data;
    return data ? figureList(data.figures, (id) => data.data.titles.get(`tv:${id}`)?.name ?? `#${id}`) : [];
  }, [stats.data]);
  const index = Math.max(0, figures.findIndex((f) => f.id === entry.params.figure));
  const figure = figures[index];
  const mode = chartModeFor(theme.name, width);

  useCommands(
    'screen',
    ['lists.stats'],
    {
      'stats.figure': (step) => {
        const next = figures[(index + (step === 'previous' ? figures.length - 1 : 1)) % figures.length];
        if (next) store.getState().nav.setEntryParams(entry.key, { ...entry.params, figure: next.id });
      },
    },
    figures.length > 0,
  );

  if (!source) {
    return <SignInFirst title="Stats" drawnFrom="Stats are drawn from the ratings of an account or a guest session" height={height} />;
  }
  const loading = stats.data === undefined && stats.status !== 'error';
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title="Stats" hint={hintLine(['stats.figure', 'figure'], ['list.open', 'titles'])} />
      {loading ? (
        <ProgressLine progress={progress} width={width} mode={mode} />
      ) : (
        <Loadable status={stats.status} error={stats.error} hasValue={stats.data !== undefined} what="the stats" onRetry={stats.retry}>
          {figure && stats.data ? (
            <FigureView
              key={figure.id}
              listId={`${entry.key}:${figure.id}`}
              figure={figure}
              position={`${index + 1}/${figures.length}`}
              totals={stats.data.figures.totals}
              width={width}
              height={height - 1}
              mode={mode}
              onOpen={(bar) => {
                if (isPersonBar(bar)) {
                  store.getState().nav.push('search.person', { id: bar.personId, title: bar.label });
                } else if (isSeriesBar(bar)) {
                  store.getState().nav.push('lists.statsHeatMap', { seriesId: bar.seriesId, title: bar.label });
                } else if (bar.refs.length > 0) {
                  store.getState().nav.push('lists.statsTitles', { title: `${figure.title}: ${bar.label}`, refs: bar.refs });
                }
              }}
            />
          ) : null}
        </Loadable>
      )}
    </Box>
  );
}

function FigureView(props: {
  listId: string;
  figure: Figure;
  position: string;
  totals: { films: number; series: number; episodes: number };
  width: number;
  height: number;
  mode: ChartMode;
  onOpen: (bar: Bar) => void;
}) {
  const { figure, width, height, mode } = props;
  const theme = useTheme();
  const inner = rowWidth(width);
  // A mean's bar is out of 10, so that 8.5 and 7 compare as ratings do.
  const max = figure.measure === 'mean' ? 10 : Math.max(0, ...figure.bars.map((bar) => valueOf(figure, bar)));
  const labelWidth = Math.min(24, Math.max(4, ...figure.bars.map((bar) => bar.label.length)));
  const numbersWidth = Math.max(0, ...figure.bars.map((bar) => numbersOf(figure, bar).length));
  // Narrow: no bar at all, the numbers carry it.
  const barWidth = width < STATS_BAR_MIN_COLUMNS ? 0 : Math.max(4, inner - labelWidth - numbersWidth - 4);
  const line = figure.timeline && figure.bars.length > 0 ? sparkline(fitValues(figure.bars.map((b) => b.count), Math.max(4, inner - 26)), mode) : undefined;
  const header = [
    <Text key="figure" wrap="truncate-end">
      <Text color={theme.accent} bold>
        {figure.title}
      </Text>
      <Text color={theme.muted}>
        {' '}
        · {props.position} · {props.totals.films} films, {props.totals.series} series, {props.totals.episodes} episodes rated
      </Text>
    </Text>,
  ];
  // The verdict wraps at word ends: cut, "kinder than the cro…" says nothing.
  if (figure.summary) {
    for (const [i, text] of wrapText(figure.summary, width).entries()) {
      header.push(
        <Text key={`summary:${i}`} wrap="truncate-end">
          {text}
        </Text>,
      );
    }
  }
  if (line) {
    header.push(
      <Text key="spark" wrap="truncate-end">
        {figure.bars[0]!.label} <Text color={theme.accent}>{line}</Text> {figure.bars.at(-1)!.label}
      </Text>,
    );
  }
  return (
    <Box flexDirection="column" height={height}>
      {header}
      <ScrollList<Bar>
        id={props.listId}
        items={figure.bars}
        height={height - header.length}
        getKey={(bar) => bar.label}
        filterText={(bar) => bar.label}
        renderRow={(bar, _index, selected) => (
          <Text wrap="truncate-end">
            {fit(bar.label, labelWidth)}{' '}
            {barWidth > 0 ? <Text color={selected ? theme.selection : theme.accent}>{horizontalBar(valueOf(figure, bar), max, barWidth, mode)}</Text> : null}
            {barWidth > 0 ? ' ' : ''}
            {numbersOf(figure, bar)}
          </Text>
        )}
        onOpen={props.onOpen}
        emptyText={figure.empty}
      />
    </Box>
  );
}

import { Box } from 'ink';
import { useMemo } from 'react';
import type { TrendingItem, TrendingWindow } from '../../../contract/index.js';
import { trendingSource, type TrendingKind } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { PagedList } from '../../components/PagedList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { cycleView, ViewBar, type ViewTab } from '../../components/ViewBar.js';
import { hintLine } from '../../hints.js';
import { keyHint, keyHintFor, type CommandArg } from '../../keymap.js';
import { usePagedSource } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import type { ScreenProps } from '../screen.js';
import { resultRow } from '../search/SearchScreen.js';
import { openResult } from './open.js';
import { PreviewSplit } from '../../components/PreviewSplit.js';
import { ResultPreview } from '../titles/TitlePreview.js';

const KINDS: readonly ViewTab<TrendingKind>[] = [
  { id: 'all', key: keyHintFor('trending.kind', 'all'), label: 'All' },
  { id: 'movie', key: keyHintFor('trending.kind', 'movie'), label: 'Movies' },
  { id: 'tv', key: keyHintFor('trending.kind', 'tv'), label: 'TV' },
  { id: 'person', key: keyHintFor('trending.kind', 'person'), label: 'People' },
];

const WINDOWS: readonly ViewTab<TrendingWindow>[] = [
  { id: 'day', key: keyHint('trending.window'), label: 'Today' },
  { id: 'week', key: keyHint('trending.window'), label: 'This week' },
];

const WHAT: Readonly<Record<TrendingKind, string>> = { all: 'trending titles and people', movie: 'trending movies', tv: 'trending TV series', person: 'trending people' };

export interface TrendingParams {
  readonly title: string;
  readonly kind?: TrendingKind;
  readonly window?: TrendingWindow;
}

/**
 * Trending today or this week: everything, films, series or people. The kind and window are
 * kept in the screen's entry, so they are as they were on coming back from a film.
 */
export function TrendingScreen({ entry, width, height }: ScreenProps<TrendingParams>) {
  const store = useAppStore();
  const kind = entry.params.kind ?? 'all';
  const window = entry.params.window ?? 'day';
  const source = useMemo(() => trendingSource(kind, window), [kind, window]);
  const list = usePagedSource(source);
  const show = (params: Partial<TrendingParams>) => store.getState().nav.setEntryParams(entry.key, params);

  useCommands('screen', ['trending'], {
    'trending.window': () => show({ window: window === 'day' ? 'week' : 'day' }),
    'trending.kind': (shown: CommandArg<'trending.kind'>) =>
      show({ kind: shown === 'previous' || shown === 'next' ? cycleView(KINDS, kind, shown === 'next' ? 1 : -1) : shown }),
  });

  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={`Trending ${window === 'day' ? 'today' : 'this week'}`} hint={hintLine(['list.open', 'opens'])} />
      <ViewBar views={KINDS} current={kind} />
      <ViewBar views={WINDOWS} current={window} />
      <PreviewSplit<TrendingItem> width={width} height={height - 3} renderPreview={(item, size) => <ResultPreview item={item} {...size} />}>
        {(listWidth, highlight) => (
          <PagedList<TrendingItem>
            id={`${entry.key}:${source.key}`}
            query={list}
            what={WHAT[kind]}
            height={height - 3}
            getKey={(item) => `${item.media_type}:${item.id}`}
            renderRow={(item) => resultRow(item, rowWidth(listWidth))}
            onOpen={(item) => openResult(store, item)}
            highlight={highlight}
            emptyText={`The service lists no ${WHAT[kind]}.`}
          />
        )}
      </PreviewSplit>
    </Box>
  );
}

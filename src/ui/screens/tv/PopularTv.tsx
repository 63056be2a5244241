import { Box } from 'ink';
import type { TvListItem } from '../../../contract/index.js';
import { useCommands } from '../../commands.js';
import { PagedList } from '../../components/PagedList.js';
import { hintLine } from '../../hints.js';
import { keyHintFor, type CommandArg } from '../../keymap.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { usePagedOperation } from '../../queries.js';
import { rowWidth, titledRow, voteOf } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import type { ScreenProps } from '../screen.js';
import { PreviewSplit } from '../../components/PreviewSplit.js';
import { previewedSeries, TitlePreview } from '../titles/TitlePreview.js';

/** TV tab, first screen: popular series (E18), paged; l opens the latest series (E16). */
export function PopularTv({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  const nav = () => store.getState().nav;
  const popular = usePagedOperation('popularTv', {});
  useCommands('screen', ['tv.home'], {
    'tv.latest': () => nav().push('tv.latest'),
    'tv.calendar': () => nav().push('tv.calendar'),
    'tv.browse': (shown: CommandArg<'tv.browse'>) =>
      shown === 'trending'
        ? nav().push('browse.trending', { title: 'Trending', kind: 'tv' })
        : nav().push('browse.discover', { title: 'Discover', kind: 'tv' }),
  });
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title="Popular TV series" hint={`${hintLine(['list.open', 'opens'], ['tv.latest', 'latest'], ['tv.calendar', 'calendar'])} · ${keyHintFor('tv.browse', 'trending')} trending · ${keyHintFor('tv.browse', 'discover')} discover`} />
      <PreviewSplit<TvListItem> width={width} height={height - 1} renderPreview={(series, size) => <TitlePreview title={previewedSeries(series)} {...size} />}>
        {(listWidth, onHighlight) => (
          <PagedList<TvListItem>
            id={`${entry.key}:popular`}
            query={popular}
            what="popular TV series"
            height={height - 1}
            getKey={(series) => series.id}
            renderRow={(series) => titledRow(series.name, series.first_air_date, voteOf(series), rowWidth(listWidth))}
            onOpen={(series) => nav().push('tv.detail', { id: series.id, title: series.name ?? `Series ${series.id}` })}
            onHighlight={onHighlight}
            emptyText="The service lists no popular series."
          />
        )}
      </PreviewSplit>
    </Box>
  );
}

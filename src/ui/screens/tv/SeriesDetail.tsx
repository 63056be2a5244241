import { Box } from 'ink';
import { Loadable } from '../../components/Loadable.js';
import { hintLine } from '../../hints.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { useOperation } from '../../queries.js';
import type { ScreenProps, Titled } from '../screen.js';
import { SeriesDocument } from './SeriesDocument.js';
import { TITLE_MARKS_ROWS, TitleMarks } from '../titles/TitleMarks.js';

/** A TV series by id (pushed from the popular list, search results, ...): see SeriesDocument. */
export function SeriesDetail({ entry, width, height }: ScreenProps<Titled & { readonly id: number }>) {
  const id = entry.params.id;
  const series = useOperation('tvDetails', { path: { series_id: id } });
  const value = series.data;
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={value?.name ?? entry.params.title} hint={hintLine(['list.open', 'opens a season'])} />
      <Loadable status={series.status} error={series.error} hasValue={value !== undefined} what="the series" onRetry={series.retry}>
        {value ? (
          <Box flexDirection="column" height={height - 1}>
            <SeriesDocument series={value} entryKey={entry.key} width={width} height={height - 1 - TITLE_MARKS_ROWS} />
            <TitleMarks title={{ kind: 'tv', id, title: value.name ?? `Series ${id}` }} />
          </Box>
        ) : null}
      </Loadable>
    </Box>
  );
}

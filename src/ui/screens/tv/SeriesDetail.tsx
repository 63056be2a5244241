import { Box } from 'ink';
import { useEffect } from 'react';
import { seriesKey, type TvDetails } from '../../../state/index.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { useResource } from '../../data-hooks.js';
import { useAppStore } from '../../store-context.js';
import { numberParam, type ScreenProps } from '../registry.js';
import { SeriesDocument } from './SeriesDocument.js';

/** A TV series by id (pushed from the popular list, search results, ...): see SeriesDocument. */
export function SeriesDetail({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  const id = numberParam(entry.params, 'id') ?? 0;
  const series = useResource<TvDetails>(seriesKey(id));
  useEffect(() => {
    void store.getState().tv.loadDetails(id);
  }, [store, id]);
  const value = series.value;
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={value?.name ?? String(entry.params.title ?? 'Series')} hint="Enter opens a season" />
      <Loadable status={series.status} error={series.error} hasValue={value !== undefined} what="the series" onRetry={() => void store.getState().tv.loadDetails(id, true)}>
        {value ? <SeriesDocument series={value} entryKey={entry.key} width={width} height={height - 1} /> : null}
      </Loadable>
    </Box>
  );
}

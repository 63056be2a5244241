import { Box } from 'ink';
import { useEffect } from 'react';
import { TV_LATEST, type TvDetails } from '../../../state/index.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { useResource } from '../../data-hooks.js';
import { useAppStore } from '../../store-context.js';
import type { ScreenProps } from '../registry.js';
import { SeriesDocument } from './SeriesDocument.js';

/** The latest series (E16): the one added to the catalog last, with all its details. */
export function LatestSeries({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  const latest = useResource<TvDetails>(TV_LATEST);
  useEffect(() => {
    void store.getState().tv.loadLatest();
  }, [store]);
  const value = latest.value;
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={value ? `Latest series: ${value.name}` : 'Latest series'} hint="Enter opens a season" />
      <Loadable status={latest.status} error={latest.error} hasValue={value !== undefined} what="the latest series" onRetry={() => void store.getState().tv.loadLatest(true)}>
        {value ? <SeriesDocument series={value} entryKey={entry.key} width={width} height={height - 1} /> : null}
      </Loadable>
    </Box>
  );
}

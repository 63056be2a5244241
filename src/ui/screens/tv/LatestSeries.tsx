import { Box } from 'ink';
import { Loadable } from '../../components/Loadable.js';
import { hintLine } from '../../hints.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { useOperation } from '../../queries.js';
import type { ScreenProps } from '../screen.js';
import { SeriesDocument } from './SeriesDocument.js';

/** The latest series (E16): the one added to the catalog last, with all its details. */
export function LatestSeries({ entry, width, height }: ScreenProps) {
  const latest = useOperation('tvLatest', {});
  const value = latest.data;
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={value ? `Latest series: ${value.name ?? `series ${value.id}`}` : 'Latest series'} hint={hintLine(['list.open', 'opens a season'])} />
      <Loadable status={latest.status} error={latest.error} hasValue={value !== undefined} what="the latest series" onRetry={latest.retry}>
        {value ? <SeriesDocument series={value} entryKey={entry.key} width={width} height={height - 1} /> : null}
      </Loadable>
    </Box>
  );
}

import { Box } from 'ink';
import { useEffect } from 'react';
import { TV_POPULAR, type TvListItem } from '../../../state/index.js';
import { PagedList } from '../../components/PagedList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { rowWidth, titledRow, voteOf } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import type { ScreenProps } from '../registry.js';

/** TV tab, first screen: popular series (E18), paged. */
export function PopularTv({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  useEffect(() => {
    void store.getState().tv.loadPopular();
  }, [store]);
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title="Popular TV series" />
      <PagedList<TvListItem>
        id={`${entry.key}:popular`}
        dataKey={TV_POPULAR}
        what="popular TV series"
        height={height - 1}
        onReload={() => void store.getState().tv.loadPopular(true)}
        getKey={(series) => series.id}
        renderRow={(series) => titledRow(series.name, series.first_air_date, voteOf(series), rowWidth(width))}
        onOpen={(series) => store.getState().nav.push('tv.detail', { id: series.id, title: series.name })}
        emptyText="The service lists no popular series."
      />
    </Box>
  );
}

import { Box } from 'ink';
import { useEffect } from 'react';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { useOperation } from '../../queries.js';
import { useAppStore } from '../../store-context.js';
import type { ScreenProps } from '../screen.js';
import { SeriesScreen } from './SeriesDetail.js';

/**
 * The latest series (E16): the one added to the catalog last, on the same screen as any other
 * series (views, poster, marks), as the latest film is. Its id comes from E16; the screen then
 * reads the series by that id as it would from a list.
 */
export function LatestSeries({ entry, width, height }: ScreenProps<{ readonly view?: string }>) {
  const store = useAppStore();
  const latest = useOperation('tvLatest', {});
  const value = latest.data;
  // The palette offers it again as the series it is, by its name (as the latest film).
  const name = value?.name ?? undefined;
  const id = value?.id;
  useEffect(() => {
    if (id === undefined || name === undefined) return;
    const nav = store.getState().nav;
    nav.remember(nav.tab, { key: entry.key, screen: 'tv.detail', params: { id, title: name } });
  }, [store, entry.key, id, name]);
  if (value) {
    const fallback = `series ${value.id}`;
    return <SeriesScreen entry={entry} id={value.id} title={(name) => `Latest series: ${name ?? value.name ?? fallback}`} width={width} height={height} />;
  }
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title="Latest series" />
      <Loadable status={latest.status} error={latest.error} hasValue={false} what="the latest series" onRetry={latest.retry}>
        {null}
      </Loadable>
    </Box>
  );
}

import { Box, Text } from 'ink';
import { useEffect } from 'react';
import { seriesKey, type TvDetails } from '../../../state/index.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { useResource } from '../../data-hooks.js';
import { formatCount, formatDate, formatVote } from '../../format.js';
import { useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import { numberParam, type ScreenProps } from '../registry.js';

/** A TV series: name, first air date, seasons and episodes, vote and overview. */
export function SeriesDetail({ entry, height }: ScreenProps) {
  const store = useAppStore();
  const theme = useTheme();
  const id = numberParam(entry.params, 'id') ?? 0;
  const series = useResource<TvDetails>(seriesKey(id));
  useEffect(() => {
    void store.getState().tv.loadDetails(id);
  }, [store, id]);
  const value = series.value;
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <ScreenTitle title={value?.name ?? String(entry.params.title ?? 'Series')} />
      <Loadable status={series.status} error={series.error} hasValue={value !== undefined} what="the series" onRetry={() => void store.getState().tv.loadDetails(id, true)}>
        {value ? (
          <Box flexDirection="column" flexShrink={0}>
            {value.tagline ? <Text italic>{value.tagline}</Text> : null}
            <Text color={theme.muted}>
              First aired {formatDate(value.first_air_date)} · {formatCount(value.number_of_seasons)} seasons,{' '}
              {formatCount(value.number_of_episodes)} episodes · vote {formatVote(value.vote_average, value.vote_count)} · {value.status}
            </Text>
            {value.genres.length > 0 ? <Text color={theme.muted}>{value.genres.map((g) => g.name).join(', ')}</Text> : null}
            <Box marginTop={1}>
              <Text>{value.overview || 'No overview.'}</Text>
            </Box>
          </Box>
        ) : null}
      </Loadable>
    </Box>
  );
}

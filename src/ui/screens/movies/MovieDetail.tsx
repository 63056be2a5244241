import { Box, Text } from 'ink';
import { useEffect } from 'react';
import { movieKey, type MovieDetails } from '../../../state/index.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { useResource } from '../../data-hooks.js';
import { formatDate, formatRuntime, formatVote, yearOf } from '../../format.js';
import { useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import { numberParam, type ScreenProps } from '../registry.js';

/** A movie: title, tagline, release date, runtime, vote, genres and overview. */
export function MovieDetail({ entry, height }: ScreenProps) {
  const store = useAppStore();
  const theme = useTheme();
  const id = numberParam(entry.params, 'id') ?? 0;
  const movie = useResource<MovieDetails>(movieKey(id));
  useEffect(() => {
    void store.getState().movies.loadDetails(id);
  }, [store, id]);
  const value = movie.value;
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <ScreenTitle title={value ? `${value.title}${yearOf(value.release_date) ? ` (${yearOf(value.release_date)})` : ''}` : String(entry.params.title ?? 'Movie')} />
      <Loadable status={movie.status} error={movie.error} hasValue={value !== undefined} what="the movie" onRetry={() => void store.getState().movies.loadDetails(id, true)}>
        {value ? (
          <Box flexDirection="column" flexShrink={0}>
            {value.tagline ? <Text italic>{value.tagline}</Text> : null}
            <Text color={theme.muted}>
              Released {formatDate(value.release_date)} · {formatRuntime(value.runtime)} · vote {formatVote(value.vote_average, value.vote_count)}
              {value.status && value.status !== 'Released' ? ` · ${value.status}` : ''}
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

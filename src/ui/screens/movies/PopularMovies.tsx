import { Box } from 'ink';
import { useEffect } from 'react';
import { MOVIES_POPULAR, type MovieListItem } from '../../../state/index.js';
import { PagedList } from '../../components/PagedList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { rowWidth, titledRow, voteOf } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import type { ScreenProps } from '../registry.js';

/** Movies tab, first screen: popular movies, paged. */
export function PopularMovies({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  useEffect(() => {
    void store.getState().movies.loadPopular();
  }, [store]);
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title="Popular movies" />
      <PagedList<MovieListItem>
        id={`${entry.key}:popular`}
        dataKey={MOVIES_POPULAR}
        what="popular movies"
        height={height - 1}
        onReload={() => void store.getState().movies.loadPopular(true)}
        getKey={(movie) => movie.id}
        renderRow={(movie) => titledRow(movie.title ?? movie.name ?? `#${movie.id}`, movie.release_date, voteOf(movie), rowWidth(width))}
        onOpen={(movie) => store.getState().nav.push('movies.detail', { id: movie.id, title: movie.title ?? movie.name })}
        emptyText="The service lists no popular movies."
      />
    </Box>
  );
}

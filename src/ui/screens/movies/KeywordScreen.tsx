import { Box } from 'ink';
import type { MovieListItem } from '../../../contract/index.js';
import { PagedList } from '../../components/PagedList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { printable } from '../../format.js';
import { usePagedOperation } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import type { ScreenProps, Titled } from '../screen.js';
import { movieRow, movieTitle } from './rows.js';

/** The films with a keyword, most popular first; Enter opens a film. */
export function KeywordScreen({ entry, width, height }: ScreenProps<Titled & { readonly id: number }>) {
  const store = useAppStore();
  const films = usePagedOperation('keywordMovies', { path: { keyword_id: entry.params.id } });
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={`Keyword: ${printable(entry.params.title)}`} hint={films.status === 'ready' ? `${films.totalResults} films` : undefined} />
      <PagedList<MovieListItem>
        id={`${entry.key}:films`}
        query={films}
        what="the films with this keyword"
        height={height - 1}
        getKey={(movie) => movie.id}
        renderRow={(movie) => movieRow(movie, rowWidth(width))}
        filterText={(movie) => movieTitle(movie)}
        onOpen={(movie) => store.getState().nav.push('movies.detail', { id: movie.id, title: movieTitle(movie) })}
        emptyText="The catalog has no films with this keyword."
      />
    </Box>
  );
}

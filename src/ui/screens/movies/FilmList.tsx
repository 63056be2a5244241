import type { MovieListItem } from '../../../contract/index.js';
import { PagedPreviewList, type TitleListProps } from '../../components/PagedPreviewList.js';
import { rowWidth } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { moviePreview } from '../titles/TitlePreview.js';
import { movieRow, movieTitle } from './rows.js';

/**
 * A paged list of films that a link opened (a company's, a keyword's): each row as film lists
 * draw it, the highlighted film's preview beside the list on a wide terminal, `/` filters by
 * title, Enter opens the film.
 */
export function FilmList(props: TitleListProps<MovieListItem>) {
  const store = useAppStore();
  return (
    <PagedPreviewList<MovieListItem>
      {...props}
      getKey={(movie) => movie.id}
      renderRow={(movie, listWidth) => movieRow(movie, rowWidth(listWidth))}
      renderPreview={moviePreview}
      filterText={(movie) => movieTitle(movie)}
      onOpen={(movie) => store.getState().nav.push('movies.detail', { id: movie.id, title: movieTitle(movie) })}
    />
  );
}

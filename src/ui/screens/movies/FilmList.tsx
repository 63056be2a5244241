import type { MovieListItem } from '../../../contract/index.js';
import { PagedList } from '../../components/PagedList.js';
import type { PagedQuery } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { movieRow, movieTitle } from './rows.js';

/**
 * A paged list of films that a link opened (a company's, a keyword's): each row as film lists
 * draw it, `/` filters by title, Enter opens the film.
 */
export function FilmList(props: {
  readonly id: string;
  readonly query: PagedQuery<MovieListItem>;
  /** What the list holds, for its messages ("the company’s films"). */
  readonly what: string;
  readonly width: number;
  readonly height: number;
  readonly emptyText: string;
}) {
  const store = useAppStore();
  return (
    <PagedList<MovieListItem>
      id={props.id}
      query={props.query}
      what={props.what}
      height={props.height}
      getKey={(movie) => movie.id}
      renderRow={(movie) => movieRow(movie, rowWidth(props.width))}
      filterText={(movie) => movieTitle(movie)}
      onOpen={(movie) => store.getState().nav.push('movies.detail', { id: movie.id, title: movieTitle(movie) })}
      emptyText={props.emptyText}
    />
  );
}

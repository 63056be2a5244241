import type { MovieListItem } from '../../../contract/index.js';
import { PagedList } from '../../components/PagedList.js';
import { PreviewSplit } from '../../components/PreviewSplit.js';
import type { PagedQuery } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { moviePreview } from '../titles/TitlePreview.js';
import { movieRow, movieTitle } from './rows.js';

/**
 * A paged list of films (a company's, a keyword's, discover's): each row as film lists draw it,
 * the highlighted film's preview beside the list on a wide terminal, `/` filters by title,
 * Enter opens the film.
 */
export function FilmList(props: {
  readonly id: string;
  readonly query: PagedQuery<MovieListItem>;
  /** What the list holds, for its messages ("the company’s films"). */
  readonly what: string;
  readonly width: number;
  readonly height: number;
  readonly emptyText: string;
  /** Whether the list's keys are live (false while a form or a picker of the screen has them). */
  readonly active?: boolean;
}) {
  const store = useAppStore();
  return (
    <PreviewSplit<MovieListItem> width={props.width} height={props.height} active={props.active} renderPreview={moviePreview}>
      {(listWidth, onHighlight) => (
        <PagedList<MovieListItem>
          id={props.id}
          query={props.query}
          what={props.what}
          height={props.height}
          active={props.active}
          getKey={(movie) => movie.id}
          renderRow={(movie) => movieRow(movie, rowWidth(listWidth))}
          filterText={(movie) => movieTitle(movie)}
          onOpen={(movie) => store.getState().nav.push('movies.detail', { id: movie.id, title: movieTitle(movie) })}
          onHighlight={onHighlight}
          emptyText={props.emptyText}
        />
      )}
    </PreviewSplit>
  );
}

import type { TvListItem } from '../../../contract/index.js';
import { PagedList } from '../../components/PagedList.js';
import { PreviewSplit } from '../../components/PreviewSplit.js';
import type { PagedQuery } from '../../queries.js';
import { rowWidth, titledRow, voteOf } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { seriesPreview } from '../titles/TitlePreview.js';

/**
 * A paged list of series (popular, discover's, a network's): each row its name, first air year
 * and vote, the highlighted series' preview beside the list on a wide terminal, Enter opens it.
 */
export function SeriesList(props: {
  readonly id: string;
  readonly query: PagedQuery<TvListItem>;
  /** What the list holds, for its messages ("popular series"). */
  readonly what: string;
  readonly width: number;
  readonly height: number;
  readonly emptyText: string;
  /** Whether the list's keys are live (false while a form or a picker of the screen has them). */
  readonly active?: boolean;
}) {
  const store = useAppStore();
  return (
    <PreviewSplit<TvListItem> width={props.width} height={props.height} active={props.active} renderPreview={seriesPreview}>
      {(listWidth, onHighlight) => (
        <PagedList<TvListItem>
          id={props.id}
          query={props.query}
          what={props.what}
          height={props.height}
          active={props.active}
          getKey={(series) => series.id}
          renderRow={(series) => titledRow(series.name, series.first_air_date, voteOf(series), rowWidth(listWidth))}
          onOpen={(series) => store.getState().nav.push('tv.detail', { id: series.id, title: series.name ?? `Series ${series.id}` })}
          onHighlight={onHighlight}
          emptyText={props.emptyText}
        />
      )}
    </PreviewSplit>
  );
}

import type { TvListItem } from '../../../contract/index.js';
import { PagedPreviewList, type TitleListProps } from '../../components/PagedPreviewList.js';
import { rowWidth, titledRow, voteOf } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { seriesPreview } from '../titles/TitlePreview.js';
import { seriesName } from '../../../state/index.js';

/**
 * A paged list of series (popular, discover's, a network's): each row its name, first air year
 * and vote, the highlighted series' preview beside the list on a wide terminal, Enter opens it.
 */
export function SeriesList(props: TitleListProps<TvListItem>) {
  const store = useAppStore();
  return (
    <PagedPreviewList<TvListItem>
      {...props}
      getKey={(series) => series.id}
      renderRow={(series, listWidth) => titledRow(series.name, series.first_air_date, voteOf(series), rowWidth(listWidth))}
      renderPreview={seriesPreview}
      onOpen={(series) => store.getState().nav.push('tv.detail', { id: series.id, title: seriesName(series) })}
    />
  );
}

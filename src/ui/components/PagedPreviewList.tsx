import type { ReactNode } from 'react';
import { PagedList, type PagedListProps } from './PagedList.js';
import { PreviewSplit, type PreviewSplitProps } from './PreviewSplit.js';

export interface PagedPreviewListProps<T> extends Omit<PagedListProps<T>, 'renderRow' | 'highlight'> {
  readonly width: number;
  /** A row, drawn `listWidth` wide: the list's part of the width once the preview has its own. */
  readonly renderRow: (item: T, listWidth: number) => ReactNode;
  readonly renderPreview: PreviewSplitProps<T>['renderPreview'];
}

/** A PagedList with the highlighted row's preview beside it on a wide terminal (see PreviewSplit). */
export function PagedPreviewList<T>({ width, renderRow, renderPreview, ...list }: PagedPreviewListProps<T>) {
  return (
    <PreviewSplit<T> width={width} height={list.height} active={list.active} renderPreview={renderPreview}>
      {(listWidth, highlight) => <PagedList<T> {...list} renderRow={(item) => renderRow(item, listWidth)} highlight={highlight} />}
    </PreviewSplit>
  );
}

/** What a screen gives a list of titles of one kind (FilmList, SeriesList). */
export type TitleListProps<T> = Pick<PagedPreviewListProps<T>, 'id' | 'query' | 'what' | 'height' | 'width' | 'emptyText' | 'active' | 'refusedText'>;

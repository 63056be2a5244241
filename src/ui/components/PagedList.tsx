import { useEffect, type ReactNode } from 'react';
import type { PagedQuery } from '../queries.js';
import type { CursorHandle } from './list-cursor.js';
import { Loadable } from './Loadable.js';
import { FILTER_ROW_LIMIT, type Highlight } from './scroll-list-state.js';
import { ScrollList } from './ScrollList.js';

export interface PagedListProps<T> {
  /** The list's cursor id (unique per screen entry). */
  readonly id: string;
  /** A cursor of the caller's own (a picker's) instead of the stored one; see ScrollList. */
  readonly cursor?: CursorHandle;
  /** The pages, from usePagedOperation (or usePagedSource). */
  readonly query: PagedQuery<T>;
  /** "popular movies": for the spinner and the error. */
  readonly what: string;
  readonly height: number;
  readonly renderRow: (item: T, index: number, selected: boolean) => ReactNode;
  readonly onOpen?: (item: T, index: number) => void;
  readonly active?: boolean;
  readonly emptyText?: string;
  readonly getKey?: (item: T, index: number) => string | number;
  /** What `/` filters a row by; see ScrollList. */
  readonly filterText?: ((item: T) => string) | false;
  /** Told the highlighted row; see ScrollList. */
  readonly highlight?: Highlight<T>;
  /** What to change when the service refuses the listing; see Loadable. */
  readonly refusedText?: string;
}

/**
 * A paged operation as a list: spinner, error with retry, rows, position, and the next page
 * loaded as the cursor nears the end. The list is as long as the listing (position/total): the
 * pages of the rows in view are loaded as they come into view, the last one alone for G.
 */
export function PagedList<T>(props: PagedListProps<T>) {
  const page = props.query;
  // While the panel shows a spinner or an error, no row is on screen: the preview beside the
  // list must not keep showing the row of a listing it no longer draws.
  const showsRows = page.status === 'ready';
  const { highlight } = props;
  useEffect(() => {
    if (!showsRows) highlight?.drawn(undefined);
  }, [highlight, showsRows]);
  return (
    <Loadable status={page.status} error={page.error} hasValue={page.status === 'ready'} what={props.what} onRetry={page.retry} refusedText={props.refusedText}>
      <ScrollList<T>
        id={props.id}
        cursor={props.cursor}
        // The whole listing, rows not loaded yet included: G goes to its true end.
        items={page.rows ?? page.items}
        height={props.height}
        total={page.totalResults}
        hasMore={page.hasMore}
        loadingMore={page.loadingMore}
        moreError={page.moreError?.message}
        // Known whole, r asks again for the pages of the rows on screen; else the next page.
        onRetryMore={page.rows ? page.retryRows : page.retryMore}
        // Known whole, the rows in view ask for their own pages (onNeedRows); else the next page.
        onNearEnd={page.rows ? undefined : page.more}
        onNeedRows={page.loadRows}
        onLoadForFilter={() => page.loadRows(0, FILTER_ROW_LIMIT - 1)}
        renderRow={props.renderRow}
        onOpen={props.onOpen}
        active={props.active}
        emptyText={props.emptyText}
        getKey={props.getKey}
        filterText={props.filterText}
        highlight={props.highlight}
      />
    </Loadable>
  );
}

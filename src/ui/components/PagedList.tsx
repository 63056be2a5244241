import { useCallback, type ReactNode } from 'react';
import { useAppStore } from '../store-context.js';
import { usePaged } from '../data-hooks.js';
import { Loadable } from './Loadable.js';
import { ScrollList } from './ScrollList.js';

export interface PagedListProps<T> {
  /** The list's cursor id (unique per screen entry). */
  readonly id: string;
  /** Where the pages live in the store (state.data.pages[dataKey]). */
  readonly dataKey: string;
  /** "popular movies": for the spinner and the error. */
  readonly what: string;
  readonly height: number;
  /** Loads the first page again (r after a failure). */
  readonly onReload: () => void;
  readonly renderRow: (item: T, index: number, selected: boolean) => ReactNode;
  readonly onOpen?: (item: T, index: number) => void;
  readonly active?: boolean;
  readonly emptyText?: string;
  readonly getKey?: (item: T, index: number) => string | number;
}

/**
 * A paged operation as a list: spinner, error with retry, rows, position, and the next page
 * loaded as the cursor nears the end.
 */
export function PagedList<T>(props: PagedListProps<T>) {
  const store = useAppStore();
  const page = usePaged<T>(props.dataKey);
  const { dataKey } = props;
  const loadMore = useCallback(() => void store.getState().data.fetchMore(dataKey), [store, dataKey]);
  const retryMore = useCallback(() => void store.getState().data.fetchMore(dataKey, true), [store, dataKey]);
  return (
    <Loadable status={page.status} error={page.error} hasValue={page.status === 'ready'} what={props.what} onRetry={props.onReload}>
      <ScrollList<T>
        id={props.id}
        items={page.items}
        height={props.height}
        total={page.totalResults}
        hasMore={page.hasMore}
        loadingMore={page.loadingMore}
        moreError={page.moreError?.message}
        onRetryMore={retryMore}
        onNearEnd={loadMore}
        renderRow={props.renderRow}
        onOpen={props.onOpen}
        active={props.active}
        emptyText={props.emptyText}
        getKey={props.getKey}
      />
    </Loadable>
  );
}

import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { scrollWindow } from '../../state/index.js';
import { fieldText } from '../format.js';
import { useStoredCursor, type CursorHandle } from './list-cursor.js';
import { listMatcher, type FilterMatch } from './list-filter.js';

/**
 * The state of a ScrollList (ScrollList.tsx is its view, scroll-list-input.ts its keys and
 * mouse): the filter (its text, the matches, the cursor over them) and the rows' window (the
 * highlighted row, the first row in view, the rows a paged list still has to ask for).
 */

/** The most rows the filter loads for itself (Ctrl-L): 50 pages of the service. */
export const FILTER_ROW_LIMIT = 1_000;

/** How close to the end of what is loaded the cursor gets before the next page is asked for. */
const NEAR_END_ROWS = 10;

/**
 * How a list tells the preview beside it (PreviewSplit) which row is highlighted, so that one
 * key draws one frame with both. `drawing` is called while the list renders: when the cursor
 * moved, React renders the preview after the list in the same pass, and it reads the row there.
 * `drawn` is called once that render is on screen, for a change the preview was not rendered
 * with (a filter typed, a page arrived): it then follows in the next frame.
 */
export interface Highlight<T> {
  drawing(item: T | undefined): void;
  drawn(item: T | undefined): void;
}

/** What the rows' window is given: the part of ScrollList's props about rows and pages. */
export interface RowsOptions<T> {
  /**
   * The rows; undefined where a paged list has not loaded the row yet (its page is asked for
   * when the row comes into view: see onNeedRows), so the list is as long as the whole listing.
   */
  readonly items: ReadonlyArray<T | undefined>;
  /** Rows available, the position line included. */
  readonly height: number;
  /** Called as the cursor nears the end of what is loaded, while `hasMore`. */
  readonly onNearEnd?: () => void;
  /** Called with the rows in view (and a few beyond) that are not loaded: rows `from`..`to`. */
  readonly onNeedRows?: (from: number, to: number) => void;
  readonly hasMore?: boolean;
  readonly loadingMore?: boolean;
  /** A later page failed: said on the position line; r asks again. */
  readonly moreError?: string;
}

/** What the filter is given: the part of ScrollList's props about filtering. */
export interface FilterOptions<T> extends RowsOptions<T> {
  /** Key of the cursor in the store; unique per screen entry (`${entry.key}:results`). */
  readonly id: string;
  /** A cursor of the caller's own (a picker's: useLocalCursor) instead of the stored one. */
  readonly cursor?: CursorHandle;
  /** One line of text for a row; it is cut to the width. */
  readonly renderRow: (item: T, index: number, selected: boolean) => ReactNode;
  readonly onOpen?: (item: T, index: number) => void;
  /**
   * Loads the rest of a long list, up to FILTER_ROW_LIMIT rows, so the filter sees them: offered
   * while the filter is open on a list with rows not loaded.
   */
  readonly onLoadForFilter?: () => void;
  /**
   * The text `/` filters a row by: the row's own text where renderRow gives a string, unless
   * given here; false for a list whose screen filters it its own way (a picker's field).
   */
  readonly filterText?: ((item: T) => string) | false;
  /** Told the highlighted row as the list draws it (under a filter too); undefined on an empty list. */
  readonly highlight?: Highlight<T>;
  /**
   * Told the filter's text as it changes, and undefined when the whole list is back: before the
   * cursor moves for it, so the screen can still read which row it was on.
   */
  readonly onFilterChange?: (text: string | undefined) => void;
}

/** The filter: what is typed, and whether its field has the keys. */
export interface FilterText {
  readonly text: string;
  readonly typing: boolean;
}

export interface ListFilterState<T> {
  readonly filter: FilterText;
  /** Whether `/` can filter this list (its rows have a text). */
  readonly filterable: boolean;
  /** The rows matching the filter, best first; undefined while no filter is open. */
  readonly matches: readonly FilterMatch<T>[] | undefined;
  /** The cursor of the whole list (the store's, or the caller's). */
  readonly handle: CursorHandle;
  /** The cursor over what is shown: the matches under a filter, else the whole list. */
  readonly listCursor: CursorHandle;
  /** How many rows are loaded (what the filter sees). */
  readonly loaded: number;
  /** Whether rows exist that the filter does not see yet. */
  readonly unseen: boolean;
  /** Loads more rows for the filter, when it can now. */
  readonly loadForFilter: (() => void) | undefined;
  /** The text typed changed: the best match is highlighted. */
  changeFilter(text: string): void;
  /** `/`: the field takes the keys. */
  openFilter(): void;
  /** Gives the keys back to the list, keeping the filter; or clears it, on the row chosen in it. */
  closeFilter(keep: boolean): void;
  /** Opens a matching row: the whole list comes back first, on that row. */
  openFound(found: FilterMatch<T>): void;
}

function countLoaded(items: ReadonlyArray<unknown>): number {
  let loaded = 0;
  for (const item of items) if (item !== undefined) loaded++;
  return loaded;
}

function loadedRowsOf<T>(items: ReadonlyArray<T | undefined>): Array<{ item: T; index: number }> {
  const rows: Array<{ item: T; index: number }> = [];
  items.forEach((item, index) => {
    if (item !== undefined) rows.push({ item, index });
  });
  return rows;
}

/**
 * The filter of a list: `/` filters the rows loaded (fuzzy, best match first); Enter keeps the
 * filter, Esc clears it and leaves the cursor on the row it was on.
 */
export function useListFilterState<T>(options: FilterOptions<T>): ListFilterState<T> {
  const { items, renderRow, onFilterChange } = options;
  const [filter, setFilter] = useState<FilterText>({ text: '', typing: false });
  const textOf = useMemo(() => rowTextOf(options.filterText, renderRow), [options.filterText, renderRow]);
  // Asked when the first row or how rows are drawn changes, not on every key: it draws that row.
  const first = items[0];
  const filterable = useMemo(() => textOf !== undefined && first !== undefined && textOf(first) !== undefined, [textOf, first]);
  // Filtered, only the rows loaded count (a paged list says how many of all those are).
  const loadedCount = useMemo(() => countLoaded(items), [items]);
  const filterOpen = filterable && (filter.typing || filter.text.trim() !== '');
  // Built only while the filter is open: it reads every row loaded, which on a long list that
  // is still loading would cost each arriving page (and each key that draws with it) that much.
  // So are the loaded rows themselves: gathered on every page, 10,000 rows made 20,000 objects.
  const match = useMemo(
    () => (filterOpen && textOf ? lastAnswerKept(listMatcher(loadedRowsOf(items).map(({ item, index }) => ({ item, index, text: textOf(item) ?? '' })))) : undefined),
    [filterOpen, items, textOf],
  );
  const filtering = match !== undefined;
  const matches = useMemo(() => (filtering ? match(filter.text) : undefined), [filtering, match, filter.text]);
  const stored = useStoredCursor(options.id);
  const handle = options.cursor ?? stored;
  const viewport = Math.max(1, options.height - 1);
  const matchCursor = useMatchCursor(handle, matches, items.length);
  const listCursor = matchCursor ?? handle;
  const shown = matches ?? items;
  const highlighted = shown.length === 0 ? undefined : shown[Math.min(listCursor.cursor?.index ?? 0, shown.length - 1)];
  const highlightedItem = matches ? (highlighted as FilterMatch<T> | undefined)?.item : (highlighted as T | undefined);
  const { highlight } = options;
  highlight?.drawing(highlightedItem);
  useEffect(() => highlight?.drawn(highlightedItem), [highlight, highlightedItem]);

  // The row the cursor was on when the filter opened: where clearing a filter that matched nothing goes back to.
  const beforeFilter = useRef(0);
  // Rows the filter does not see yet, up to the bound it loads.
  const unseen = (options.hasMore ?? false) || loadedCount < items.length;
  return {
    filter,
    filterable,
    matches,
    handle,
    listCursor,
    loaded: loadedCount,
    unseen,
    loadForFilter: filtering && unseen && options.onLoadForFilter && loadedCount < FILTER_ROW_LIMIT ? options.onLoadForFilter : undefined,
    changeFilter: (text) => {
      const kept = fieldText(text);
      onFilterChange?.(kept);
      setFilter({ text: kept, typing: true });
      // The best match comes first: show it (a key of the same read then acts on it).
      const best = match?.(kept)[0];
      if (best) handle.move(best.index, items.length, viewport);
    },
    openFilter: () => {
      if (!filtering) beforeFilter.current = handle.current();
      onFilterChange?.(filter.text);
      setFilter((f) => ({ ...f, typing: true }));
    },
    closeFilter: (keep) => {
      const chosen = matches && matches.length > 0 ? matches[listCursor.current()] : undefined;
      // Kept empty, the filter is gone: the whole list is back.
      if (!keep || filter.text.trim() === '') onFilterChange?.(undefined);
      setFilter((f) => ({ text: keep ? f.text : '', typing: false }));
      if (keep) return;
      // Back on the whole list, the row chosen in the filtered one stays highlighted, in view.
      handle.move(chosen ? chosen.index : beforeFilter.current, items.length, viewport);
    },
    openFound: (found) => {
      onFilterChange?.(undefined);
      setFilter({ text: '', typing: false });
      handle.move(found.index, items.length, viewport);
      options.onOpen!(found.item, found.index);
    },
  };
}

/** `find` remembering its last answer: the filter's matches are asked when typed and again when drawn. */
function lastAnswerKept<R>(find: (text: string) => R): (text: string) => R {
  let last: { text: string; answer: R } | undefined;
  return (text) => {
    if (last?.text !== text) last = { text, answer: find(text) };
    return last.answer;
  };
}

/**
 * Under a filter, the cursor over the matching rows, kept as the row of the whole list it is on:
 * what a screen reads of its list's cursor (the episode to rate, the film to remove from a list)
 * is then the row highlighted, filtered or not. Only the first row in view is the filter's own.
 */
function useMatchCursor<T>(whole: CursorHandle, matches: readonly FilterMatch<T>[] | undefined, total: number): CursorHandle | undefined {
  const [offset, setOffset] = useState(0);
  // The matches as of the last render; two keys of one read move through the same ones.
  const latest = useRef(matches);
  latest.current = matches;
  if (!matches) return undefined;
  const positionOf = (index: number) => Math.max(0, latest.current?.findIndex((found) => found.index === index) ?? 0);
  return {
    cursor: { index: positionOf(whole.cursor?.index ?? 0), offset },
    current: () => positionOf(whole.current()),
    move: (index, count, viewport) => {
      const found = latest.current ?? [];
      if (found.length === 0) return;
      const at = Math.max(0, Math.min(index, found.length - 1));
      whole.move(found[at]!.index, total, viewport);
      setOffset((previous) => scrollWindow(at, previous, count, viewport));
    },
    reset: () => {
      whole.reset();
      setOffset(0);
    },
  };
}

/** The row text for the filter: given, or renderRow's when it draws a plain string. */
function rowTextOf<T>(given: FilterOptions<T>['filterText'], renderRow: FilterOptions<T>['renderRow']) {
  if (given === false) return undefined;
  if (given) return given;
  return (item: T): string | undefined => {
    const row = renderRow(item, 0, false);
    return typeof row === 'string' ? row.trimEnd() : undefined;
  };
}

export interface RowsState {
  readonly count: number;
  /** Rows in view (the height less the position line). */
  readonly viewport: number;
  /** The highlighted row. */
  readonly index: number;
  /** The first row in view. */
  readonly offset: number;
  /** Moves by `step` rows from where the cursor is now (ahead of the render). */
  moveBy(step: number): void;
  /** Goes to a row, dropping any move still owed. */
  jumpTo(target: number): void;
}

/**
 * The rows' window over `cursor`: where the highlighted row and the first row in view are, the
 * moves past the rows loaded that are owed until their page comes, and the asking for pages the
 * window needs.
 */
export function useRowsState<T>(cursor: CursorHandle, options: RowsOptions<T>): RowsState {
  const { items, height, onNearEnd, onNeedRows, hasMore = false, loadingMore = false, moreError } = options;
  const count = items.length;
  const viewport = Math.max(1, height - 1);
  const index = Math.min(cursor.cursor?.index ?? 0, Math.max(0, count - 1));
  // The stored offset is a hint: after a resize or a shorter list it is clamped again here.
  const offset = scrollWindow(index, cursor.cursor?.offset ?? 0, count, viewport);

  const moveTo = (target: number) => cursor.move(target, count, viewport);
  // Moves past the rows loaded so far, while more are coming: the cursor gets there as they
  // load, so holding j moves exactly as many rows as j arrived.
  const owed = useRef<number | null>(null);
  const moveBy = (step: number) => {
    // Not from this render: two keys may arrive before the next render.
    const target = (owed.current ?? cursor.current()) + step;
    owed.current = step > 0 && target > count - 1 && hasMore ? target : null;
    moveTo(target);
  };
  const jumpTo = (target: number) => {
    owed.current = null;
    moveTo(target);
  };
  useEffect(() => {
    if (owed.current === null) return;
    moveTo(owed.current);
    if (owed.current <= count - 1 || !hasMore) owed.current = null;
    // moveTo is this render's; only new rows matter.
  }, [count, hasMore]);

  // The rows in view and a few beyond that are not loaded: their pages are asked for, so the
  // first screen fills the list's height and a jump (G, PgDn) shows its rows as they come. After
  // a failed page too: the query layer does not ask a failed page again unasked, and a jump away
  // from it still loads the rows it lands on.
  const wantedEnd = Math.min(count, offset + viewport + NEAR_END_ROWS) - 1;
  let firstMissing = -1;
  let lastMissing = -1;
  for (let i = offset; i <= wantedEnd; i++) {
    if (items[i] !== undefined) continue;
    if (firstMissing < 0) firstMissing = i;
    lastMissing = i;
  }
  useEffect(() => {
    if (firstMissing >= 0 && !loadingMore) onNeedRows?.(firstMissing, lastMissing);
  }, [firstMissing, lastMissing, loadingMore, onNeedRows]);

  const nearEnd = count > 0 && index >= count - NEAR_END_ROWS;
  useEffect(() => {
    if (nearEnd && hasMore && !loadingMore && !moreError) onNearEnd?.();
  }, [nearEnd, hasMore, loadingMore, moreError, onNearEnd, count]);

  return { count, viewport, index, offset, moveBy, jumpTo };
}

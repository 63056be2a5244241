import type { DOMElement } from 'ink';
import { useRef, type RefObject } from 'react';
import { useCommands, useMouseArea, type AreaMouseEvent } from '../commands.js';
import { listMouse } from './list-mouse.js';
import type { ListFilterState, RowsState } from './scroll-list-state.js';

/**
 * The keys and the mouse of a ScrollList (scroll-list-state.ts holds what they change,
 * ScrollList.tsx draws it). `active`: whether the list takes them (false while a text field on
 * the screen has the focus).
 */

/** The filter's keys: `/` opens it, Esc clears it; while typing, Enter or Esc keeps it and Ctrl-L loads more. */
export function useListFilterInput<T>(state: ListFilterState<T>, active: boolean): void {
  const { filter, filterable, matches, loadForFilter, openFilter, closeFilter } = state;
  useCommands(
    'screen',
    ['list', 'list.filter'],
    filter.typing
      ? { 'filter.keep': () => closeFilter(true), 'filter.loadAll': loadForFilter }
      : {
          'list.filter': filterable ? openFilter : undefined,
          'list.clearFilter': matches !== undefined ? () => closeFilter(false) : undefined,
          'filter.loadAll': loadForFilter,
        },
    active,
  );
}

export interface RowsInputOptions<T> {
  readonly items: ReadonlyArray<T | undefined>;
  readonly onOpen?: (item: T, index: number) => void;
  readonly moreError?: string;
  readonly onRetryMore?: (from: number, to: number) => void;
  readonly active: boolean;
}

/**
 * The rows' keys (move, page, top and bottom, open, retry a page) and the mouse over them (when
 * on): the rows are drawn one per line from the top of the returned box.
 */
export function useRowsInput<T>(rows: RowsState, options: RowsInputOptions<T>): RefObject<DOMElement | null> {
  const { count, viewport, index, offset, moveBy, jumpTo } = rows;
  const { items, onOpen, active } = options;
  const open = onOpen && items[index] !== undefined ? () => onOpen(items[index]!, index) : undefined;
  useCommands(
    'screen',
    ['list', 'panel'],
    {
      'list.down': () => moveBy(1),
      'list.up': () => moveBy(-1),
      'list.top': () => jumpTo(0),
      'list.bottom': () => jumpTo(count - 1),
      'list.pageDown': () => moveBy(viewport - 1),
      'list.pageUp': () => moveBy(-(viewport - 1)),
      'list.open': open,
      // The page asked again is the one on screen, not the one that failed first.
      'panel.retry': options.moreError && options.onRetryMore ? () => options.onRetryMore!(offset, offset + viewport - 1) : undefined,
    },
    active,
  );
  const box = useRef<DOMElement>(null);
  const onMouse = (event: AreaMouseEvent) => listMouse({ offset, viewport, count, index, moveTo: jumpTo, moveBy, open }, event);
  useMouseArea(box, onMouse, { active, scrolls: true });
  return box;
}

import { useRef, useState } from 'react';
import { movedCursor, type ListCursor } from '../../state/index.js';
import { useAppState, useAppStore } from '../store-context.js';

/**
 * Where a list's cursor is: the highlighted row and the first row in view. A screen's list keeps
 * it in the store's navigation state (it survives opening a row and coming back: useStoredCursor);
 * a picker or a panel keeps it as its own widget state (useLocalCursor), gone when it closes.
 */
export interface CursorHandle {
  /** As of this render. */
  readonly cursor: ListCursor | undefined;
  /** The highlighted row now, ahead of the render (two keys of one read may act in turn). */
  current(): number;
  move(index: number, count: number, viewport: number): void;
  reset(): void;
}

const START: ListCursor = { index: 0, offset: 0 };

/** A screen list's cursor, kept in the store under `id` (unique per screen entry). */
export function useStoredCursor(id: string): CursorHandle {
  const store = useAppStore();
  const cursor = useAppState((s) => s.nav.cursors[id]);
  return {
    cursor,
    current: () => store.getState().nav.cursors[id]?.index ?? 0,
    move: (index, count, viewport) => store.getState().nav.moveCursor(id, index, count, viewport),
    reset: () => store.getState().nav.resetCursor(id),
  };
}

/**
 * A picker's or panel's own cursor: component state, gone when the component is. A new `list`
 * (another search's results) starts at its first row, in the same render that shows it.
 */
export function useLocalCursor(list = ''): CursorHandle {
  const [cursor, setCursor] = useState<ListCursor>(START);
  // Ahead of the render, so a second key of the same read starts where the first one left it.
  const latest = useRef<ListCursor>(START);
  const [shownList, setShownList] = useState(list);
  if (shownList !== list) {
    setShownList(list);
    latest.current = START;
    setCursor(START);
  }
  const set = (next: ListCursor) => {
    if (next.index === latest.current.index && next.offset === latest.current.offset) return;
    latest.current = next;
    setCursor(next);
  };
  return {
    cursor,
    current: () => latest.current.index,
    move: (index, count, viewport) => set(movedCursor(latest.current, index, count, viewport)),
    reset: () => set(START),
  };
}

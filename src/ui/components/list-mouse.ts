import type { AreaMouseEvent } from '../commands.js';

/** Rows one turn of the mouse wheel moves, as a terminal scrolls its own lines. */
export const WHEEL_ROWS = 3;

/** The lines a wheel event scrolls by (down is positive); undefined for any other event. */
export function wheelStep(event: AreaMouseEvent): number | undefined {
  if (event.button === 'wheelDown') return WHEEL_ROWS;
  if (event.button === 'wheelUp') return -WHEEL_ROWS;
  return undefined;
}

export interface ListGeometry {
  /** The first row in view. */
  readonly offset: number;
  /** Rows in view, drawn one per line from the top of the list's box. */
  readonly viewport: number;
  readonly count: number;
  /** The highlighted row. */
  readonly index: number;
  readonly moveTo: (row: number) => void;
  readonly moveBy: (step: number) => void;
  /** What Enter does on the highlighted row, if anything. */
  readonly open?: () => void;
}

/**
 * The mouse on a list of one-line rows: a click highlights a row, a click on the highlighted one
 * (the second of two, or of a double click) opens it as Enter does, the wheel moves the cursor.
 * True when it acted.
 */
export function listMouse(list: ListGeometry, event: AreaMouseEvent): boolean {
  const wheel = wheelStep(event);
  if (wheel !== undefined) {
    if (list.count === 0) return false;
    list.moveBy(wheel);
    return true;
  }
  if (event.action !== 'press' || event.button !== 'left') return false;
  const row = list.offset + event.y;
  if (event.y >= list.viewport || row >= list.count) return false;
  if (row !== list.index) {
    list.moveTo(row);
    return true;
  }
  if (!list.open) return false;
  list.open();
  return true;
}

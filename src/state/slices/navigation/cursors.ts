/** A list's cursor, and the rows in view that follow it. */

/** Where a list's cursor is, and the first row shown. */
export interface ListCursor {
  readonly index: number;
  readonly offset: number;
}

/** Keeps `index` inside [offset, offset + viewport) with the least scrolling. */
export function scrollWindow(index: number, offset: number, count: number, viewport: number): number {
  const rows = Math.max(1, viewport);
  let first = Math.min(offset, index);
  if (index >= first + rows) first = index - rows + 1;
  return Math.max(0, Math.min(first, Math.max(0, count - rows)));
}

/** The cursor after moving to `index` (clamped to the list), with the rows in view following it. */
export function movedCursor(previous: ListCursor, index: number, count: number, viewport: number): ListCursor {
  const clamped = Math.max(0, Math.min(index, count - 1));
  return { index: clamped, offset: scrollWindow(clamped, previous.offset, count, viewport) };
}

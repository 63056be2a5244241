import type { ListCursor } from '../../state/index.js';

/**
 * A document's cursor that lands only on lines that act (a link, an address): j/k go to the
 * next such line in view, and where none is in view the document scrolls one line, as a pager
 * does, so no text is skipped. `index` is -1 while no acting line is in view (nothing is
 * highlighted and Enter has nothing to open).
 */

const inView = (line: number, offset: number, viewport: number) => line >= offset && line < offset + viewport;

const clampOffset = (offset: number, count: number, viewport: number) => Math.max(0, Math.min(offset, Math.max(0, count - viewport)));

/** The first (or, going up, the last) acting line in view from `offset`, or -1. */
function actingInView(acts: readonly boolean[], offset: number, viewport: number, direction: 1 | -1): number {
  const lines = acts.slice(offset, offset + viewport);
  const at = direction === 1 ? lines.indexOf(true) : lines.lastIndexOf(true);
  return at === -1 ? -1 : offset + at;
}

/** The cursor as stored, kept on an acting line in view (else -1) and the view inside the document. */
export function settledLinkCursor(acts: readonly boolean[], cursor: ListCursor, viewport: number): ListCursor {
  const offset = clampOffset(cursor.offset, acts.length, viewport);
  const index = acts[cursor.index] && inView(cursor.index, offset, viewport) ? cursor.index : -1;
  return { index, offset };
}

/** Where the cursor starts: on `line` (scrolled into view) when it acts, else on the first acting line in view. */
export function initialLinkCursor(acts: readonly boolean[], line: number, viewport: number): ListCursor {
  const offset = clampOffset(line >= viewport ? line - viewport + 1 : 0, acts.length, viewport);
  return { index: acts[line] ? line : actingInView(acts, offset, viewport, 1), offset };
}

/** j (1) or k (-1): to the next acting line in view, else the view scrolls one line. */
export function stepLinkCursor(acts: readonly boolean[], cursor: ListCursor, direction: 1 | -1, viewport: number): ListCursor {
  const { index, offset } = settledLinkCursor(acts, cursor, viewport);
  const from = index !== -1 ? index : direction === 1 ? offset - 1 : offset + viewport;
  let candidate = -1;
  for (let line = from + direction; line >= 0 && line < acts.length; line += direction) {
    if (acts[line]) {
      candidate = line;
      break;
    }
  }
  if (candidate !== -1 && inView(candidate, offset, viewport)) return { index: candidate, offset };
  const scrolled = clampOffset(offset + direction, acts.length, viewport);
  if (scrolled === offset) return { index, offset };
  if (candidate !== -1 && inView(candidate, scrolled, viewport)) return { index: candidate, offset: scrolled };
  return { index: index !== -1 && inView(index, scrolled, viewport) ? index : -1, offset: scrolled };
}

/** PgDn/PgUp, g/G and the wheel: the view moves by `lines`; the cursor stays if still in view, else goes to an acting line in view. */
export function scrollLinkCursor(acts: readonly boolean[], cursor: ListCursor, lines: number, viewport: number): ListCursor {
  const { index, offset } = settledLinkCursor(acts, cursor, viewport);
  const scrolled = clampOffset(offset + lines, acts.length, viewport);
  if (index !== -1 && inView(index, scrolled, viewport)) return { index, offset: scrolled };
  return { index: actingInView(acts, scrolled, viewport, lines >= 0 ? 1 : -1), offset: scrolled };
}

/** g (top) and G (bottom): the view at that end, the cursor on the acting line nearest it. */
export function edgeLinkCursor(acts: readonly boolean[], edge: 'top' | 'bottom', viewport: number): ListCursor {
  const offset = edge === 'top' ? 0 : clampOffset(acts.length, acts.length, viewport);
  return { index: actingInView(acts, offset, viewport, edge === 'top' ? 1 : -1), offset };
}

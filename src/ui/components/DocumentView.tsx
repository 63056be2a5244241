import { Box, Text, type DOMElement } from 'ink';
import { useRef, type ReactNode } from 'react';
import { scrollWindow, type ListCursor } from '../../state/index.js';
import { edgeLinkCursor, initialLinkCursor, scrollLinkCursor, settledLinkCursor, stepLinkCursor } from './link-cursor.js';
import { useCommands, useMouseArea } from '../commands.js';
import { listMouse } from './list-mouse.js';
import { formatPosition } from '../format.js';
import { useAppState, useAppStore } from '../store-context.js';
import { useTheme } from '../theme.js';
import { addressHandlers, useAddressActions, type RowAddress } from './address-actions.js';

/** Room for text on a DocumentView line: the cursor glyph and a space come first. */
export const docWidth = (width: number) => Math.max(20, width - 2);

/** One terminal line of a document; longer content is cut at the width. */
export interface DocLine {
  readonly key: string;
  readonly content: ReactNode;
  /** What Enter does on this line (open a season, an image, ...); plain text has none. */
  readonly onOpen?: () => void;
  /** The address the line stands for (a homepage, an image, an IMDb page): o and Enter open it, y copies it. */
  readonly address?: RowAddress;
}

interface DocumentViewProps {
  /** Key of the cursor in the store, unique per screen entry; the position survives going deeper and back. */
  readonly id: string;
  readonly lines: readonly DocLine[];
  readonly height: number;
  /** Where the cursor starts the first time (e.g. the first season), when not the top. */
  readonly initialLine?: number;
  readonly active?: boolean;
  /** What Enter does on a line that is neither a link nor an address (the movie's collection). */
  readonly onOpenOther?: () => void;
  /**
   * The cursor lands only on lines that act (links, addresses), never on a blank line, a heading
   * or plain text; where none is in view j/k scroll the text a line at a time.
   */
  readonly linksOnly?: boolean;
}

/**
 * A long screen of details read with a cursor line, like a pager: j/k move line by line,
 * PgUp/PgDn a page, g/G to the ends. Lines that lead somewhere (a season, a still, a homepage)
 * are drawn as links, and Enter on one opens it; on a line with an address o opens it too and y
 * copies it. Only the lines in view are rendered.
 */
export function DocumentView({ id, lines, height, initialLine = 0, active = true, onOpenOther, linksOnly = false }: DocumentViewProps) {
  const store = useAppStore();
  const theme = useTheme();
  const stored = useAppState((s) => s.nav.cursors[id]);
  const count = lines.length;
  const scrolls = count > height;
  // The last row says where you are, when there is more than fits.
  const viewport = Math.max(1, scrolls ? height - 1 : height);
  const acts = lines.map((line) => line.onOpen !== undefined || line.address !== undefined);
  const linkCursor = linksOnly ? (stored ? settledLinkCursor(acts, stored, viewport) : initialLinkCursor(acts, initialLine, viewport)) : undefined;
  const index = linkCursor ? linkCursor.index : Math.min(stored?.index ?? initialLine, Math.max(0, count - 1));
  const offset = linkCursor ? linkCursor.offset : scrollWindow(index, stored?.offset ?? 0, count, viewport);
  const current = lines[index];
  const addresses = useAddressActions();
  const hasAddresses = lines.some((line) => line.address !== undefined);

  // With linksOnly, keys read the stored cursor (several keys of one read act in turn).
  const linkNow = () => {
    const now = store.getState().nav.cursors[id];
    return now ? settledLinkCursor(acts, now, viewport) : initialLinkCursor(acts, initialLine, viewport);
  };
  const place = (cursor: ListCursor) => store.getState().nav.placeCursor(id, cursor);
  const moveTo = linksOnly
    ? (target: number) => {
        if (target <= 0) place(edgeLinkCursor(acts, 'top', viewport));
        else if (target >= count - 1) place(edgeLinkCursor(acts, 'bottom', viewport));
        else if (acts[target]) place({ index: target, offset: scrollWindow(target, linkNow().offset, count, viewport) });
      }
    : (target: number) => store.getState().nav.moveCursor(id, target, count, viewport);
  const moveBy = linksOnly
    ? (step: number) => place(Math.abs(step) === 1 ? stepLinkCursor(acts, linkNow(), step === 1 ? 1 : -1, viewport) : scrollLinkCursor(acts, linkNow(), step, viewport))
    : (step: number) => moveTo((store.getState().nav.cursors[id]?.index ?? index) + step);
  const open = current?.onOpen ?? (current?.address ? () => addresses.open(current.address!) : onOpenOther);
  // The mouse (when on): lines are drawn one per row from the top of the box.
  const box = useRef<DOMElement>(null);
  useMouseArea(box, (event) => listMouse({ offset, viewport, count, index, moveTo, moveBy, open }, event), { active, scrolls: true });
  useCommands(
    'screen',
    hasAddresses ? ['list', 'address'] : ['list'],
    {
      ...(hasAddresses ? addressHandlers(addresses, current?.address, 'Move to a line with an address (a link) first') : {}),
      'list.down': () => moveBy(1),
      'list.up': () => moveBy(-1),
      'list.top': () => moveTo(0),
      'list.bottom': () => moveTo(count - 1),
      'list.pageDown': () => moveBy(viewport - 1),
      'list.pageUp': () => moveBy(-(viewport - 1)),
      'list.open': open,
    },
    active,
  );

  return (
    <Box ref={box} flexDirection="column" height={height}>
      {lines.slice(offset, offset + viewport).map((line, i) => {
        // A panel beside the one the keys move (the other ladder of a country) shows no cursor.
        const selected = active && offset + i === index;
        const link = line.onOpen !== undefined || line.address !== undefined;
        return (
          <Box key={line.key} height={1}>
            <Text wrap="truncate-end" bold={selected} color={link ? theme.accent : undefined}>
              <Text color={theme.selection}>{selected ? theme.selectionGlyph : ' '}</Text> {line.content}
            </Text>
          </Box>
        );
      })}
      {scrolls ? (
        <>
          <Box flexGrow={1} />
          <Box height={1}>
            <Text color={theme.muted} wrap="truncate-end">
              {linksOnly ? `lines ${offset + 1}–${Math.min(count, offset + viewport)} of ${count}` : `line ${formatPosition(index, count)}`}
              {offset + viewport < count ? ' · more below (j/↓, PgDn)' : ''}
            </Text>
          </Box>
        </>
      ) : null}
    </Box>
  );
}

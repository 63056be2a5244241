import { Box, Text } from 'ink';
import { useEffect, useRef, type ReactNode } from 'react';
import { scrollWindow } from '../../state/index.js';
import { useCommands } from '../commands.js';
import { formatPosition } from '../format.js';
import { useTheme } from '../theme.js';
import { useStoredCursor, type CursorHandle } from './list-cursor.js';
import { Spinner } from './Spinner.js';

export interface ScrollListProps<T> {
  /** Key of the cursor in the store; unique per screen entry (`${entry.key}:results`). */
  readonly id: string;
  /** A cursor of the caller's own (a picker's: useLocalCursor) instead of the stored one. */
  readonly cursor?: CursorHandle;
  readonly items: readonly T[];
  /** Rows available, the position line included. */
  readonly height: number;
  /** Everything the service has (total_results); the number of items when unknown. */
  readonly total?: number;
  /** One line of text for a row; it is cut to the width. */
  readonly renderRow: (item: T, index: number, selected: boolean) => ReactNode;
  readonly onOpen?: (item: T, index: number) => void;
  /** Called as the cursor nears the end of what is loaded, while `hasMore`. */
  readonly onNearEnd?: () => void;
  readonly hasMore?: boolean;
  readonly loadingMore?: boolean;
  /** A later page failed: said on the position line; r asks again. */
  readonly moreError?: string;
  readonly onRetryMore?: () => void;
  /** Whether the list takes the list keys (false while a text field on the screen has focus). */
  readonly active?: boolean;
  readonly emptyText?: string;
  readonly getKey?: (item: T, index: number) => string | number;
}

/** How close to the end of what is loaded the cursor gets before the next page is asked for. */
const NEAR_END_ROWS = 10;

/**
 * A list that renders only the rows in view, so a 10,000-row list moves as fast as a short
 * one. A screen's cursor lives in the store (it survives going into a row and coming back); a
 * picker passes its own.
 */
export function ScrollList<T>(props: ScrollListProps<T>) {
  const { id, items, height, renderRow, onOpen, onNearEnd, hasMore = false, loadingMore = false, active = true } = props;
  const theme = useTheme();
  const stored = useStoredCursor(id);
  const handle = props.cursor ?? stored;
  const cursor = handle.cursor;
  const count = items.length;
  const viewport = Math.max(1, height - 1);
  const index = Math.min(cursor?.index ?? 0, Math.max(0, count - 1));
  // The stored offset is a hint: after a resize or a shorter list it is clamped again here.
  const offset = scrollWindow(index, cursor?.offset ?? 0, count, viewport);

  const moveTo = (target: number) => handle.move(target, count, viewport);
  // Moves past the rows loaded so far, while more are coming: the cursor gets there as they
  // load, so holding j moves exactly as many rows as j arrived.
  const owed = useRef<number | null>(null);
  const moveBy = (step: number) => {
    // Not from this render: two keys may arrive before the next render.
    const target = (owed.current ?? handle.current()) + step;
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count, hasMore]);
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
      'list.open': onOpen && count > 0 ? () => onOpen(items[index]!, index) : undefined,
      'panel.retry': props.moreError && props.onRetryMore ? props.onRetryMore : undefined,
    },
    active,
  );

  const nearEnd = count > 0 && index >= count - NEAR_END_ROWS;
  useEffect(() => {
    if (nearEnd && hasMore && !loadingMore && !props.moreError) onNearEnd?.();
  }, [nearEnd, hasMore, loadingMore, props.moreError, onNearEnd, count]);

  if (count === 0) {
    return <Text color={theme.muted}>{props.emptyText ?? 'Nothing here.'}</Text>;
  }

  const visible = items.slice(offset, offset + viewport);
  return (
    <Box flexDirection="column" height={height}>
      {visible.map((item, i) => {
        const rowIndex = offset + i;
        const selected = rowIndex === index;
        return (
          <Box key={props.getKey ? props.getKey(item, rowIndex) : rowIndex} height={1}>
            <Text wrap="truncate-end" color={selected ? theme.selection : undefined} bold={selected}>
              {selected ? theme.selectionGlyph : ' '} {renderRow(item, rowIndex, selected)}
            </Text>
          </Box>
        );
      })}
      <Box flexGrow={1} />
      <PositionLine
        position={formatPosition(index, Math.max(count, props.total ?? count))}
        loadingMore={loadingMore}
        moreError={props.moreError}
      />
    </Box>
  );
}

function PositionLine({ position, loadingMore, moreError }: { position: string; loadingMore: boolean; moreError?: string }) {
  const theme = useTheme();
  return (
    <Box height={1}>
      <Text color={theme.muted} wrap="truncate-end">
        {position}
        {moreError ? ` · could not load more (r to retry): ${moreError}` : ''}
      </Text>
      {loadingMore ? (
        <Text color={theme.muted}>
          {' · '}
          <Spinner label="loading more" />
        </Text>
      ) : null}
    </Box>
  );
}

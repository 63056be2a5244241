import { Box, Text } from 'ink';
import { memo, useMemo, type ReactNode } from 'react';
import { formatCount, formatPosition } from '../format.js';
import { hintLine } from '../hints.js';
import { keyHint } from '../keymap.js';
import { useTheme } from '../theme.js';
import type { CursorHandle } from './list-cursor.js';
import { loadedRanges, matchedRuns, type FilterMatch } from './list-filter.js';
import { useListFilterInput, useRowsInput } from './scroll-list-input.js';
import { FILTER_ROW_LIMIT, useListFilterState, useRowsState, type FilterOptions } from './scroll-list-state.js';
import { Spinner } from './Spinner.js';
import { TextField } from './TextField.js';

/**
 * The view of a list, as ink-ui builds its components: scroll-list-state.ts holds its state (the
 * filter, the cursor over its matches, the rows' window), scroll-list-input.ts its keys and
 * mouse, and this file draws them.
 */

export interface ScrollListProps<T> extends FilterOptions<T> {
  /** Everything the service has (total_results); the number of items when unknown. */
  readonly total?: number;
  /** r after a failed page: given the rows in view, whose pages to ask again. */
  readonly onRetryMore?: (from: number, to: number) => void;
  /** Whether the list takes the list keys (false while a text field on the screen has focus). */
  readonly active?: boolean;
  readonly emptyText?: string;
  readonly getKey?: (item: T, index: number) => string | number;
  /**
   * A row under the filter, the characters of its filterText that matched given; by default the
   * filterText itself with them marked (see Matched).
   */
  readonly renderMatch?: (item: T, index: number, selected: boolean, positions: readonly number[]) => ReactNode;
}

/**
 * A list that renders only the rows in view, so a 10,000-row list moves as fast as a short
 * one. A screen's cursor lives in the store (it survives going into a row and coming back); a
 * picker passes its own. `/` filters the rows loaded (fuzzy, best match first, the matched
 * characters shown); Enter keeps the filter and gives the keys back to the list, Esc clears it
 * and leaves the cursor on the row it was on.
 */
export function ScrollList<T>(props: ScrollListProps<T>) {
  const { active = true } = props;
  const state = useListFilterState(props);
  useListFilterInput(state, active);
  const { filter, matches } = state;
  const filtering = matches !== undefined;
  const ranges = useMemo(() => (filtering ? loadedRanges(props.items, formatCount) : undefined), [filtering, props.items]);

  if (!matches) return <Rows {...props} cursor={state.handle} />;
  const footer = (
    <FilterLine
      text={filter.text}
      typing={filter.typing}
      onChange={state.changeFilter}
      found={matches.length}
      loaded={state.loaded}
      ranges={ranges}
      more={state.unseen}
      canLoad={state.loadForFilter !== undefined}
      loading={props.loadingMore ?? false}
    />
  );
  return (
    <Rows<FilterMatch<T>>
      id={props.id}
      cursor={state.listCursor}
      items={matches}
      height={props.height}
      renderRow={(found, _index, selected) =>
        props.renderMatch ? props.renderMatch(found.item, found.index, selected, found.positions) : <Matched text={found.text} positions={found.positions} selected={selected} />
      }
      // Typing, Enter keeps the filter; from the list it opens the row. The whole list comes back
      // first, on that row, so going back finds it highlighted there.
      onOpen={props.onOpen && !filter.typing ? (found) => state.openFound(found) : undefined}
      // Typing, the letters are the filter's; the arrows still move.
      active={active}
      emptyText="No row matches: Backspace changes the filter, Esc clears it."
      getKey={props.getKey ? (found) => props.getKey!(found.item, found.index) : undefined}
      footer={footer}
    />
  );
}

/** A row's text with the characters the filter matched drawn bold and underlined (seen without colour too). */
export function Matched({ text, positions, selected }: { text: string; positions: readonly number[]; selected: boolean }) {
  const theme = useTheme();
  return (
    <>
      {matchedRuns(text, positions).map((run, i) =>
        run.matched ? (
          <Text key={i} bold underline color={selected ? undefined : theme.accent}>
            {run.text}
          </Text>
        ) : (
          run.text
        ),
      )}
    </>
  );
}

function FilterLine(props: { text: string; typing: boolean; onChange: (text: string) => void; found: number; loaded: number; ranges?: string; more: boolean; canLoad: boolean; loading: boolean }) {
  const { text, typing, onChange, found, loaded, more } = props;
  const theme = useTheme();
  // Said plainly: the filter sees the rows loaded, and how to have it see more.
  const rest = props.loading ? ' (loading more)' : props.canLoad ? ` · ${keyHint('filter.loadAll')} loads up to ${formatCount(FILTER_ROW_LIMIT)}` : '';
  const counts = `${formatCount(found)} of ${formatCount(loaded)}${more ? ' loaded' : ''}${props.ranges ? ` (${props.ranges})` : ''}${rest}`;
  return (
    <Box height={1}>
      {typing ? (
        <>
          <TextField label="/" value={text} onChange={onChange} focused width={24} placeholder="part of a title" />
          <Text color={theme.muted} wrap="truncate-end">
            {' '}
            {counts} · {hintLine(['filter.keep', 'keeps it'])}
          </Text>
        </>
      ) : (
        <Text color={theme.muted} wrap="truncate-end">
          {`/${text}: ${counts} · `}
          {hintLine(['list.filter', 'edits'], ['list.clearFilter', 'clears'])}
        </Text>
      )}
    </Box>
  );
}

interface RowsProps<T> extends ScrollListProps<T> {
  readonly cursor: CursorHandle;
  /** Drawn instead of the position line (the filter's). */
  readonly footer?: ReactNode;
}

/**
 * The rows in view and the position line. Only the rows in view are rendered, so a 10,000-row
 * list moves as fast as a short one.
 */
function Rows<T>(props: RowsProps<T>) {
  const { items, height, renderRow, loadingMore = false, active = true } = props;
  const theme = useTheme();
  const rows = useRowsState(props.cursor, props);
  const box = useRowsInput(rows, { items, onOpen: props.onOpen, moreError: props.moreError, onRetryMore: props.onRetryMore, active });
  const { count, viewport, index, offset } = rows;

  if (count === 0) {
    return (
      <Box flexDirection="column" height={props.footer ? height : undefined}>
        <Text color={theme.muted}>{props.emptyText ?? 'Nothing here.'}</Text>
        {props.footer ? (
          <>
            <Box flexGrow={1} />
            {props.footer}
          </>
        ) : null}
      </Box>
    );
  }

  const visible = items.slice(offset, offset + viewport);
  return (
    <Box ref={box} flexDirection="column" height={height}>
      {visible.map((item, i) => {
        const rowIndex = offset + i;
        if (item === undefined) return <UnloadedRow key={`unloaded:${rowIndex}`} selected={rowIndex === index} />;
        return <Row key={props.getKey ? props.getKey(item, rowIndex) : rowIndex} item={item} index={rowIndex} selected={rowIndex === index} renderRow={renderRow} />;
      })}
      <Box flexGrow={1} />
      {props.footer ?? (
        <PositionLine
          position={formatPosition(index, Math.max(count, props.total ?? count))}
          loadingMore={loadingMore}
          moreError={props.moreError}
        />
      )}
    </Box>
  );
}

interface RowProps<T> {
  readonly item: T;
  readonly index: number;
  readonly selected: boolean;
  readonly renderRow: ScrollListProps<T>['renderRow'];
}

/**
 * One row in view. A key that moves the cursor changes two rows (or shifts the window by one):
 * the others keep their props and are not rendered again, and Ink lays out only what changed.
 */
const Row = memo(function Row<T>({ item, index, selected, renderRow }: RowProps<T>) {
  const theme = useTheme();
  return (
    <Box height={1}>
      <Text wrap="truncate-end" color={selected ? theme.selection : undefined} bold={selected}>
        {selected ? theme.selectionGlyph : ' '} {renderRow(item, index, selected)}
      </Text>
    </Box>
  );
}) as <T>(props: RowProps<T>) => ReactNode;

/** A row whose page is on its way. */
function UnloadedRow({ selected }: { selected: boolean }) {
  const theme = useTheme();
  return (
    <Box height={1}>
      <Text wrap="truncate-end" color={selected ? theme.selection : theme.muted} bold={selected}>
        {selected ? theme.selectionGlyph : ' '} …
      </Text>
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

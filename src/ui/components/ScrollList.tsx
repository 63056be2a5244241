import { Box, Text, type DOMElement } from 'ink';
import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { scrollWindow } from '../../state/index.js';
import { useCommands, useMouseArea, type AreaMouseEvent } from '../commands.js';
import { fieldText, formatCount, formatPosition } from '../format.js';
import { hintLine } from '../hints.js';
import { keyHint } from '../keymap.js';
import { useTheme } from '../theme.js';
import { useStoredCursor, type CursorHandle } from './list-cursor.js';
import { listMatcher, matchedRuns, type FilterMatch } from './list-filter.js';
import { listMouse } from './list-mouse.js';
import { Spinner } from './Spinner.js';
import { TextField } from './TextField.js';

export interface ScrollListProps<T> {
  /** Key of the cursor in the store; unique per screen entry (`${entry.key}:results`). */
  readonly id: string;
  /** A cursor of the caller's own (a picker's: useLocalCursor) instead of the stored one. */
  readonly cursor?: CursorHandle;
  /**
   * The rows; undefined where a paged list has not loaded the row yet (its page is asked for
   * when the row comes into view: see onNeedRows), so the list is as long as the whole listing.
   */
  readonly items: ReadonlyArray<T | undefined>;
  /** Rows available, the position line included. */
  readonly height: number;
  /** Everything the service has (total_results); the number of items when unknown. */
  readonly total?: number;
  /** One line of text for a row; it is cut to the width. */
  readonly renderRow: (item: T, index: number, selected: boolean) => ReactNode;
  readonly onOpen?: (item: T, index: number) => void;
  /** Called as the cursor nears the end of what is loaded, while `hasMore`. */
  readonly onNearEnd?: () => void;
  /** Called with the rows in view (and a few beyond) that are not loaded: rows `from`..`to`. */
  readonly onNeedRows?: (from: number, to: number) => void;
  readonly hasMore?: boolean;
  readonly loadingMore?: boolean;
  /** A later page failed: said on the position line; r asks again. */
  readonly moreError?: string;
  readonly onRetryMore?: () => void;
  /**
   * Loads the rest of a long list, up to FILTER_ROW_LIMIT rows, so the filter sees them: offered
   * while the filter is open on a list with rows not loaded.
   */
  readonly onLoadForFilter?: () => void;
  /** Whether the list takes the list keys (false while a text field on the screen has focus). */
  readonly active?: boolean;
  readonly emptyText?: string;
  readonly getKey?: (item: T, index: number) => string | number;
  /**
   * The text `/` filters a row by: the row's own text where renderRow gives a string, unless
   * given here; false for a list whose screen filters it its own way (a picker's field).
   */
  readonly filterText?: ((item: T) => string) | false;
  /** Told the highlighted row as the list draws it (under a filter too); undefined on an empty list. */
  readonly highlight?: Highlight<T>;
  /**
   * A row under the filter, the characters of its filterText that matched given; by default the
   * filterText itself with them marked (see Matched).
   */
  readonly renderMatch?: (item: T, index: number, selected: boolean, positions: readonly number[]) => ReactNode;
  /**
   * Told the filter's text as it changes, and undefined when the whole list is back: before the
   * cursor moves for it, so the screen can still read which row it was on.
   */
  readonly onFilterChange?: (text: string | undefined) => void;
}

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

/** The most rows the filter loads for itself (Ctrl-L): 50 pages of the service. */
export const FILTER_ROW_LIMIT = 1_000;

/** How close to the end of what is loaded the cursor gets before the next page is asked for. */
const NEAR_END_ROWS = 10;


/**
 * A list that renders only the rows in view, so a 10,000-row list moves as fast as a short
 * one. A screen's cursor lives in the store (it survives going into a row and coming back); a
 * picker passes its own. `/` filters the rows loaded (fuzzy, best match first, the matched
 * characters shown); Enter keeps the filter and gives the keys back to the list, Esc clears it
 * and leaves the cursor on the row it was on.
 */
export function ScrollList<T>(props: ScrollListProps<T>) {
  const { items, renderRow, active = true } = props;
  const [filter, setFilter] = useState<{ readonly text: string; readonly typing: boolean }>({ text: '', typing: false });
  const textOf = useMemo(() => rowTextOf(props.filterText, renderRow), [props.filterText, renderRow]);
  const filterable = textOf !== undefined && items[0] !== undefined && textOf(items[0]) !== undefined;
  // Filtered, only the rows loaded count (a paged list says how many of all those are).
  const loadedRows = useMemo(() => items.flatMap((item, index) => (item === undefined ? [] : [{ item, index }])), [items]);
  const filterOpen = filterable && (filter.typing || filter.text.trim() !== '');
  // Built only while the filter is open: it reads every row loaded, which on a long list that
  // is still loading would cost each arriving page (and each key that draws with it) that much.
  const match = useMemo(
    () => (filterOpen ? lastAnswerKept(listMatcher(loadedRows.map(({ item, index }) => ({ item, index, text: textOf(item) ?? '' })))) : undefined),
    [filterOpen, loadedRows, textOf],
  );
  const filtering = match !== undefined;
  const matches = useMemo(() => (filtering ? match(filter.text) : undefined), [filtering, match, filter.text]);
  const stored = useStoredCursor(props.id);
  const handle = props.cursor ?? stored;
  const viewport = Math.max(1, props.height - 1);
  const matchCursor = useMatchCursor(handle, matches, items.length);
  const listCursor = matchCursor ?? handle;
  const shown = matches ?? items;
  const highlighted = shown.length === 0 ? undefined : shown[Math.min(listCursor.cursor?.index ?? 0, shown.length - 1)];
  const highlightedItem = matches ? (highlighted as FilterMatch<T> | undefined)?.item : (highlighted as T | undefined);
  const { highlight } = props;
  highlight?.drawing(highlightedItem);
  useEffect(() => highlight?.drawn(highlightedItem), [highlight, highlightedItem]);

  const { onFilterChange } = props;
  const changeFilter = (text: string) => {
    const kept = fieldText(text);
    onFilterChange?.(kept);
    setFilter({ text: kept, typing: true });
    // The best match comes first: show it (a key of the same read then acts on it).
    const best = match?.(kept)[0];
    if (best) handle.move(best.index, items.length, viewport);
  };
  // The row the cursor was on when the filter opened: where clearing a filter that matched nothing goes back to.
  const beforeFilter = useRef(0);
  const openFilter = () => {
    if (!filtering) beforeFilter.current = handle.current();
    onFilterChange?.(filter.text);
    setFilter((f) => ({ ...f, typing: true }));
  };
  const closeFilter = (keep: boolean) => {
    const chosen = matches && matches.length > 0 ? matches[listCursor.current()] : undefined;
    // Kept empty, the filter is gone: the whole list is back.
    if (!keep || filter.text.trim() === '') onFilterChange?.(undefined);
    setFilter((f) => ({ text: keep ? f.text : '', typing: false }));
    if (keep) return;
    // Back on the whole list, the row chosen in the filtered one stays highlighted, in view.
    handle.move(chosen ? chosen.index : beforeFilter.current, items.length, viewport);
  };
  const openFound = (found: FilterMatch<T>) => {
    onFilterChange?.(undefined);
    setFilter({ text: '', typing: false });
    handle.move(found.index, items.length, viewport);
    props.onOpen!(found.item, found.index);
  };
  // Rows the filter does not see yet, up to the bound it loads.
  const unseen = (props.hasMore ?? false) || loadedRows.length < items.length;
  const loadForFilter = filtering && unseen && props.onLoadForFilter && loadedRows.length < FILTER_ROW_LIMIT ? props.onLoadForFilter : undefined;
  useCommands(
    'screen',
    ['list', 'list.filter'],
    filter.typing
      ? { 'filter.keep': () => closeFilter(true), 'filter.loadAll': loadForFilter }
      : {
          'list.filter': filterable ? openFilter : undefined,
          'list.clearFilter': filtering ? () => closeFilter(false) : undefined,
          'filter.loadAll': loadForFilter,
        },
    active,
  );

  if (!matches) return <Rows {...props} cursor={handle} />;
  const footer = (
    <FilterLine
      text={filter.text}
      typing={filter.typing}
      onChange={changeFilter}
      found={matches.length}
      loaded={loadedRows.length}
      more={unseen}
      canLoad={loadForFilter !== undefined}
      loading={props.loadingMore ?? false}
    />
  );
  return (
    <Rows<FilterMatch<T>>
      id={props.id}
      cursor={listCursor}
      items={matches}
      height={props.height}
      renderRow={(found, _index, selected) =>
        props.renderMatch ? props.renderMatch(found.item, found.index, selected, found.positions) : <Matched text={found.text} positions={found.positions} selected={selected} />
      }
      // Typing, Enter keeps the filter; from the list it opens the row. The whole list comes back
      // first, on that row, so going back finds it highlighted there.
      onOpen={props.onOpen && !filter.typing ? (found) => openFound(found) : undefined}
      // Typing, the letters are the filter's; the arrows still move.
      active={active}
      emptyText="No row matches: Backspace changes the filter, Esc clears it."
      getKey={props.getKey ? (found) => props.getKey!(found.item, found.index) : undefined}
      footer={footer}
    />
  );
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
function rowTextOf<T>(given: ScrollListProps<T>['filterText'], renderRow: ScrollListProps<T>['renderRow']) {
  if (given === false) return undefined;
  if (given) return given;
  return (item: T): string | undefined => {
    const row = renderRow(item, 0, false);
    return typeof row === 'string' ? row.trimEnd() : undefined;
  };
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

function FilterLine(props: { text: string; typing: boolean; onChange: (text: string) => void; found: number; loaded: number; more: boolean; canLoad: boolean; loading: boolean }) {
  const { text, typing, onChange, found, loaded, more } = props;
  const theme = useTheme();
  // Said plainly: the filter sees the rows loaded, and how to have it see more.
  const rest = props.loading ? ' (loading more)' : props.canLoad ? ` · ${keyHint('filter.loadAll')} loads up to ${formatCount(FILTER_ROW_LIMIT)}` : '';
  const counts = `${formatCount(found)} of ${formatCount(loaded)}${more ? ' loaded' : ''}${rest}`;
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
  const { items, height, renderRow, onOpen, onNearEnd, onNeedRows, hasMore = false, loadingMore = false, active = true } = props;
  const theme = useTheme();
  const handle = props.cursor;
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
      'list.open': onOpen && items[index] !== undefined ? () => onOpen(items[index]!, index) : undefined,
      'panel.retry': props.moreError && props.onRetryMore ? props.onRetryMore : undefined,
    },
    active,
  );

  // The mouse (when on): the rows are drawn one per line from the top of the list's box.
  const box = useRef<DOMElement>(null);
  const onMouse = (event: AreaMouseEvent) =>
    listMouse({ offset, viewport, count, index, moveTo: jumpTo, moveBy, open: onOpen && items[index] !== undefined ? () => onOpen(items[index]!, index) : undefined }, event);
  useMouseArea(box, onMouse, { active, scrolls: true });

  // The rows in view and a few beyond that are not loaded: their pages are asked for, so the
  // first screen fills the list's height and a jump (G, PgDn) shows its rows as they come.
  const wantedEnd = Math.min(count, offset + viewport + NEAR_END_ROWS) - 1;
  let firstMissing = -1;
  let lastMissing = -1;
  for (let i = offset; i <= wantedEnd; i++) {
    if (items[i] !== undefined) continue;
    if (firstMissing < 0) firstMissing = i;
    lastMissing = i;
  }
  useEffect(() => {
    if (firstMissing >= 0 && !loadingMore && !props.moreError) onNeedRows?.(firstMissing, lastMissing);
  }, [firstMissing, lastMissing, loadingMore, props.moreError, onNeedRows]);

  const nearEnd = count > 0 && index >= count - NEAR_END_ROWS;
  useEffect(() => {
    if (nearEnd && hasMore && !loadingMore && !props.moreError) onNearEnd?.();
  }, [nearEnd, hasMore, loadingMore, props.moreError, onNearEnd, count]);

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

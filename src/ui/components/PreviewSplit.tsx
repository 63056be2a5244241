import { Box, Text } from 'ink';
import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useCommands } from '../commands.js';
import { useAppState, useAppStore } from '../store-context.js';
import { printable, wrapWithin } from '../format.js';
import { useTheme } from '../theme.js';
import type { Highlight } from './scroll-list-state.js';

/** From this width a list screen has room for a preview beside the list; below it, the list alone. */
export const PREVIEW_MIN_COLUMNS = 120;

/** The widths of the list and the preview (its border included), or no preview. */
export function previewWidths(width: number, on: boolean): { list: number; preview: number } | undefined {
  if (!on || width < PREVIEW_MIN_COLUMNS) return undefined;
  const preview = Math.max(44, Math.min(72, Math.floor(width * 0.4)));
  return { list: width - preview, preview };
}

/**
 * The highlighted row, passed from the list to the preview without going through the screen:
 * a key that moves the cursor draws the list and the preview again, not the whole screen.
 */
function highlightChannel<T>() {
  let current: T | undefined;
  const listeners = new Set<() => void>();
  const highlight: Highlight<T> = {
    // Read by the preview later in the same render pass: nothing to tell yet.
    drawing: (item) => {
      current = item;
    },
    // Each listener (the preview's useSyncExternalStore) renders again only if what it drew differs.
    drawn: (item) => {
      current = item;
      for (const listener of listeners) listener();
    },
  };
  return {
    highlight,
    get: () => current,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface PreviewSplitProps<T> {
  readonly width: number;
  readonly height: number;
  /** The preview of the highlighted row, drawn in `width` x `height`. */
  readonly renderPreview: (item: T, size: { width: number; height: number }) => ReactNode;
  /** The list, drawn `listWidth` wide; `highlight` goes to its ScrollList (or PagedList). */
  readonly children: (listWidth: number, highlight: Highlight<T> | undefined) => ReactNode;
  /** Whether this screen's keys are live (false while a form or a popup on it has them). */
  readonly active?: boolean;
}

/**
 * A list with the highlighted row's preview beside it on a wide terminal (PREVIEW_MIN_COLUMNS),
 * as in lazygit or gh-dash; the list alone when narrower or when the preview is turned off
 * (its key, or `preview: false` in the config file). The split follows a resize.
 */
export function PreviewSplit<T>({ width, height, renderPreview, children, active = true }: PreviewSplitProps<T>) {
  const store = useAppStore();
  const on = useAppState((s) => s.terminal.preview);
  const channel = useMemo(() => highlightChannel<T>(), []);
  const widths = previewWidths(width, on);
  useCommands('screen', ['list'], { 'list.preview': width >= PREVIEW_MIN_COLUMNS ? () => store.getState().terminal.togglePreview() : undefined }, active);
  if (!widths) return <>{children(width, undefined)}</>;
  return (
    <Box height={height} width={width}>
      <Box width={widths.list} height={height} flexDirection="column">
        {children(widths.list, channel.highlight)}
      </Box>
      <PreviewPane channel={channel} width={widths.preview} height={height} render={renderPreview} />
    </Box>
  );
}

function PreviewPane<T>({
  channel,
  width,
  height,
  render,
}: {
  channel: ReturnType<typeof highlightChannel<T>>;
  width: number;
  height: number;
  render: PreviewSplitProps<T>['renderPreview'];
}) {
  const theme = useTheme();
  // Rendered with the list whenever a cursor moves, after it in the same pass (it comes later in
  // the tree), so it reads the row the list is drawing and the key's frame shows both.
  useAppState((s) => s.nav.cursors);
  const subscribe = useCallback((listener: () => void) => channel.subscribe(listener), [channel]);
  const item = useSyncExternalStore(subscribe, channel.get);
  // A border on the left only: one column, and the rows stay the list's.
  const innerWidth = width - 2;
  // A cursor moved elsewhere, or to a row of the same title, draws nothing new here.
  const preview = useMemo(() => (item === undefined ? undefined : render(item, { width: innerWidth, height })), [item, render, innerWidth, height]);
  return (
    <Box width={width} height={height} borderStyle="single" borderTop={false} borderBottom={false} borderRight={false} borderColor={theme.muted} paddingLeft={1} flexDirection="column" overflow="hidden">
      {preview ?? <Text color={theme.muted}>Nothing highlighted.</Text>}
    </Box>
  );
}

/** A preview's lines of facts, a blank line, then as much of `text` (an overview) as the pane holds. */
export function PreviewBody({ facts, text, width, height }: { facts: readonly ReactNode[]; text: string; width: number; height: number }) {
  const room = Math.max(0, height - facts.length - 1);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {facts}
      <Text> </Text>
      {wrapWithin(printable(text), width, room).map((line, i) => (
        <Text key={i}>{line}</Text>
      ))}
    </Box>
  );
}

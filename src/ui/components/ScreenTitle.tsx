import { Box, Text } from 'ink';
import { columns, truncate } from '../format.js';
import { useAppState } from '../store-context.js';
import { useTheme } from '../theme.js';

/** Between the parts of a hint ("r rate · X unrate · Enter opens"), and between title and hint. */
const HINT_SEPARATOR = ' · ';
const GAP = 1;

/**
 * The title and the hint as they fit in `width` columns. The title wins: the hint gives up its
 * last parts (then all of itself) before the title loses a column, so a film's or a season's
 * name is never cut beside a key hint that help and the footer also give. A title wider than
 * the line alone ends with an ellipsis.
 */
export function titleLine(title: string, hint: string | undefined, width: number): { title: string; hint?: string } {
  const titleColumns = columns(title);
  if (titleColumns >= width) return { title: truncate(title, width) };
  const parts = hint ? hint.split(HINT_SEPARATOR) : [];
  for (let kept = parts.length; kept > 0; kept--) {
    const shown = parts.slice(0, kept).join(HINT_SEPARATOR);
    if (titleColumns + GAP + columns(shown) <= width) return { title, hint: shown };
  }
  return { title };
}

/**
 * The first line of a screen: its name, and a hint on the right. A screen's title spans the
 * terminal's width, so that is the room it measures against (`width` where it is drawn narrower).
 */
export function ScreenTitle({ title, hint, width }: { title: string; hint?: string; width?: number }) {
  const theme = useTheme();
  const terminalColumns = useAppState((s) => s.terminal.columns);
  const line = titleLine(title, hint, width ?? terminalColumns);
  return (
    <Box height={1}>
      <Box flexGrow={1} flexShrink={1}>
        <Text bold wrap="truncate-end">
          {line.title}
        </Text>
      </Box>
      {line.hint ? (
        <Box flexShrink={0} marginLeft={GAP}>
          <Text color={theme.muted}>{line.hint}</Text>
        </Box>
      ) : null}
    </Box>
  );
}

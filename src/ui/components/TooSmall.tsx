import { Box, Text } from 'ink';
import { MIN_COLUMNS, MIN_ROWS } from '../../state/index.js';

/** Shown instead of the layout when the terminal cannot hold it; q and Ctrl-C still quit. */
export function TooSmall({ columns, rows }: { columns: number; rows: number }) {
  return (
    <Box flexDirection="column">
      <Text wrap="wrap">
        Terminal too small ({columns}x{rows}).
      </Text>
      <Text wrap="wrap">
        Marquee needs at least {MIN_COLUMNS}x{MIN_ROWS}: enlarge the window, or press q to quit.
      </Text>
    </Box>
  );
}

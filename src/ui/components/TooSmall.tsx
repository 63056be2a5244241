import { Box, Text } from 'ink';
import { MIN_COLUMNS, MIN_ROWS } from '../../state/index.js';
import { keyHint } from '../keymap.js';
import { ToastLine } from './Toasts.js';

/** Shown instead of the layout when the terminal cannot hold it; q and Ctrl-C still quit, other keys are ignored (and it says so). */
export function TooSmall({ columns, rows }: { columns: number; rows: number }) {
  return (
    <Box flexDirection="column">
      <Text wrap="wrap">
        Terminal too small ({columns}x{rows}).
      </Text>
      <Text wrap="wrap">
        Marquee needs at least {MIN_COLUMNS}x{MIN_ROWS}: enlarge the window, or press {keyHint('app.quit')} to quit.
      </Text>
      <ToastLine width={columns} />
    </Box>
  );
}

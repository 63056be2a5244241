import { Box, Text } from 'ink';
import { keyHint } from '../keymap.js';
import { ScreenTitle } from './ScreenTitle.js';

/**
 * A screen drawn from the ratings of a session, opened with none: its title, what it would show
 * (`drawnFrom`, a sentence without its full stop) and the key that signs in.
 */
export function SignInFirst({ title, drawnFrom, height }: { title: string; drawnFrom: string; height: number }) {
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={title} />
      <Text>
        {drawnFrom}: {keyHint('app.session')} signs in.
      </Text>
    </Box>
  );
}

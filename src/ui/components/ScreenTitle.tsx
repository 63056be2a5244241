import { Box, Text } from 'ink';
import { useTheme } from '../theme.js';

/** The first line of a screen: its name, and a hint on the right. */
export function ScreenTitle({ title, hint }: { title: string; hint?: string }) {
  const theme = useTheme();
  return (
    <Box height={1}>
      <Box flexGrow={1} flexShrink={1}>
        <Text bold wrap="truncate-end">
          {title}
        </Text>
      </Box>
      {hint ? (
        <Box flexShrink={0} marginLeft={1}>
          <Text color={theme.muted}>{hint}</Text>
        </Box>
      ) : null}
    </Box>
  );
}

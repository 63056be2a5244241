import { Box, Text } from 'ink';
import { useState, type ReactNode } from 'react';
import { useCommands } from '../commands.js';
import { useTheme } from '../theme.js';

interface ScrollTextProps {
  /** One element per line of screen, already cut or wrapped to the width. */
  readonly lines: readonly ReactNode[];
  readonly height: number;
  /** Whether j/k and the page keys scroll this text (false while something covers it). */
  readonly active?: boolean;
}

/**
 * Text taller than its panel: the lines in view, and a last line saying where you are when
 * not everything fits. j/k scroll by a line, PgUp/PgDn by a page, g/G to the ends.
 */
export function ScrollText({ lines, height, active = true }: ScrollTextProps) {
  const theme = useTheme();
  const fits = lines.length <= height;
  const viewport = fits ? height : Math.max(1, height - 1);
  const maxOffset = Math.max(0, lines.length - viewport);
  const [rawOffset, setOffset] = useState(0);
  const offset = Math.min(rawOffset, maxOffset);
  const clamp = (target: number) => Math.max(0, Math.min(maxOffset, target));
  // From the previous offset, not this render's: two keys may arrive before the next render.
  const scrollBy = (step: number) => setOffset((previous) => clamp(Math.min(previous, maxOffset) + step));

  useCommands(
    'screen',
    ['scroll'],
    fits
      ? {}
      : {
          'scroll.line': (direction) => scrollBy(direction === 'down' ? 1 : -1),
          'scroll.page': (where) => {
            if (where === 'pageDown') scrollBy(viewport - 1);
            else if (where === 'pageUp') scrollBy(-(viewport - 1));
            else setOffset(where === 'top' ? 0 : maxOffset);
          },
        },
    active,
  );

  return (
    <Box flexDirection="column" height={height}>
      {lines.slice(offset, offset + viewport).map((line, i) => (
        <Box key={offset + i} height={1}>
          {line}
        </Box>
      ))}
      {fits ? null : (
        <>
          <Box flexGrow={1} />
          <Text color={theme.muted} wrap="truncate-end">
            lines {offset + 1}-{Math.min(lines.length, offset + viewport)} of {lines.length} · j/k scroll
          </Text>
        </>
      )}
    </Box>
  );
}

import { Box, Text } from 'ink';
import type { ToastLevel } from '../../state/index.js';
import { useAppState } from '../store-context.js';
import { useTheme, type Theme } from '../theme.js';

const GLYPHS: Record<ToastLevel, string> = { info: 'i', success: '✓', warning: '!', error: '✗' };

function levelColor(theme: Theme, level: ToastLevel): string | undefined {
  if (level === 'error') return theme.danger;
  if (level === 'warning') return theme.warning;
  if (level === 'success') return theme.success;
  return theme.accent;
}

/** True when the newest toast carries an address: it then takes the footer's row for it. */
export function useToastAddress(): boolean {
  return useAppState((s) => s.notifications.toasts.at(-1)?.address !== undefined);
}

/**
 * One line above the footer: the newest toast, dimmed as it fades. A toast with an address (one
 * that could not be opened) shows it whole on a second line, in the footer's place.
 */
export function ToastLine({ width }: { width: number }) {
  const theme = useTheme();
  const toast = useAppState((s) => s.notifications.toasts.at(-1));
  return (
    <Box flexDirection="column" height={toast?.address === undefined ? 1 : 2} width={width}>
      {toast ? (
        <Text wrap="truncate-end" dimColor={toast.fading} color={levelColor(theme, toast.level)}>
          {GLYPHS[toast.level]} {toast.text}
        </Text>
      ) : null}
      {toast?.address !== undefined ? (
        <Text wrap="truncate-middle" dimColor={toast.fading}>
          {'  '}
          {toast.address}
        </Text>
      ) : null}
    </Box>
  );
}

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

/** One line above the footer: the newest toast, dimmed as it fades. */
export function ToastLine({ width }: { width: number }) {
  const theme = useTheme();
  const toast = useAppState((s) => s.notifications.toasts.at(-1));
  return (
    <Box height={1} width={width}>
      {toast ? (
        <Text wrap="truncate-end" dimColor={toast.fading} color={levelColor(theme, toast.level)}>
          {GLYPHS[toast.level]} {toast.text}
        </Text>
      ) : null}
    </Box>
  );
}

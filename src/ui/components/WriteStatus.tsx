import { Text } from 'ink';
import type { ReactNode } from 'react';
import type { WriteOutcome } from '../../state/index.js';
import { outcomeText } from '../hints.js';
import { Spinner } from './Spinner.js';
import { useTheme } from '../theme.js';

/**
 * The line under a panel that writes (adding films to a list, putting one on my lists): a
 * spinner while a write is under way, then how the last one went (✓ or ✗ and its words), and
 * before any, `idle` (what the panel's keys do).
 */
export function WriteStatus({ busy, busyLabel, outcome, idle }: { busy: boolean; busyLabel: string; outcome: WriteOutcome | undefined; idle: ReactNode }) {
  const theme = useTheme();
  if (busy) return <Spinner label={busyLabel} />;
  if (!outcome) return <>{idle}</>;
  return (
    <Text color={outcome.ok ? theme.success : theme.danger} wrap="wrap">
      {outcome.ok ? '✓' : '✗'} {outcomeText(outcome)}
    </Text>
  );
}

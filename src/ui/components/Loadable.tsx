import { Box, Text } from 'ink';
import { type ReactNode } from 'react';
import { retryCanHelp, type Failure, type LoadStatus } from '../../state/index.js';
import { useCommands, useLoadingMarker } from '../commands.js';
import { keyHint } from '../keymap.js';
import { useTheme } from '../theme.js';
import { Spinner } from './Spinner.js';

interface LoadableProps {
  readonly status: LoadStatus;
  readonly error?: Failure;
  /** Whether there is something to show (a value from an earlier load counts). */
  readonly hasValue: boolean;
  /** "popular movies": used in "Loading popular movies…". */
  readonly what: string;
  readonly onRetry: () => void;
  /** What to change when the service refused what was asked (a key that opens the filters, going back). */
  readonly refusedText?: string;
  readonly children: ReactNode;
}

/**
 * The three states of a panel that loads something: a spinner inside the panel, the error
 * inside the panel with the retry key, or the content.
 */
export function Loadable({ status, error, hasValue, what, onRetry, refusedText, children }: LoadableProps) {
  const failed = status === 'error';
  // A request the service refused for what it asked fails the same way again: no retry key.
  const retryable = !error || retryCanHelp(error);
  useCommands('screen', ['panel'], { 'panel.retry': onRetry }, failed && retryable);
  useLoadingMarker(!failed && !hasValue);
  if (failed) return <PanelError message={error?.message ?? 'Loading failed'} what={what} retryable={retryable} refusedText={refusedText} missing={error?.httpStatus === 404} />;
  if (!hasValue) return <Spinner label={`Loading ${what}…`} />;
  return <>{children}</>;
}

/** `missing`: the service answered 404, it has nothing under that address (a film without reviews, an unknown id). */
export function PanelError({ message, what, retryable = true, refusedText, missing = false }: { message: string; what: string; retryable?: boolean; refusedText?: string; missing?: boolean }) {
  const theme = useTheme();
  // Nothing to change and nothing a retry would find: say so rather than what to change.
  const refused = missing ? `The service does not have ${what}.` : `The service refused what was asked: ${refusedText ?? 'change it (a filter, a value) and it loads again.'}`;
  return (
    <Box flexDirection="column">
      <Text color={theme.danger}>✗ Could not load {what}.</Text>
      <Text>{message}</Text>
      <Text color={theme.muted}>
        {retryable ? `Press ${keyHint('panel.retry')} to try again.` : refused}
      </Text>
    </Box>
  );
}

import { Box, Text } from 'ink';
import { Popup, useCommands } from '../commands.js';
import { bindingsFor, keyHint, keyHintName } from '../keymap.js';
import { useTheme } from '../theme.js';
import { Spinner } from './Spinner.js';

interface ConfirmProps {
  /** "Remove "Heat" from the list?" */
  readonly question: string;
  readonly onYes: () => void;
  readonly onNo: () => void;
  /** The answer is being carried out: keys wait, a spinner says so. */
  readonly busy?: boolean;
  readonly busyLabel?: string;
  /** What the keys say they do ("yes", "no" unless told). */
  readonly yes?: string;
  readonly no?: string;
}

/** Rows the question takes: the question, then the keys. */
export const CONFIRM_ROWS = 2;

/**
 * A yes/no question in the panel: y goes ahead, n or Esc leaves things as they are. It is a
 * popup: while it is open no other key reaches the screen or the global commands.
 */
export function Confirm(props: ConfirmProps) {
  return (
    <Popup kind="confirm">
      <Question {...props} />
    </Popup>
  );
}

function Question({ question, onYes, onNo, busy = false, busyLabel = 'Working…', yes = 'yes', no = 'no' }: ConfirmProps) {
  const theme = useTheme();
  useCommands('screen', ['confirm'], busy ? {} : { 'confirm.yes': onYes, 'confirm.no': onNo });
  return (
    <Box flexDirection="column" height={CONFIRM_ROWS}>
      <Text bold color={theme.warning} wrap="truncate-end">
        ? {question}
      </Text>
      {busy ? (
        <Spinner label={busyLabel} />
      ) : (
        <Text>
          {'  '}
          <Text bold color={theme.accent}>
            {keyHint('confirm.yes')}
          </Text>{' '}
          {yes} ·{' '}
          {bindingsFor('confirm.no')[0]!.keys.map((key, i) => (
            <Text key={key}>
              {i > 0 ? ' or ' : ''}
              <Text bold color={theme.accent}>
                {keyHintName(key)}
              </Text>
            </Text>
          ))}{' '}
          {no}
        </Text>
      )}
    </Box>
  );
}

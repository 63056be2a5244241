import { Box, Text } from 'ink';
import { useCommands } from '../commands.js';
import { useAppState, useAppStore } from '../store-context.js';
import { keyHint } from '../keymap.js';
import { useTheme } from '../theme.js';
import { Spinner } from './Spinner.js';

/**
 * What the body shows until the service is usable: a spinner while it starts, or what is wrong
 * and what to do (set a token; retry with r).
 */
export function ConnectionScreen() {
  const store = useAppStore();
  const theme = useTheme();
  const status = useAppState((s) => s.connection.status);
  const problem = useAppState((s) => s.connection.problem);
  const service = useAppState((s) => s.connection.service);
  useCommands('screen', ['panel'], { 'panel.retry': () => void store.getState().connection.start() }, status === 'failed');

  if (status !== 'failed' || !problem) {
    const what = service.kind === 'embedded' ? 'Starting the embedded catalog…' : `Connecting to ${service.label}…`;
    return <Spinner label={what} />;
  }
  if (problem.kind === 'token-missing' || problem.kind === 'token-rejected') {
    return (
      <Box flexDirection="column">
        <Text color={theme.danger}>✗ {problem.message}</Text>
        <Text> </Text>
        <Text>Marquee needs an access token (an API read access token) for this service. Either:</Text>
        <Text>
          {'  '}• set the environment variable <Text bold>MARQUEE_TOKEN</Text>, or
        </Text>
        <Text>
          {'  '}• put it in the config file <Text bold>{problem.configFile}</Text> as {'{"token": "..."}'}
        </Text>
        <Text> </Text>
        <Text color={theme.muted}>Then start marquee again, or press {keyHint('panel.retry')} to retry. Without a base URL, Marquee uses its embedded catalog.</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column">
      <Text color={theme.danger}>
        ✗ {problem.kind === 'unreachable' ? `Cannot reach ${service.label}.` : 'Something went wrong while connecting.'}
      </Text>
      <Text>{problem.message}</Text>
      <Text> </Text>
      <Text color={theme.muted}>
        Press {keyHint('panel.retry')} to try again, {keyHint('app.quit')} to quit.
      </Text>
    </Box>
  );
}

import { Box, useApp, useInput, useWindowSize, type Key } from 'ink';
import { useCallback, useEffect, useMemo } from 'react';
import { isAtRoot, isTooSmall, TABS, topEntry, type AppStore } from '../state/index.js';
import { CommandRegistry, CommandRegistryProvider, useCommandRegistry, useCommands } from './commands.js';
import { ConnectionScreen } from './components/ConnectionScreen.js';
import { Footer } from './components/Footer.js';
import { Header } from './components/Header.js';
import { HelpOverlay } from './components/HelpOverlay.js';
import { PanelError } from './components/Loadable.js';
import { SessionForm } from './components/SessionForm.js';
import { ToastLine } from './components/Toasts.js';
import { TooSmall } from './components/TooSmall.js';
import { keyName } from './keymap.js';
import { findRoute } from './routes.js';
import { StoreProvider, useAppState, useAppStore } from './store-context.js';
import { ThemeProvider, type Theme } from './theme.js';

export interface AppProps {
  readonly store: AppStore;
  readonly theme: Theme;
  /** Called on q (at a tab's root) and Ctrl-C; by default the Ink app exits. */
  readonly onQuit?: () => void;
}

/** Header (2 lines), toast line and footer around the body. */
const CHROME_ROWS = 4;

export function App({ store, theme, onQuit }: AppProps) {
  const registry = useMemo(() => new CommandRegistry(), []);
  return (
    <StoreProvider store={store}>
      <ThemeProvider theme={theme}>
        <CommandRegistryProvider registry={registry}>
          <Shell onQuit={onQuit} />
        </CommandRegistryProvider>
      </ThemeProvider>
    </StoreProvider>
  );
}

function Shell({ onQuit }: { onQuit?: () => void }) {
  const { exit } = useApp();
  const quit = onQuit ?? (() => exit());
  useTerminalSize();
  useGlobalCommands(quit);
  useKeyRouter();
  const columns = useAppState((s) => s.terminal.columns);
  const rows = useAppState((s) => s.terminal.rows);

  if (isTooSmall({ columns, rows })) return <TooSmall columns={columns} rows={rows} />;
  // One row short of the terminal: a frame as tall as the terminal makes Ink clear the whole
  // screen on every update, which flickers.
  const height = rows - 1;
  return (
    <Box flexDirection="column" width={columns} height={height}>
      <Header width={columns} />
      <Body width={columns} height={height - CHROME_ROWS} />
      <ToastLine width={columns} />
      <Footer width={columns} />
    </Box>
  );
}

/**
 * The current tab's top screen. Under the help overlay or the session form it stays mounted
 * but hidden, so its cursor, text and commands are still there when they close.
 */
function Body({ width, height }: { width: number; height: number }) {
  const ready = useAppState((s) => s.connection.status === 'ready');
  const overlay = useAppState((s) => s.nav.overlay);
  const modal = useAppState((s) => s.nav.modal);
  const entry = useAppState((s) => topEntry(s));
  const definition = findRoute(entry.screen);
  const covered = overlay !== null || (modal !== null && ready);
  const Screen = definition?.component;

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Box display={covered ? 'none' : 'flex'} flexDirection="column" width={width} height={height}>
        {!ready ? (
          <ConnectionScreen />
        ) : Screen ? (
          <Screen key={entry.key} entry={entry} width={width} height={height} />
        ) : (
          <PanelError what={`the screen "${entry.screen}"`} message="No such screen is registered." />
        )}
      </Box>
      {modal === 'session' && ready ? <SessionForm width={width} /> : overlay === 'help' ? <HelpOverlay width={width} height={height} /> : null}
    </Box>
  );
}

/** The terminal's size goes into the store (state decides page sizes by it); the layout follows. */
function useTerminalSize(): void {
  const { columns, rows } = useWindowSize();
  const store = useAppStore();
  useEffect(() => {
    store.getState().terminal.setSize(columns || 80, rows || 24);
  }, [columns, rows, store]);
}

function useGlobalCommands(quit: () => void): void {
  const store = useAppStore();
  const nav = () => store.getState().nav;
  const notify = (text: string) => store.getState().notifications.notify(text, 'info');
  useCommands('global', ['global'], {
    'app.forceQuit': quit,
    'app.quit': () => (isAtRoot(store.getState()) ? quit() : notify("q quits from a tab's first screen; Esc goes back")),
    'app.back': () => void nav().pop(),
    'app.help': () => nav().toggleHelp(),
    'app.session': () =>
      store.getState().connection.status === 'ready' ? nav().openModal('session') : notify('The service is not ready yet'),
    'tab.select': (key) => {
      const tab = TABS[Number(key) - 1];
      if (tab) nav().switchTab(tab.id);
    },
    'tab.next': () => nav().cycleTab(1),
    'tab.previous': () => nav().cycleTab(-1),
  });
}

/**
 * The key name of one character of a chunk, named as Ink names the key when it arrives alone,
 * so "r8\r" typed fast still ends with Enter.
 */
export function chunkKeyName(char: string): string {
  switch (char) {
    case '\r':
    case '\n':
      return 'enter';
    case '\t':
      return 'tab';
    case '\b':
      return 'backspace';
    case '\x7f':
      return 'delete';
    case '\x1b':
      return 'esc';
    default:
      return char;
  }
}

/** The one input handler: key press -> key name -> the command registry (see commands.tsx). */
function useKeyRouter(): void {
  const registry = useCommandRegistry();
  const store = useAppStore();
  const route = useCallback(
    (input: string, key: Key) => {
      const textFocus = () => store.getState().nav.textFocus !== null;
      const name = keyName(input, key);
      if (name !== undefined) {
        registry.dispatch(name, textFocus());
        return;
      }
      // Keys typed faster than the terminal is read arrive as one chunk ("2j"). Outside a text
      // field (which takes a paste as text) they are keys: one at a time, each after React has
      // drawn the previous one's effect, so "2j" moves in the tab that "2" opened.
      if (textFocus()) {
        // The field takes the text of a chunk ("salt<Enter>" over a slow link); a return at its
        // end still submits, once the field has the text.
        if (input.length > 1 && /[\r\n]$/.test(input)) setImmediate(() => registry.dispatch('enter', textFocus()));
        return;
      }
      if (key.ctrl || key.meta || store.getState().nav.modal !== null) return;
      const keys = [...input].map(chunkKeyName);
      const next = (index: number) => {
        if (index >= keys.length) return;
        registry.dispatch(keys[index]!, textFocus());
        setImmediate(() => next(index + 1));
      };
      next(0);
    },
    [registry, store],
  );
  useInput(route);
}

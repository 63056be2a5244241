import { Box, useApp, useWindowSize } from 'ink';
import { useEffect, useMemo } from 'react';
import { isAtRoot, isTooSmall, topEntry, type AppStore } from '../state/index.js';
import { CommandRegistry, CommandRegistryProvider, useCommands } from './commands.js';
import { CommandPalette } from './components/CommandPalette.js';
import { ConnectionScreen } from './components/ConnectionScreen.js';
import { Footer } from './components/Footer.js';
import { Header } from './components/Header.js';
import { HelpOverlay } from './components/HelpOverlay.js';
import { PanelError } from './components/Loadable.js';
import { SessionForm } from './components/SessionForm.js';
import { RatingConflictPrompt } from './components/RatingConflictPrompt.js';
import { ToastLine, useToastAddress } from './components/Toasts.js';
import { TooSmall } from './components/TooSmall.js';
import { KeyboardInput } from './input/KeyboardInput.js';
import { findRoute } from './routes.js';
import { StoreProvider, useAppState, useAppStore } from './store-context.js';
import { ThemeProvider, type Theme } from './theme.js';
import { keyHint } from './keymap.js';

export interface AppProps {
  readonly store: AppStore;
  readonly theme: Theme;
  /** Called on q (at a tab's root) and Ctrl-C; by default the Ink app exits. */
  readonly onQuit?: () => void;
  /** Clicks and the wheel act (the config file's `mouse`; the terminal reports them only then). */
  readonly mouse?: boolean;
  /** The registry that routes the keys; a test passes its own to look at what each screen binds. */
  readonly registry?: CommandRegistry;
}

/** Header (2 lines), toast line and footer around the body. */
const CHROME_ROWS = 4;

export function App({ store, theme, onQuit, mouse = false, registry: given }: AppProps) {
  const own = useMemo(() => new CommandRegistry(), []);
  const registry = given ?? own;
  registry.mouse = mouse;
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
  const columns = useAppState((s) => s.terminal.columns);
  const rows = useAppState((s) => s.terminal.rows);
  const tooSmall = isTooSmall({ columns, rows });
  useGlobalCommands(quit, tooSmall);

  // The keyboard reader stays mounted in the same place whatever shows, so no key is lost.
  return (
    <>
      <KeyboardInput />
      {tooSmall ? <TooSmall columns={columns} rows={rows} /> : <Layout columns={columns} rows={rows} />}
    </>
  );
}

function Layout({ columns, rows }: { columns: number; rows: number }) {
  // One row short of the terminal: a frame as tall as the terminal makes Ink clear the whole
  // screen on every update, which flickers.
  const height = rows - 1;
  // A toast with an address takes the footer's row for it, so the screen keeps its size.
  const toastAddress = useToastAddress();
  const conflict = useAppState((s) => s.ratings.conflicts.length > 0 && s.nav.modal === null);
  return (
    <Box flexDirection="column" width={columns} height={height}>
      <Header width={columns} />
      <Body width={columns} height={height - CHROME_ROWS} />
      {conflict ? (
        <RatingConflictPrompt />
      ) : (
        <>
          <ToastLine width={columns} />
          {toastAddress ? null : <Footer width={columns} />}
        </>
      )}
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
  const tab = useAppState((s) => s.nav.tab);
  const store = useAppStore();
  const definition = findRoute(entry.screen);
  const covered = overlay !== null || (modal !== null && ready);
  const Screen = definition?.component;
  const recentAs = definition?.recentAs;
  // Films, series and people shown are kept for the palette to offer again. The latest film is
  // not known by name until it is loaded: its screen keeps it then (see MovieScreen).
  useEffect(() => {
    if (recentAs && !('latest' in entry.params)) store.getState().nav.remember(tab, entry);
  }, [store, recentAs, tab, entry]);

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
      {modal === 'session' && ready ? (
        <SessionForm width={width} />
      ) : overlay === 'help' ? (
        <HelpOverlay width={width} height={height} />
      ) : overlay === 'palette' ? (
        <CommandPalette width={width} height={height} />
      ) : null}
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

/**
 * While "terminal too small" shows, only quitting works (and resizing, which is no key): a key
 * must not switch tabs or open help behind a screen the user cannot see.
 */
function useGlobalCommands(quit: () => void, tooSmall: boolean): void {
  const store = useAppStore();
  const nav = () => store.getState().nav;
  const notify = (text: string) => store.getState().notifications.notify(text, 'info');
  const quitOnly = { 'app.forceQuit': quit, 'app.quit': quit };
  useCommands('global', ['global'], tooSmall ? quitOnly : {
    'app.forceQuit': quit,
    'app.quit': () => (isAtRoot(store.getState()) ? quit() : notify(`${keyHint('app.quit')} quits from a tab's first screen; ${keyHint('app.back')} goes back`)),
    'app.back': () => void nav().pop(),
    'app.help': () => nav().toggleHelp(),
    'app.palette': () => nav().setOverlay('palette'),
    'app.session': () =>
      store.getState().connection.status === 'ready' ? nav().openModal('session') : notify('The service is not ready yet'),
    'app.settings': () => {
      if (topEntry(store.getState()).screen !== 'settings') nav().push('settings');
    },
    'app.upNext': () => {
      if (topEntry(store.getState()).screen !== 'tv.upNext') nav().push('tv.upNext');
    },
    'tab.select': (tab) => nav().switchTab(tab),
    'tab.next': () => nav().cycleTab(1),
    'tab.previous': () => nav().cycleTab(-1),
  });
}

import { render } from 'ink-testing-library';
import { act, useMemo, type ReactElement } from 'react';
import type { AppStore } from '../../src/state/index.js';
import { App } from '../../src/ui/App.js';
import { CommandRegistry, CommandRegistryProvider } from '../../src/ui/commands.js';
import { KeyboardInput } from '../../src/ui/input/KeyboardInput.js';
import { StoreProvider } from '../../src/ui/store-context.js';
import { COLOR_THEME, ThemeProvider, type Theme } from '../../src/ui/theme.js';

/** What a terminal sends for the keys the tests press. */
export const KEY = {
  enter: '\r',
  esc: '\u001B',
  tab: '\t',
  shiftTab: '\u001B[Z',
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  pageUp: '\u001B[5~',
  pageDown: '\u001B[6~',
  home: '\u001B[H',
  end: '\u001B[F',
  ctrlC: '\u0003',
  /** Clears a text field (as in a shell). */
  ctrlU: '\u0015',
  backspace: '\u007F',
  /** A mouse report in SGR form (1-based column and row, as the terminal counts): a left press by default. */
  mouse: (column: number, row: number, button = 0, release = false) => `\u001B[<${button};${column};${row}${release ? 'm' : 'M'}`,
  /** The wheel turned once, down or up, over a cell. */
  wheel: (direction: 'up' | 'down', column: number, row: number) => `\u001B[<${direction === 'up' ? 64 : 65};${column};${row}M`,
  /** A bracketed paste of `text`, as a terminal sends it while paste mode is on. */
  paste: (text: string) => `\u001B[200~${text}\u001B[201~`,
} as const;

/** A little longer than Ink's wait before it takes a lone Esc as the Esc key. */
const ESC_FLUSH_MS = 30;

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface Rendered {
  frame(): string;
  /** Everything written to the terminal so far: frames, and sequences such as OSC 52. */
  written(): string[];
  /** Sends each argument as one key press (a longer string arrives as one paste). */
  press(...keys: string[]): Promise<void>;
  /** Types text one character at a time. */
  type(text: string): Promise<void>;
  waitFor(expected: string | RegExp | ((frame: string) => boolean), timeoutMs?: number): Promise<string>;
  resize(columns: number, rows: number): Promise<void>;
  readonly quits: number;
  /** Writes bytes as one read, without waiting for anything (call inside act). */
  readonly stdin: { write(data: string): void };
  unmount(): void;
}

type InkStdout = ReturnType<typeof render>['stdout'];

function setSize(stdout: InkStdout, columns: number, rows: number) {
  Object.defineProperty(stdout, 'columns', { value: columns, configurable: true });
  Object.defineProperty(stdout, 'rows', { value: rows, configurable: true });
}

/** Renders the whole TUI inside act() (test/setup.ts tells React it is in a test), with key presses that wait for React. */
export async function renderApp(
  store: AppStore,
  options: { theme?: Theme; columns?: number; rows?: number; mouse?: boolean; registry?: CommandRegistry } = {},
): Promise<Rendered> {
  const counter = { quits: 0 };
  return renderInk(<App store={store} theme={options.theme ?? COLOR_THEME} onQuit={() => counter.quits++} mouse={options.mouse} registry={options.registry} />, options, counter);
}

function ComponentShell({ store, children }: { store: AppStore; children: ReactElement }) {
  const registry = useMemo(() => new CommandRegistry(), []);
  return (
    <StoreProvider store={store}>
      <ThemeProvider theme={COLOR_THEME}>
        <CommandRegistryProvider registry={registry}>
          {/* The app's own keyboard reader: a component drawn alone gets keys as it does in the app. */}
          <KeyboardInput />
          {children}
        </CommandRegistryProvider>
      </ThemeProvider>
    </StoreProvider>
  );
}

/** Renders one component (a screen, a panel) alone, with the store, the theme and the key routing it needs. */
export function renderComponent(store: AppStore, element: ReactElement, options: { columns?: number; rows?: number } = {}): Promise<Rendered> {
  return renderInk(<ComponentShell store={store}>{element}</ComponentShell>, options, { quits: 0 });
}

async function renderInk(element: ReactElement, options: { columns?: number; rows?: number }, counter: { quits: number }): Promise<Rendered> {
  let instance!: ReturnType<typeof render>;
  let unmounted = false;
  await act(async () => {
    instance = render(element);
    await tick();
  });
  const rendered: Rendered = {
    frame: () => instance.lastFrame() ?? '',
    written: () => [...instance.frames],
    async press(...keys) {
      for (const key of keys) {
        await act(async () => {
          instance.stdin.write(key);
          await tick();
          await tick();
          // Ink holds a lone Esc for 20 ms (it may start a sequence), then delivers it.
          if (key.endsWith(KEY.esc)) await new Promise((resolve) => setTimeout(resolve, ESC_FLUSH_MS));
        });
      }
    },
    async type(text) {
      await rendered.press(...text.split(''));
    },
    async waitFor(expected, timeoutMs = 5_000) {
      const matches = (frame: string) =>
        typeof expected === 'string' ? frame.includes(expected) : expected instanceof RegExp ? expected.test(frame) : expected(frame);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const frame = rendered.frame();
        if (matches(frame)) return frame;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(expected)}; the screen was:\n${frame}`);
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
        });
      }
    },
    async resize(columns, rows) {
      await act(async () => {
        setSize(instance.stdout, columns, rows);
        instance.stdout.emit('resize');
        await tick();
      });
    },
    get quits() {
      return counter.quits;
    },
    get stdin() {
      return { write: (data: string) => void instance.stdin.write(data) };
    },
    unmount() {
      // Once: a test may unmount the app itself, and the store fixture unmounts it after the test.
      if (unmounted) return;
      unmounted = true;
      act(() => instance.unmount());
    },
  };
  if (options.columns || options.rows) await rendered.resize(options.columns ?? 100, options.rows ?? 24);
  return rendered;
}

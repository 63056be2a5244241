import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import xterm from '@xterm/headless';
import * as pty from '@lydell/node-pty';
import { terminalEnv } from '../terminal-env.mjs';

/**
 * Runs the built program (dist/marquee.js) in a pseudo-terminal and reads the screen the way a
 * person would see it: the pty's output goes into a headless xterm. Tests wait for text to
 * appear, never for a fixed time.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MARQUEE = join(root, 'dist', 'marquee.js');

/** Bytes terminals send for the keys tests press. */
export const KEYS = {
  enter: '\r',
  esc: '\u001B',
  tab: '\t',
  shiftTab: '\u001B[Z',
  up: '\u001B[A',
  down: '\u001B[B',
  ctrlC: '\u0003',
} as const;

export interface PtyOptions {
  args?: string[];
  /** The program's script; dist/marquee.js unless given (e.g. an installed copy). */
  program?: string;
  cols?: number;
  rows?: number;
  /** Added to the child's environment (after CI and MARQUEE_* are removed). */
  env?: Record<string, string>;
  /** Reuse a home (XDG dirs) from an earlier run; a fresh temp dir otherwise. */
  home?: string;
  /**
   * Start an interactive shell (bash, with job control) instead of the program; the test types
   * the command. `pid` is then the shell's.
   */
  shell?: boolean;
}

export interface PtyExit {
  exitCode: number;
  signal?: number;
}

export interface PtySession {
  readonly home: string;
  readonly pid: number;
  /** The terminal device the program has (e.g. /dev/pts/3), for `stty -F`. */
  readonly ptsName: string;
  /** Everything the program wrote, raw. */
  readonly output: string;
  write(data: string): void;
  /** Sends keys one at a time, each after the screen has taken the previous one. */
  press(...keys: string[]): Promise<void>;
  /** The visible screen as text, one line per row. */
  screen(): string;
  waitForText(text: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Whether the last cursor-visibility sequence the program wrote showed the cursor (DECTCEM). */
  cursorVisible(): boolean;
  /** 'alternate' while the program holds the alternate screen. */
  bufferType(): 'normal' | 'alternate';
  resize(cols: number, rows: number): void;
  kill(signal?: string): void;
  readonly exited: Promise<PtyExit>;
  /** Kills the program if still running and removes the temp home (unless it was given). */
  dispose(): Promise<void>;
}

/** A person's terminal, with the disk cache under `home` too so a test never reads a real one. */
function childEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return terminalEnv(home, { XDG_CACHE_HOME: join(home, 'cache'), ...extra });
}

export function spawnMarquee(options: PtyOptions = {}): PtySession {
  const cols = options.cols ?? 100;
  const rows = options.rows ?? 30;
  const ownHome = options.home === undefined;
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'marquee-pty-'));
  const terminal = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  const [file, args] = options.shell
    ? ['bash', ['--norc', '--noprofile', '--noediting', '-i']]
    : [process.execPath, [options.program ?? MARQUEE, ...(options.args ?? [])]];
  const child = pty.spawn(file, args, {
    name: 'xterm-256color',
    cols,
    rows,
    cwd: root,
    env: childEnv(home, options.env),
  });

  let output = '';
  let pendingWrites = 0;
  child.onData((data) => {
    output += data;
    pendingWrites++;
    terminal.write(data, () => pendingWrites--);
  });
  const exited = new Promise<PtyExit>((resolve) => {
    child.onExit(({ exitCode, signal }) => resolve({ exitCode, signal }));
  });
  let done = false;
  void exited.then(() => (done = true));

  const screen = () => {
    const buffer = terminal.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < terminal.rows; y++) lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return lines.join('\n');
  };

  /** Resolves once xterm has parsed everything received so far. */
  const settled = () =>
    new Promise<void>((resolve) => {
      const check = () => (pendingWrites === 0 ? resolve() : setTimeout(check, 5));
      check();
    });

  const session: PtySession = {
    home,
    pid: child.pid,
    ptsName: (child as unknown as { ptsName?: string }).ptsName ?? '',
    get output() {
      return output;
    },
    write(data) {
      child.write(data);
    },
    async press(...keys) {
      for (const key of keys) {
        const before = output.length;
        child.write(key);
        // Wait for the program to answer the key (a redraw), or a short while when a key draws nothing.
        const deadline = Date.now() + 300;
        while (output.length === before && Date.now() < deadline && !done) await new Promise((r) => setTimeout(r, 10));
        await settled();
      }
    },
    screen,
    async waitForText(text, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await settled();
        const current = screen();
        if (typeof text === 'string' ? current.includes(text) : text.test(current)) return current;
        if (Date.now() > deadline) {
          throw new Error(`timed out after ${timeoutMs} ms waiting for ${String(text)}; the screen was:\n${current}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    cursorVisible() {
      const shown = output.lastIndexOf('\u001B[?25h');
      const hidden = output.lastIndexOf('\u001B[?25l');
      // A terminal shows the cursor until told otherwise.
      return hidden === -1 || shown > hidden;
    },
    bufferType() {
      return terminal.buffer.active.type;
    },
    resize(newCols, newRows) {
      child.resize(newCols, newRows);
      terminal.resize(newCols, newRows);
    },
    kill(signal = 'SIGTERM') {
      child.kill(signal);
    },
    exited: exited.then(async (result) => {
      await settled();
      return result;
    }),
    async dispose() {
      if (!done) {
        child.kill('SIGKILL');
        await exited;
      }
      terminal.dispose();
      if (ownHome) rmSync(home, { recursive: true, force: true });
    },
  };
  return session;
}

/** My rating on each episode row of a season screen (its "Mine" column), by episode number; a + marks a selected row. */
export function episodeRatings(screen: string): Map<number, string> {
  const rows = new Map<number, string>();
  for (const line of screen.split('\n')) {
    const match = /^[› ]\s+\+?(\d+)\s{2}.*\s(\d+\.\d…?|·…?)\s*$/.exec(line);
    if (match) rows.set(Number(match[1]), match[2]!);
  }
  return rows;
}

/** Waits until the screen passes `check`; says what it waited for, and the screen, when it does not. */
export async function waitForScreen(pty: PtySession, check: (screen: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const screen = pty.screen();
    if (check(screen)) return screen;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen was:\n${screen}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** From the first screen to the first season of the first popular series (the cursor starts on the first regular season). */
export async function openFirstSeason(pty: PtySession): Promise<void> {
  await pty.waitForText(/1\/[\d,]+/, 20_000);
  await pty.press('2');
  await pty.waitForText('Popular TV series');
  await pty.waitForText(/1\/[\d,]+/);
  await pty.press(KEYS.enter);
  await pty.waitForText('Seasons');
  await pty.press(KEYS.enter);
}

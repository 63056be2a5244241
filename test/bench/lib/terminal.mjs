import xterm from '@xterm/headless';
import { existsSync, readFileSync } from 'node:fs';
import * as pty from '@lydell/node-pty';
import { residentBytes } from './proc.mjs';
import { ROOT } from './paths.mjs';
import { terminalEnv } from '../../terminal-env.mjs';

/**
 * A program in a pseudo-terminal, timed from the outside: when each chunk of output arrived,
 * what the screen shows (a headless xterm fed the same bytes), when a key got its answer, and the
 * program's resident memory. Times are performance.now() milliseconds of this process; the clock
 * starts just before the spawn.
 */

export const KEYS = {
  tab: '\t',
  escape: '\u001B',
  down: '\u001B[B',
  up: '\u001B[A',
  pageDown: '\u001B[6~',
  pageUp: '\u001B[5~',
  home: '\u001B[H',
  end: '\u001B[F',
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Synchronized output (DEC mode 2026): Ink brackets each frame with these, and a terminal shows it whole at the end. */
const BEGIN_FRAME = '\u001B[?2026h';
const END_FRAME = '\u001B[?2026l';

/**
 * The Node flags a script's first line gives (`#!/usr/bin/env -S node --flag ...`), so a script
 * run here with `node` runs as its installed command would.
 */
export function nodeFlagsOf(script) {
  if (!script.endsWith('.js') || !existsSync(script)) return [];
  const first = readFileSync(script, 'utf8').slice(0, 200).split('\n')[0];
  const match = /^#!\/usr\/bin\/env -S node (.+)$/.exec(first);
  return match ? match[1].trim().split(/\s+/) : [];
}

export class TerminalProgram {
  /**
   * @param {string[]} argv  program and arguments; the program is run with this Node
   * @param {{ home: string, cols?: number, rows?: number, env?: Record<string, string> }} options
   */
  constructor(argv, options) {
    this.cols = options.cols ?? 100;
    this.rows = options.rows ?? 30;
    this.terminal = new xterm.Terminal({ cols: this.cols, rows: this.rows, allowProposedApi: true, scrollback: 0 });
    this.chunks = 0;
    this.lastOutputAt = 0;
    /** Inside a synchronized frame: what arrived so far is not on the screen yet. */
    this.inFrame = false;
    this.pendingParses = 0;
    this.watchers = new Set();
    this.frameWaiters = new Set();
    this.exitInfo = undefined;
    this.startedAt = performance.now();
    this.child = pty.spawn(process.execPath, [...argv.flatMap((arg) => nodeFlagsOf(arg)), ...argv], {
      name: 'xterm-256color',
      cols: this.cols,
      rows: this.rows,
      cwd: ROOT,
      env: terminalEnv(options.home, options.env),
    });
    this.pid = this.child.pid;
    this.child.onData((data) => this.received(data));
    this.exited = new Promise((resolve) => {
      this.child.onExit(({ exitCode, signal }) => {
        this.exitInfo = { exitCode, signal, at: performance.now() };
        resolve(this.exitInfo);
      });
    });
  }

  received(data) {
    // Taken before anything else: the arrival time is the figure, parsing comes after.
    const at = performance.now();
    this.chunks++;
    this.lastOutputAt = at;
    const completesFrame = this.trackFrames(data);
    if (completesFrame) {
      for (const waiter of this.frameWaiters) waiter(at);
      this.frameWaiters.clear();
    }
    const visible = !this.inFrame;
    this.pendingParses++;
    this.terminal.write(data, () => {
      this.pendingParses--;
      if (this.watchers.size === 0 || !visible) return;
      const screen = this.screen();
      for (const watcher of this.watchers) watcher(screen, at);
    });
  }

  /**
   * Follows frame brackets through a chunk of output. A frame is complete when its end marker
   * arrives; output outside any bracket (a program that does not synchronize) shows at once.
   */
  trackFrames(data) {
    let completes = false;
    let at = 0;
    for (;;) {
      if (this.inFrame) {
        const end = data.indexOf(END_FRAME, at);
        if (end === -1) return completes;
        this.inFrame = false;
        completes = true;
        at = end + END_FRAME.length;
      } else {
        const begin = data.indexOf(BEGIN_FRAME, at);
        if ((begin === -1 ? data.length : begin) > at) completes = true;
        if (begin === -1) return completes;
        this.inFrame = true;
        at = begin + BEGIN_FRAME.length;
      }
    }
  }

  /** The visible screen, one line per row. */
  screen() {
    const buffer = this.terminal.buffer.active;
    const lines = [];
    for (let y = 0; y < this.rows; y++) lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return lines.join('\n');
  }

  /**
   * Resolves with the arrival time of the output chunk after which the screen first satisfied
   * `test`; rejects after `timeoutMs` (with the screen, to see what went wrong) or if the program ends.
   */
  waitForScreen(test, timeoutMs, what) {
    return new Promise((resolve, reject) => {
      const finish = (error, at) => {
        clearTimeout(timer);
        this.watchers.delete(watcher);
        if (error) reject(error);
        else resolve(at);
      };
      const watcher = (screen, at) => {
        if (test(screen)) finish(undefined, at);
      };
      const timer = setTimeout(
        () => finish(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; the screen was:\n${this.screen()}`)),
        timeoutMs,
      );
      this.watchers.add(watcher);
      void this.exited.then(() => {
        if (this.watchers.has(watcher)) finish(new Error(`the program ended (${JSON.stringify(this.exitInfo)}) before ${what}; the screen was:\n${this.screen()}`));
      });
      if (this.pendingParses === 0 && test(this.screen())) finish(undefined, this.lastOutputAt);
    });
  }

  /** Resolves with the arrival time of the end of the next complete frame, or undefined after `timeoutMs`. */
  nextFrame(timeoutMs) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.frameWaiters.delete(waiter);
        resolve(undefined);
      }, timeoutMs);
      const waiter = (at) => {
        clearTimeout(timer);
        resolve(at);
      };
      this.frameWaiters.add(waiter);
    });
  }

  /** Sends input without waiting for anything. */
  write(data) {
    this.child.write(data);
  }

  /**
   * Sends one key and resolves with the milliseconds until the next frame is complete (the
   * frame that answers it), or undefined when none came within `timeoutMs`.
   */
  async press(key, timeoutMs = 2000) {
    const answer = this.nextFrame(timeoutMs);
    const sentAt = performance.now();
    this.child.write(key);
    const at = await answer;
    return at === undefined ? undefined : at - sentAt;
  }

  /**
   * Waits until the program has written nothing for `quietMs` and everything it wrote is on the
   * screen. Ink draws at most once per 33 ms (leading edge), so a key sent after a quiet spell of
   * more than that is drawn at once rather than held back by the previous frame.
   */
  async settle(quietMs, timeoutMs = 30_000) {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const idle = performance.now() - this.lastOutputAt;
      if (idle >= quietMs && this.pendingParses === 0 && !this.inFrame) return;
      if (performance.now() > deadline) throw new Error(`the program kept drawing for ${timeoutMs} ms; the screen was:\n${this.screen()}`);
      await sleep(Math.max(1, quietMs - idle));
    }
  }

  residentBytes() {
    return residentBytes(this.pid);
  }

  /** Ends the program (SIGTERM, then SIGKILL if it lingers) and frees the terminal. */
  async dispose() {
    if (!this.exitInfo) {
      this.child.kill('SIGTERM');
      const ended = await Promise.race([this.exited.then(() => true), sleep(3000).then(() => false)]);
      if (!ended) {
        this.child.kill('SIGKILL');
        await this.exited;
      }
    }
    this.terminal.dispose();
  }
}

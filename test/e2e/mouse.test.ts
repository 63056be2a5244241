import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOUSE_REPORTING_OFF, MOUSE_REPORTING_ON } from '../../src/ui/input/mouse-events.js';
import { ensureBundle } from '../reliability/bundle.js';
import { KEYS, spawnMarquee } from './pty-harness.js';

/**
 * `mouse: true` in the config file: the program turns mouse reporting on when it starts and off
 * again however it ends (q, Ctrl-C), read from the bytes it writes; a click and the wheel act.
 * Without the setting it never turns reporting on.
 */

let home: string;

beforeAll(async () => {
  await ensureBundle();
  home = mkdtempSync(join(tmpdir(), 'marquee-mouse-'));
  mkdirSync(join(home, 'config', 'marquee'), { recursive: true });
  writeFileSync(join(home, 'config', 'marquee', 'config.yaml'), 'mouse: true\n', { mode: 0o600 });
}, 180_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

const selected = (screen: string) => screen.split('\n').find((line) => line.startsWith('›'));
/** After the last time reporting was turned on, it was turned off again. */
const reportingOffAtEnd = (output: string) => output.lastIndexOf(MOUSE_REPORTING_OFF) > output.lastIndexOf(MOUSE_REPORTING_ON);

describe('the mouse in a terminal', () => {
  it('is reported while the program runs, clicks and scrolls, and is off again after q', async () => {
    const pty = spawnMarquee({ home, cols: 80, rows: 24 });
    try {
      let screen = await pty.waitForText(/1\/[\d,]+/, 20_000);
      expect(pty.output).toContain(MOUSE_REPORTING_ON);
      expect(reportingOffAtEnd(pty.output)).toBe(false);
      // A click on the third row of the list, then the wheel and a key in one read.
      const row = screen.split('\n').findIndex((line) => line.startsWith('›')) + 3;
      const third = screen.split('\n')[row - 1]!.trim();
      pty.write(`\u001B[<0;10;${row}M\u001B[<0;10;${row}m`);
      screen = await pty.waitForText('3/');
      expect(selected(screen)).toContain(third.slice(0, 20));
      pty.write(`\u001B[<65;10;${row}Mj\u001B[<65;10;${row}M`);
      await pty.waitForText('10/');
      await pty.press('q');
      expect((await pty.exited).exitCode).toBe(0);
      expect(reportingOffAtEnd(pty.output)).toBe(true);
    } finally {
      await pty.dispose();
    }
  });

  it('is off again after Ctrl-C', async () => {
    const pty = spawnMarquee({ home, cols: 80, rows: 24 });
    try {
      await pty.waitForText(/1\/[\d,]+/, 20_000);
      expect(pty.output).toContain(MOUSE_REPORTING_ON);
      pty.write(KEYS.ctrlC);
      await pty.exited;
      expect(reportingOffAtEnd(pty.output)).toBe(true);
    } finally {
      await pty.dispose();
    }
  });

  it('is never turned on without the setting', async () => {
    const pty = spawnMarquee({ cols: 80, rows: 24 });
    try {
      await pty.waitForText(/1\/[\d,]+/, 20_000);
      await pty.press('q');
      await pty.exited;
      expect(pty.output).not.toContain('\u001B[?1000h');
      expect(pty.output).not.toContain('\u001B[?1006h');
    } finally {
      await pty.dispose();
    }
  });
});

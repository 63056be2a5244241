import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { spawnMarquee } from './pty-harness.js';

/**
 * The colours the TUI draws with and the ones `marquee doctor` reports are one decision: inside
 * tmux without true colour both are 256 colours (Node alone would say true colour there).
 * An accent given as #rrggbb shows which: 38;5;n at 256 colours, 38;2;r;g;b at true colour.
 */

let home: string;

beforeAll(async () => {
  await ensureBundle();
  home = mkdtempSync(join(tmpdir(), 'marquee-colour-level-'));
  mkdirSync(join(home, 'config', 'marquee'), { recursive: true });
  writeFileSync(join(home, 'config', 'marquee', 'config.yaml'), ['theme:', "  accent: '#ff8800'", ''].join('\n'), { mode: 0o600 });
}, 180_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

const TMUX = { TERM: 'tmux-256color', TMUX: '/tmp/tmux-1/default,1,0', COLORTERM: '', TERM_PROGRAM: 'tmux' };

async function run(args: string[], env: Record<string, string>, until: string | RegExp) {
  const pty = spawnMarquee({ home, cols: 120, rows: 40, args, env });
  try {
    const screen = await pty.waitForText(until, 30_000);
    return { screen, output: pty.output };
  } finally {
    await pty.dispose();
  }
}

describe('the colour level', () => {
  it('inside tmux without true colour: the TUI draws 256 colours and doctor says 256 colours', async () => {
    const tui = await run([], TMUX, /1\/[\d,]+/);
    expect(tui.output).toMatch(/\u001B\[38;5;\d+m/);
    expect(tui.output).not.toMatch(/\u001B\[38;2;/);
    const doctor = await run(['doctor'], TMUX, /Nothing failed|failed/);
    expect(doctor.screen).toMatch(/colours +256 colours \(in tmux/);
  }, 90_000);

  it('with COLORTERM=truecolor: the TUI draws true colour and doctor says true colour', async () => {
    const env = { ...TMUX, COLORTERM: 'truecolor' };
    const tui = await run([], env, /1\/[\d,]+/);
    expect(tui.output).toContain('\u001B[38;2;255;136;0m');
    const doctor = await run(['doctor'], env, /Nothing failed|failed/);
    expect(doctor.screen).toMatch(/colours +true colour/);
  }, 90_000);
});

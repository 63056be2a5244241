import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { KEYS, spawnMarquee } from './pty-harness.js';

/**
 * A user's config file as a new user writes one: j rebound to n, a view key of the movie
 * screen changed, an editing key of text fields moved, a colour and one mistake. The footer, the help and the screen's own hints
 * name the user's keys, the keys work, and the mistake is said with its line.
 */

let home: string;

beforeAll(async () => {
  await ensureBundle();
  home = mkdtempSync(join(tmpdir(), 'marquee-config-keys-'));
  mkdirSync(join(home, 'config', 'marquee'), { recursive: true });
  writeFileSync(
    join(home, 'config', 'marquee', 'config.yaml'),
    ['keys:', '  list.down: n', '  movie.view: {images: I}', '  no.such.command: x', '  edit.start: ctrl+g', 'theme:', '  accent: magenta', ''].join('\n'),
    { mode: 0o600 },
  );
}, 180_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

const CTRL_A = '\u0001';
const CTRL_G = '\u0007';

const selected = (screen: string) => screen.split('\n').find((line) => line.startsWith('›'));

describe('a config file with the user’s keys', () => {
  it('moves with n, names n in the footer and the help, edits a search with Ctrl-G for Ctrl-A, and says which line it could not use', async () => {
    const pty = spawnMarquee({ home, cols: 100, rows: 30 });
    try {
      // The warning is said at start, for a while: waited for first, so a slow start cannot outlast it.
      let screen = await pty.waitForText(/config\.yaml line 4: keys\.no\.such\.command is not/, 20_000);
      screen = await pty.waitForText(/1\/[\d,]+/, 20_000);
      screen = await pty.waitForText('n/k move');
      const first = selected(screen);
      await pty.press('j');
      expect(selected(pty.screen())).toBe(first);
      await pty.press('n');
      screen = await pty.waitForText(/^› /m);
      await pty.waitForText('2/');
      expect(selected(pty.screen())).not.toBe(first);

      await pty.press('?');
      screen = await pty.waitForText('Keys on this screen');
      expect(screen).toMatch(/^\s*n\s+Move down/m);
      await pty.press(KEYS.esc);

      await pty.press(KEYS.enter);
      screen = await pty.waitForText('Original title', 20_000);
      // The view bar shortens its labels when the film's views do not fit at full length.
      expect(screen).toMatch(/\bI Im(?:ages|gs)\b/);
      await pty.press('I');
      await pty.waitForText(/posters? ·/);
      await pty.press(KEYS.esc);

      // An editing key of text fields, moved to Ctrl-G: it goes to the start of the line, and
      // Ctrl-A edits no more. Help lists it as the user set it.
      await pty.press('3', '/');
      await pty.waitForText('Enter searches');
      await pty.press('o', 'l', 'f', CTRL_A, 'x', CTRL_G, 'w', KEYS.enter);
      await pty.waitForText(/Search: wolfx\b/);
      await pty.press('?');
      for (let i = 0; i < 80 && !/Ctrl-G\s+Move the cursor to the start of the line/.test(pty.screen()); i++) await pty.press('j');
      expect(pty.screen()).toMatch(/Ctrl-G\s+Move the cursor to the start of the line/);
      await pty.press(KEYS.esc);
      await pty.press('q');
      expect((await pty.exited).exitCode).toBe(0);
    } finally {
      await pty.dispose();
    }
  });
});

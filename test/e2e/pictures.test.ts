import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { kittyCommands } from '../ui/kitty-commands.js';
import { KEYS, spawnMarquee, waitForScreen, type PtySession } from './pty-harness.js';

/** Posters in a real terminal: drawn in half-blocks beside the list, and gone when the screen changes. */

let session: PtySession | undefined;

beforeAll(() => ensureBundle(), 180_000);
afterEach(async () => {
  await session?.dispose();
  session = undefined;
});

/** Rows of the screen with a run of half-blocks at or right of `fromColumn`. */
const blockRows = (screen: string, fromColumn = 0) => screen.split('\n').filter((line) => /▀{5,}/.test(line.slice(fromColumn))).length;

describe('pictures in a terminal', () => {
  it('shows the poster beside the list at 160x45, follows a burst, and leaves none behind on the next screens', async () => {
    session = spawnMarquee({ cols: 160, rows: 45 });
    const pty = session;
    await pty.waitForText(/1\/[\d,]+/, 20_000);
    // The preview pane starts right of the list's border.
    const border = () => pty.screen().split('\n')[6]!.indexOf('│');
    await waitForScreen(pty, (screen) => blockRows(screen, border() + 1) >= 10, 'the poster in the preview');
    expect(blockRows(pty.screen(), 0)).toBe(blockRows(pty.screen(), border() + 1));

    // Five rows down in one read: the preview follows, its poster drawn again.
    pty.write('jjjjj');
    await waitForScreen(pty, (screen) => /^\s+.*\n›/m.test(screen) && blockRows(screen, border() + 1) >= 10, 'the sixth poster');

    // The film: its poster beside the details, no block of the preview left.
    await pty.press(KEYS.enter);
    await pty.waitForText('Release date');
    await waitForScreen(pty, (screen) => blockRows(screen) >= 10 && !screen.includes('│'), "the film's poster beside its details");

    // Cast and crew: no picture, and nothing of the poster left painted.
    await pty.press('C');
    const cast = await pty.waitForText('Enter opens the person');
    expect(cast).not.toContain('▀');
    await pty.press(KEYS.enter);
    await pty.waitForText('Place of birth');
    // Their profile picture, or a line saying they have none (the catalog leaves some without).
    await waitForScreen(pty, (screen) => blockRows(screen) >= 10 || screen.includes('No profile picture.'), "the person's profile picture");

    // Their filmography, then another title: its poster.
    await pty.press('f');
    const films = await waitForScreen(pty, (screen) => !screen.includes('▀') && /^› /m.test(screen), 'the filmography, with no picture');
    expect(films).not.toContain('▀');
    await pty.press(KEYS.enter);
    await waitForScreen(pty, (screen) => /Release date|first aired/.test(screen) && blockRows(screen) >= 10, "another title's poster");

    await pty.press(KEYS.ctrlC);
    expect((await pty.exited).exitCode).toBe(0);
  });

  it('in kitty sends each poster once, draws it as placeholder cells in the colour of its id, and deletes what it sent at exit', async () => {
    // No installation to read a version from: the kitty is taken as recent.
    session = spawnMarquee({ cols: 160, rows: 45, env: { TERM: 'xterm-kitty', KITTY_WINDOW_ID: '1', KITTY_INSTALLATION_DIR: '' } });
    const pty = session;
    /** The kitty graphics commands written so far, each with its keys. */
    const graphics = () => kittyCommands(pty.output).map((command) => command.control);
    const transmits = () => graphics().filter((command) => command.a === 'T');
    await pty.waitForText(/1\/[\d,]+/, 20_000);
    await waitForScreen(pty, () => transmits().length === 1 && pty.output.includes('\u{10EEEE}'), 'the first poster sent and drawn');
    const first = transmits()[0]!;
    expect(first).toMatchObject({ U: '1', q: '2', o: 'z' });
    // Its cells: placeholders in the 256-colour foreground that carries the id's low byte.
    const colour = `\u001B[38;5;${Number(first.i) & 0xff}m\u{10EEEE}`;
    await waitForScreen(pty, () => pty.output.includes(colour), 'placeholders in the colour of the image id');
    const placeholderLines = (screen: string) => screen.split('\n').filter((line) => line.includes('\u{10EEEE}')).length;
    const drawn = await waitForScreen(pty, (screen) => placeholderLines(screen) === Number(first.r), 'a placeholder line for each row of the image');
    // No half-blocks: the picture is the terminal's, its cells one column each, right of the list's border.
    expect(drawn).not.toContain('▀');
    for (const line of drawn.split('\n').filter((text) => text.includes('\u{10EEEE}'))) {
      const cells = line.slice(line.indexOf('│') + 1).trim();
      expect(cells.split('\u{10EEEE}').length - 1).toBe(Number(first.c));
      expect(cells.replace(/\p{Mn}/gu, '')).toBe('\u{10EEEE}'.repeat(Number(first.c)));
    }

    // Five rows down in one read: one more poster sent, for the row the cursor rests on.
    pty.write('jjjjj');
    await waitForScreen(pty, () => transmits().length === 2, 'the sixth poster sent');
    const sixth = transmits()[1]!;
    expect(sixth.i).not.toBe(first.i);
    await waitForScreen(pty, () => pty.output.includes(`\u001B[38;5;${Number(sixth.i) & 0xff}m\u{10EEEE}`), 'the sixth poster drawn');
    // Keys that change no picture send nothing.
    await pty.press('?');
    await pty.press('?');
    expect(transmits()).toHaveLength(2);

    await pty.press(KEYS.ctrlC);
    expect((await pty.exited).exitCode).toBe(0);
    const deleted = graphics().filter((command) => command.a === 'd').map((command) => command.i);
    expect(deleted.sort()).toEqual([first.i, sixth.i].sort());
  });
});

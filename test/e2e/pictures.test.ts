import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
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
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { KEYS, spawnMarquee, type PtySession } from './pty-harness.js';

/**
 * Keys that arrive together in one read (fast typing, a password manager, a slow SSH link) do
 * what the same keys typed one at a time do. Each burst below is written to the terminal at once.
 */

const CTRL_U = '\u0015';
const CTRL_W = '\u0017';
/** What a terminal in bracketed-paste mode sends for pasted text. */
const PASTE = (text: string) => `\u001B[200~${text}\u001B[201~`;

let session: PtySession | undefined;

beforeAll(() => ensureBundle(), 120_000);
afterEach(async () => {
  await session?.dispose();
  session = undefined;
});

function demoAccount(s: PtySession): { username: string; password: string } {
  return JSON.parse(readFileSync(join(s.home, 'data', 'marquee', 'server', 'demo-account.json'), 'utf8')) as { username: string; password: string };
}

/** The titles of the movie rows of the add-movie panel, in order ("›   Title (2026)" / "  ✓ Title (2026)"). */
function pickerTitles(screen: string): string[] {
  return screen
    .split('\n')
    .map((line) => /^[› ] [✓ ] (.+?) \(\d{4}\)\s/.exec(line)?.[1])
    .filter((title): title is string => title !== undefined);
}

describe('bursts of keys in a terminal', () => {
  it('signs in, creates a list and adds the highlighted movie, each from one burst; the password never shows', async () => {
    const s = (session = spawnMarquee({ cols: 100, rows: 30 }));
    await s.waitForText(/1\/[\d,]+/, 20_000);
    const demo = demoAccount(s);
    await s.press('4');
    await s.waitForText('Lists belong to an account');

    // s, ↓, Enter (user name and password), the name, Tab, the password, Enter: all at once.
    s.write(`s${KEYS.down}${KEYS.enter}${demo.username}${KEYS.tab}${demo.password}${KEYS.enter}`);
    await s.waitForText('signed in as Demo User', 20_000);
    expect(s.output).not.toContain(demo.password);

    // n, the list's name, Enter: created; Enter opens it; a opens the movie search.
    s.write('nBurst night\r');
    await s.waitForText(/› Burst night\s+0 movies/);
    s.write('\r');
    await s.waitForText('This list has no movies yet');
    s.write('a');
    const titles = pickerTitles(await s.waitForText('Popular movies ·'));
    expect(titles.length).toBeGreaterThan(3);

    // ↓ ↓ Enter in one read adds the third movie, the one highlighted when Enter arrives.
    s.write(`${KEYS.down}${KEYS.down}${KEYS.enter}`);
    await s.waitForText(`Added "${titles[2]}" to the list`);
    s.write(KEYS.esc);
    // The list again, its one movie the third of the picker.
    const screen = await s.waitForText(/1 movie ·[^]*a add movie/);
    expect(screen).not.toContain('Find a movie');
    expect(screen).toContain(titles[2]);
    expect(screen).not.toContain(titles[0]);
  }, 90_000);

  it('a password pasted as a bracketed paste signs in and never shows; a paste outside a field is not run as keys', async () => {
    const s = (session = spawnMarquee({ cols: 100, rows: 30 }));
    await s.waitForText(/1\/[\d,]+/, 20_000);
    const demo = demoAccount(s);
    // As a password manager does it: the form opened and the name typed, then the password
    // pasted, then Enter, all in one read.
    s.write(`s${KEYS.down}${KEYS.enter}${demo.username}${KEYS.tab}${PASTE(demo.password)}${KEYS.enter}`);
    await s.waitForText('signed in as Demo User', 20_000);
    expect(s.output).not.toContain(demo.password);

    // "4q" pasted on a screen is text, not a tab switch and a quit.
    s.write(PASTE('4q'));
    const screen = await s.waitForText('Paste ignored');
    expect(screen).toContain('Popular movies');
    // Still running, on the same tab: 4 typed now opens the Lists tab.
    await s.press('4');
    await s.waitForText('My lists');
  }, 90_000);

  it('/ger filters the countries, and Ctrl-W and Ctrl-U edit the search line', async () => {
    const s = (session = spawnMarquee({ cols: 100, rows: 30 }));
    await s.waitForText(/1\/[\d,]+/, 20_000);
    await s.press('5');
    await s.waitForText('› United States (US)');
    s.write('/ger');
    const filtered = await s.waitForText('Filter: ger');
    expect(filtered).toMatch(/^› Germany \(DE\)/m);

    // Esc Esc in one read: leave the field, then clear the filter.
    s.write(`${KEYS.esc}${KEYS.esc}`);
    // The filter is gone and the country it highlighted stays highlighted.
    await s.waitForText(/^› Germany \(DE\)(?![\s\S]*Filter: ger)/m);
    // (Esc followed by a letter in one read is what terminals send for Alt+letter: it goes alone.)
    s.write(`3/blade runner 2049${CTRL_W}`);
    await s.waitForText(/Search: blade runner\s*$/m);
    s.write(`${CTRL_W}x${CTRL_U}`);
    // Empty again: the placeholder shows.
    await s.waitForText('Search: type a title or a name');
  }, 60_000);

  it('holding j moves exactly as many rows as j arrived, loading pages on the way', async () => {
    const s = (session = spawnMarquee({ cols: 100, rows: 30 }));
    await s.waitForText(/1\/[\d,]+/, 20_000);
    s.write('j'.repeat(150));
    await s.waitForText(/^151\/[\d,]+/m, 30_000);
  }, 60_000);

  it('while the terminal is too small only quitting works: keys typed then change nothing', async () => {
    const s = (session = spawnMarquee({ cols: 100, rows: 30 }));
    await s.waitForText(/1\/[\d,]+/, 20_000);
    s.resize(40, 10);
    await s.waitForText(/too small/i);
    s.write('2?s4');
    await s.waitForText('Key ignored');
    // Room again: still the Movies tab, no help, no form.
    s.resize(100, 30);
    const screen = await s.waitForText('Popular movies');
    expect(screen).not.toContain('Keys on this screen');
    expect(screen).not.toContain('Session');
    s.write('q');
    expect((await s.exited).exitCode).toBe(0);
  }, 60_000);
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { KEYS, spawnMarquee, type PtySession } from './pty-harness.js';

/**
 * One of the flows people use most, in the built program in a terminal, by keyboard alone:
 * sign in, create a list, add two movies found by search, remove one, see the other remain.
 */

let session: PtySession | undefined;

beforeAll(() => ensureBundle(), 180_000);

afterEach(async () => {
  await session?.dispose();
  session = undefined;
});

const BACKSPACE = '\u007F';

/** What the text field labelled `label` shows now ('' when it shows its placeholder). */
function fieldText(screen: string, label: string, placeholder = ''): string {
  const line = screen.split('\n').find((l) => l.includes(label)) ?? '';
  const text = line.slice(line.indexOf(label) + label.length + 1).replace(/[│\s]+$/, '');
  return placeholder && text === placeholder ? '' : text;
}

/** Polls the screen until `check` holds, for at most `timeoutMs`; whether it did. */
async function eventually(check: () => boolean, timeoutMs = 2_000): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/**
 * Makes the field labelled `label` read `target`: empties it, then types a key at a time, each
 * once the field shows the one before. Ink's text input can miss a key that arrives in the same
 * instant as the redraw for the previous one; then the field is emptied and typed again.
 */
async function fill(s: PtySession, label: string, target: string, options: { placeholder?: string; masked?: boolean } = {}) {
  const current = () => fieldText(s.screen(), label, options.placeholder);
  const shown = (text: string) => (options.masked ? '*'.repeat(text.length) : text);
  for (let attempt = 0; attempt < 3; attempt++) {
    for (let keys = 0; keys < 200 && current() !== ''; keys++) {
      const before = current();
      await s.press(BACKSPACE);
      // A trailing space does not show: its backspace changes nothing on screen.
      await eventually(() => current() !== before, 300);
    }
    let typed = '';
    while (typed.length < target.length) {
      // The screen does not show a trailing space: a space goes with the character after it.
      const next = /^ *./.exec(target.slice(typed.length))![0];
      await s.press(...next.split(''));
      typed += next;
      if (!(await eventually(() => current() === shown(typed)))) break;
    }
    if (current() === shown(target)) return;
  }
  throw new Error(`the field "${label}" shows "${current()}", not "${shown(target)}"`);
}

/**
 * Moves the session form's menu highlight to `label` with ↑/↓, each key once the highlight has
 * taken the one before (a key sent as the menu first draws can go missing).
 */
async function highlight(s: PtySession, label: string): Promise<void> {
  for (let keys = 0; keys < 20; keys++) {
    const lines = s.screen().split('\n');
    const target = lines.findIndex((line) => line.includes(label));
    const current = lines.findIndex((line) => /│ › /.test(line));
    if (target >= 0 && target === current) return;
    await s.press(target >= 0 && current > target ? KEYS.up : KEYS.down);
    // Wait for the highlight itself to move: other parts of the screen may change meanwhile.
    await eventually(() => s.screen().split('\n').findIndex((line) => /│ › /.test(line)) !== current, 5_000);
  }
  throw new Error(`could not highlight "${label}"; the screen was:\n${s.screen()}`);
}

/**
 * The titles of the movie rows on screen: "› The Last Compass (2026)   6.1 (25.6k)" on a list,
 * "› ✓ The Last Compass (2026) ..." in the movie search, where ✓ marks the ones on the list.
 */
function titlesOnScreen(screen: string): string[] {
  return screen
    .split('\n')
    .map((line) => /^[› ] (?:[✓ ] )?(.+?) \(\d{4}\)\s/.exec(line)?.[1])
    .filter((title): title is string => title !== undefined);
}

describe('lists in a terminal', () => {
  it('creates a list, adds two movies found by search, removes one, and the other remains', async () => {
    const s = (session = spawnMarquee({ cols: 100, rows: 30 }));
    await s.waitForText(/1\/[\d,]+/, 20_000);

    // Sign in with the embedded catalog's demo account (its password is in a 0600 file of the data dir).
    const demo = JSON.parse(readFileSync(join(s.home, 'data', 'marquee', 'server', 'demo-account.json'), 'utf8')) as {
      username: string;
      password: string;
    };
    await s.press('4');
    await s.waitForText('Press s to sign in');
    await s.press('s');
    await s.waitForText('Sign in with user name and password');
    await highlight(s, 'Sign in with user name and password');
    await s.press(KEYS.enter);
    await s.waitForText('demo account');
    await fill(s, 'User name:', demo.username);
    await s.press(KEYS.tab);
    await s.waitForText('› Password:');
    await fill(s, 'Password: ', demo.password, { masked: true });
    await s.press(KEYS.enter);
    await s.waitForText('signed in as');
    await s.waitForText('You have no lists yet');

    // Create the list.
    await s.press('n');
    await s.waitForText('New list');
    await fill(s, 'Name:       ', 'Friday night', { placeholder: 'what the list is called (required)' });
    await s.press(KEYS.tab);
    await s.waitForText('› Description:');
    await fill(s, 'Description:', 'Two films and popcorn', { placeholder: 'what it is for (optional)' });
    await s.press(KEYS.enter);
    await s.waitForText(/› Friday night\s+0 movies\s+Two films and popcorn/);

    // Open it and add two movies, each found by typing its title.
    await s.press(KEYS.enter);
    await s.waitForText('This list has no movies yet');
    await s.press('a');
    const [first, second] = titlesOnScreen(await s.waitForText('Popular movies ·'));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    for (const title of [first!, second!]) {
      await fill(s, 'Find a movie:', title, { placeholder: 'type a title (empty: popular movies)' });
      await s.waitForText(`Movies matching "${title}"`);
      await s.waitForText(`›   ${title}`);
      await s.press(KEYS.enter);
      await s.waitForText(`Added "${title}" to the list`);
    }
    await s.press(KEYS.esc);
    await s.waitForText('2 movies ·');
    // The list's count and its rows are read separately: wait for both, not the first.
    await eventually(() => titlesOnScreen(s.screen()).length === 2, 10_000);
    expect(titlesOnScreen(s.screen())).toEqual([first, second]);

    // Remove the first, after saying yes.
    await s.press('x');
    await s.waitForText(`Remove "${first}" from the list?`);
    await s.press('y');
    await s.waitForText('1 movie ·');
    // Read again after the removal, count and rows separately too.
    await eventually(() => titlesOnScreen(s.screen()).join('\n') === second, 10_000);
    expect(titlesOnScreen(s.screen())).toEqual([second]);

    // Back on my lists, the count says the same.
    await s.press(KEYS.esc);
    await s.waitForText(/Friday night\s+1 movie\s+Two films and popcorn/);
    await s.press('q');
    expect((await s.exited).exitCode).toBe(0);
  });
});

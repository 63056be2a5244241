import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { PASTE_END_WAIT_MS } from '../../src/ui/input/paste-guard.js';
import { KEYS, spawnMarquee, type PtySession } from './pty-harness.js';

/**
 * Any byte sequence is safe: random bytes and random escape sequences (unknown CSI and SS3
 * keys, Ctrl+F-keys, odd parameters) are taken as keys or ignored, never a crash or a hang.
 */

let session: PtySession | undefined;
beforeAll(() => ensureBundle(), 120_000);
afterEach(async () => {
  await session?.dispose();
  session = undefined;
});

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// Left out of the noise: what quits (q, Ctrl-C), suspends (Ctrl-Z) or opens a browser (the
// session form's first choice), which are keys doing their job, and the start of a bracketed
// paste, after which everything is (rightly) pasted text.
const LEFT_OUT = /[qs\u0003\u001a]|\u001B\[200~/g;

function randomRead(next: () => number): string {
  const length = 1 + Math.floor(next() * 6);
  let text = '';
  for (let i = 0; i < length; i++) {
    const pick = next();
    const code = pick < 0.3 ? Math.floor(next() * 32) : pick < 0.4 ? 0x1b : pick < 0.5 ? 0x7f + Math.floor(next() * 0x21) : Math.floor(next() * 256);
    text += String.fromCharCode(code);
  }
  return text.replace(LEFT_OUT, '');
}

function randomEscapeSequence(next: () => number): string {
  const params = Array.from({ length: Math.floor(next() * 3) }, () => String(Math.floor(next() * 300))).join(';');
  const final = String.fromCharCode(0x40 + Math.floor(next() * 0x3f));
  const kinds = [`\u001B[${params}${final}`, `\u001BO${final}`, `\u001B[1;${1 + Math.floor(next() * 8)}${final}`, `\u001B${final}`, `\u001B[${params}~`];
  return kinds[Math.floor(next() * kinds.length)]!.replace(LEFT_OUT, '');
}

/** Resolves once the program has written nothing for `forMs` (at most `withinMs` in all). */
async function quiet(s: PtySession, forMs = 150, withinMs = 20_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  let length = -1;
  while (s.output.length !== length && Date.now() < deadline) {
    length = s.output.length;
    await new Promise((resolve) => setTimeout(resolve, forMs));
  }
}

describe('input that is no key we know', () => {
  it('10,000 random byte reads and 1,000 random escape sequences leave the program running and answering', async () => {
    const s = (session = spawnMarquee({ cols: 100, rows: 30 }));
    await s.waitForText(/1\/[\d,]+/, 20_000);
    const next = random(42);
    const reads = [
      ...Array.from({ length: 10_000 }, () => randomRead(next)),
      ...Array.from({ length: 1_000 }, () => randomEscapeSequence(next)),
      // Known troublemakers: Ctrl+F1 in its forms, cursor moves and reports, a lone CSI.
      '\u001B[1;5P', '\u001BO1;5P', '\u001B[5G', '\u001B[1;5R', '\u001B[', '\u001BO', '\u009B', '\u001B[999;999;999H',
    ];
    for (const read of reads) {
      s.write(read);
      // A read at a time, as a terminal delivers them (node-pty would merge writes otherwise).
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Still running, and answering: whatever the noise opened, Esc closes it, and 5 shows its tab.
    // Each key once the program has drawn all it had to (on a busy machine the noise is still
    // being read when the test is done writing it), and after any paste the noise opened has been
    // closed: two reads can make a paste start between them, which holds keys until it closes.
    await quiet(s);
    await new Promise((resolve) => setTimeout(resolve, PASTE_END_WAIT_MS + 200));
    for (const key of [KEYS.esc, KEYS.esc, KEYS.esc, KEYS.esc, '5']) {
      s.write(key);
      await quiet(s);
    }
    // The tab shows whatever the noise left on its stack (a country's page, say): the breadcrumb names the tab.
    await s.waitForText('Certifications › By country', 30_000);
    s.write(KEYS.ctrlC);
    expect((await s.exited).exitCode).toBe(0);
    expect(s.bufferType()).toBe('normal');
    expect(s.cursorVisible()).toBe(true);
  }, 120_000);

  it('a paste whose end never comes is closed after a while: keys work again, Ctrl-C too', async () => {
    const s = (session = spawnMarquee({ cols: 100, rows: 30 }));
    await s.waitForText(/1\/[\d,]+/, 20_000);
    // A paste cut off: its start, some text, and no end. Keys typed meanwhile are the paste's.
    s.write('\u001B[200~half a paste');
    await s.press('5');
    await s.waitForText('Paste ignored', 10_000);
    expect(s.screen()).not.toContain('certifications by country');
    await s.press('5');
    await s.waitForText('certifications by country', 10_000);
    // Ctrl-C does not wait for the paste to close: it ends it and quits.
    s.write('\u001B[200~cut off again');
    s.write(KEYS.ctrlC);
    expect((await s.exited).exitCode).toBe(0);
    expect(s.bufferType()).toBe('normal');
  }, 60_000);
});


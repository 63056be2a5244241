import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { KEYS, spawnMarquee, type PtySession } from './pty-harness.js';

/**
 * No key ends the TUI: function keys with modifiers in the forms terminals send them (Ctrl+F1 as
 * CSI 1;5P and SS3 1;5P, CSI 5G, Ctrl+F3 as CSI 1;5R, which is also a cursor position report),
 * and random bytes, on a list and in a focused text field.
 */

const ODD_KEYS = ['\u001B[1;5P', '\u001BO1;5P', '\u001B[5G', '\u001B[1;5R', '\u001B[1;2Q', '\u001B[15;5~', '\u001B[1;5S'];
const LIST_COUNTER = /1\/[\d,]+/;

let sessions: PtySession[] = [];
beforeAll(() => ensureBundle(), 180_000);
afterEach(async () => {
  await Promise.all(sessions.map((s) => s.dispose()));
  sessions = [];
});

/** Bytes from a fixed seed (xorshift), without the ones that quit or suspend on purpose (q, Ctrl-C, Ctrl-Z). */
function randomBytes(count: number, seed: number): string {
  let state = seed;
  let out = '';
  while (out.length < count) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const byte = (state >>> 0) % 256;
    if (byte === 0x71 || byte === 0x03 || byte === 0x1a) continue;
    out += String.fromCharCode(byte);
  }
  return out;
}

async function stillAnswers(session: PtySession): Promise<void> {
  await session.press('2');
  await session.waitForText('Popular TV series');
  await session.press('1');
  await session.waitForText('Popular movies');
}

describe('keys the TUI does not use', () => {
  it('Ctrl+F1 and friends, on a list and in a text field, change nothing and end nothing', async () => {
    const session = spawnMarquee();
    sessions.push(session);
    await session.waitForText(LIST_COUNTER, 20_000);
    for (const key of ODD_KEYS) await session.press(key);
    await stillAnswers(session);

    await session.press('3');
    await session.waitForText('Search movies, TV and people');
    await session.press('/', 'a');
    for (const key of ODD_KEYS) await session.press(key);
    await session.press('b');
    // The field has what was typed, and no key name ("f1") or stray bracket from the odd keys.
    await session.waitForText(/Search: ab\b/);
    expect(session.screen()).not.toMatch(/f1|f3|\[5G/);

    await session.press(KEYS.ctrlC);
    expect((await session.exited).exitCode).toBe(0);
  }, 60_000);

  it('1,000 random bytes, in chunks, do not end it either; Ctrl-C still quits cleanly', async () => {
    // Random keys may ask to open the approval page: the browser opener is a no-op here.
    const bin = mkdtempSync(join(tmpdir(), 'marquee-no-opener-'));
    writeFileSync(join(bin, 'xdg-open'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const session = spawnMarquee({ env: { PATH: `${bin}:${process.env.PATH ?? ''}` } });
    sessions.push(session);
    onTestFinished(() => rmSync(bin, { recursive: true, force: true }));
    await session.waitForText(LIST_COUNTER, 20_000);
    const bytes = randomBytes(1_000, 0x5eed);
    for (let at = 0; at < bytes.length; at += 100) {
      session.write(bytes.slice(at, at + 100));
      // Wait for the program to have read the chunk (it redraws), as a fast typist's terminal would.
      await session.press('');
    }
    // Whatever screen or form the bytes opened, the program is alive and reading keys.
    await session.press(KEYS.ctrlC);
    expect((await session.exited).exitCode).toBe(0);
    expect(session.bufferType()).toBe('normal');
  }, 60_000);
});

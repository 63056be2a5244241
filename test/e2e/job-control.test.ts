import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { KEYS, MARQUEE, spawnMarquee, type PtySession } from './pty-harness.js';

/**
 * Ctrl-Z and `fg` in a shell with job control: stopped, the program gives the terminal back in
 * cooked mode on the normal screen with the cursor shown; continued, it takes the alternate
 * screen and raw mode again and draws the whole frame. SIGTSTP sent with kill does the same.
 */

const LIST_COUNTER = /1\/[\d,]+/;
let sessions: PtySession[] = [];
beforeAll(() => ensureBundle(), 180_000);
afterEach(async () => {
  await Promise.all(sessions.map((s) => s.dispose()));
  sessions = [];
});

/** Polls until `check` holds (bounded). */
async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The state letter of a process in /proc: 'T' when stopped. */
function processState(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] ?? '?';
  } catch {
    return 'gone';
  }
}

function childOf(pid: number): number | undefined {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.length > 0 ? Number(children[0]) : undefined;
}

/** Whether the terminal is in raw mode: canonical input and echo off. */
function isRaw(session: PtySession): boolean {
  const settings = execFileSync('stty', ['-F', session.ptsName, '-a'], { encoding: 'utf8' });
  return /(^|\s)-icanon(\s|$)/.test(settings) && /(^|\s)-echo(\s|$)/.test(settings);
}

describe('job control', () => {
  it('Ctrl-Z stops it with the terminal given back; fg takes it again and redraws; kill -TSTP too', async () => {
    const session = spawnMarquee({ shell: true, cols: 100, rows: 30, env: { PS1: 'shell$ ' } });
    sessions.push(session);
    await session.waitForText('shell$');
    session.write(`${process.execPath} ${MARQUEE}\r`);
    await session.waitForText(LIST_COUNTER, 20_000);
    let program: number | undefined;
    await until('the program runs under the shell', () => (program = childOf(session.pid)) !== undefined);
    expect(isRaw(session)).toBe(true);

    for (const stop of [() => session.write('\u001A'), () => process.kill(program!, 'SIGTSTP')]) {
      stop();
      await until('the program is stopped', () => processState(program!) === 'T');
      await session.waitForText(/Stopped/);
      expect(session.bufferType()).toBe('normal');
      expect(session.cursorVisible()).toBe(true);
      expect(isRaw(session)).toBe(false);

      // The window changes while it is stopped; fg draws the whole frame at the new size.
      session.resize(90, 28);
      session.write('fg\r');
      await until('the alternate screen is back', () => session.bufferType() === 'alternate');
      await session.waitForText('Popular movies');
      await session.waitForText(LIST_COUNTER);
      expect(session.cursorVisible()).toBe(false);
      expect(processState(program!)).not.toBe('T');
      await until('raw mode is back', () => isRaw(session));
      await session.press('2');
      await session.waitForText('Popular TV series');
      await session.press('1');
      await session.waitForText('Popular movies');
      session.resize(100, 30);
    }

    await session.press(KEYS.ctrlC);
    await until('the program has ended', () => processState(program!) === 'gone' || processState(program!) === 'Z');
    expect(session.bufferType()).toBe('normal');
    session.write('exit\r');
    await session.exited;
  }, 90_000);

  it('without a shell to stop it (an orphaned process group), Ctrl-Z gives the screen straight back', async () => {
    const session = spawnMarquee();
    sessions.push(session);
    await session.waitForText(LIST_COUNTER, 20_000);
    session.write('\u001A');
    await until('the alternate screen is back', () => session.output.lastIndexOf('\u001B[?1049h') > session.output.lastIndexOf('\u001B[?1049l'));
    await session.waitForText('Popular movies');
    await session.press('2');
    await session.waitForText('Popular TV series');
    await session.press(KEYS.ctrlC);
    expect((await session.exited).exitCode).toBe(0);
  }, 60_000);
});

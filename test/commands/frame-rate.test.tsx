import { EventEmitter } from 'node:events';
import { Text, render } from 'ink';
import { act, useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_RATE_LIMIT } from '../../src/commands/tui-app.js';

/**
 * Ink holds a change that comes soon after a frame until its frame window ends. The TUI's limit
 * decides how long a key or an answer can wait for its frame: the clock here is Vitest's, so the
 * windows are counted, not timed.
 */

class RecordingStdout extends EventEmitter {
  readonly columns = 40;
  readonly rows = 10;
  readonly isTTY = true;
  readonly written: string[] = [];
  write(chunk: string): boolean {
    this.written.push(chunk);
    return true;
  }
}

class QuietStdin extends EventEmitter {
  readonly isTTY = true;
  setRawMode(): void {}
  setEncoding(): void {}
  ref(): void {}
  unref(): void {}
  resume(): void {}
  pause(): void {}
  read(): null {
    return null;
  }
}

let bump: (() => void) | undefined;

function Counter() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    bump = () => setCount((n) => n + 1);
  }, []);
  return <Text>count {count}</Text>;
}

/** The counter drawn with the TUI's frame rate, on Vitest's clock, its first frame drawn. */
async function renderCounter() {
  vi.useFakeTimers();
  const stdout = new RecordingStdout();
  const ink = render(<Counter />, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: new QuietStdin() as unknown as NodeJS.ReadStream,
    patchConsole: false,
    exitOnCtrlC: false,
    incrementalRendering: false,
    maxFps: FRAME_RATE_LIMIT,
    // Drawn as in a terminal, also where CI is set (Ink then draws only the last frame).
    interactive: true,
  });
  await vi.advanceTimersByTimeAsync(50);
  return { stdout, ink };
}

afterEach(() => {
  vi.useRealTimers();
  bump = undefined;
});

describe('the TUI frame rate', () => {
  it('draws a change made just after a frame within 8.3 ms of the clock (not 33 ms, as at Ink’s default)', async () => {
    const { stdout, ink } = await renderCounter();
    expect(stdout.written.join('')).toContain('count 0');
    expect(stdout.written.join('')).not.toContain('count 1');

    // Two changes at once, right after a frame: the first is drawn at once, the next waits for
    // the window to end.
    await act(async () => bump?.());
    expect(stdout.written.join('')).toContain('count 1');
    await act(async () => bump?.());
    expect(stdout.written.join('')).not.toContain('count 2');
    await act(() => vi.advanceTimersByTimeAsync(Math.ceil(1000 / 120)));
    expect(stdout.written.join('')).toContain('count 2');
    ink.unmount();
  });

  it('still draws one frame for a burst of changes inside one window', async () => {
    const { stdout, ink } = await renderCounter();
    expect(bump).toBeDefined();
    await act(async () => {
      for (let i = 0; i < 20; i++) bump?.();
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    const frames = stdout.written.join('').match(/count \d+/g) ?? [];
    // The first frame, then the burst: drawn as its last value, not as twenty frames.
    expect(frames.at(-1)).toBe('count 20');
    expect(frames.length).toBeLessThanOrEqual(3);
    ink.unmount();
  });
});

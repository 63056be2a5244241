import { render, Text, type Instance } from 'ink';
import { EventEmitter } from 'node:events';
import { act, useMemo, useState } from 'react';
import { afterEach, describe, expect, vi } from 'vitest';
import type { AppStore } from '../../../src/state/index.js';
import { CommandRegistry, CommandRegistryProvider, useCommands } from '../../../src/ui/commands.js';
import { KeyboardInput } from '../../../src/ui/input/KeyboardInput.js';
import { StoreProvider } from '../../../src/ui/store-context.js';
import { storeTest } from '../../store-test.js';

/**
 * On a terminal Ink draws at most one frame per interval: a frame drawn for something else
 * (a page arriving) holds the next one back until a timer fires. A key's frame must not wait for
 * it. Ink's timers are faked and never advanced here, so a frame that waits for one never comes:
 * what a key changed can only be on the screen if it was drawn at once.
 */

/** A terminal: a TTY that keeps what is written to it. */
class TerminalOut extends EventEmitter {
  readonly isTTY = true;
  readonly columns = 60;
  readonly rows = 10;
  written = '';
  write(chunk: string | Uint8Array, callback?: () => void): boolean {
    this.written += String(chunk);
    callback?.();
    return true;
  }
}

class TerminalIn extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;
  send(data: string) {
    this.data = data;
    this.emit('readable');
  }
  read = () => {
    const { data } = this;
    this.data = null;
    return data;
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

let background: (page: number) => void = () => {};

function Screen() {
  const [row, setRow] = useState(1);
  const [pages, setPages] = useState(1);
  background = setPages;
  useCommands('screen', ['list'], { 'list.down': () => setRow((r) => r + 1) });
  return (
    <Text>
      row {row} of {pages * 20} loaded
    </Text>
  );
}

function Shell({ store }: { store: AppStore }) {
  const registry = useMemo(() => new CommandRegistry(), []);
  return (
    <StoreProvider store={store}>
      <CommandRegistryProvider registry={registry}>
        <KeyboardInput />
        <Screen />
      </CommandRegistryProvider>
    </StoreProvider>
  );
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (condition()) return;
    await act(tick);
  }
  throw new Error(`never: ${what}`);
}

let instance: Instance | undefined;
afterEach(() => {
  instance?.unmount();
  instance = undefined;
  vi.useRealTimers();
});

/** No service: the shell needs a store for its keys alone, one never connected. */
const it = storeTest.override('over', 'client');

describe('a key on a terminal', () => {
  it('is drawn at once, even right after a frame drawn for something else', async ({ stores }) => {
    const store = stores.make().store;
    const stdout = new TerminalOut();
    const stdin = new TerminalIn();
    // Ink's timers are advanced only where said.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await act(async () => {
      instance = render(<Shell store={store} />, {
        stdout: stdout as unknown as NodeJS.WriteStream,
        stdin: stdin as unknown as NodeJS.ReadStream,
        stderr: new TerminalOut() as unknown as NodeJS.WriteStream,
        interactive: true,
        exitOnCtrlC: false,
        patchConsole: false,
      });
      await tick();
    });
    await until(() => stdout.written.includes('row 1 of 20 loaded'), 'the first frame');

    // The interval the first frame opened ends; from here Ink's frame timer never fires.
    await act(async () => {
      vi.advanceTimersByTime(1000);
      await tick();
    });
    await act(async () => {
      background(2);
      await tick();
    });
    // The page's frame is drawn (the first in its interval), and opens an interval of its own.
    await until(() => stdout.written.includes('row 1 of 40 loaded'), 'the frame of the page');

    await act(async () => {
      stdin.send('j');
      await tick();
    });
    await until(() => stdout.written.includes('row 2 of 40 loaded'), 'the frame of the key');
  });
});

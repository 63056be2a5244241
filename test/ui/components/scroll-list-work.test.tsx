import { useInput } from 'ink';
import { render } from 'ink-testing-library';
import { act, useMemo } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../src/state/index.js';
import { CommandRegistry, CommandRegistryProvider, useCommandRegistry } from '../../../src/ui/commands.js';
import { ScrollList } from '../../../src/ui/components/ScrollList.js';
import { keyEventsFromInk } from '../../../src/ui/input/key-events.js';
import { StoreProvider } from '../../../src/ui/store-context.js';

/**
 * The work a key does in a list, counted rather than timed: j draws again the row it leaves and
 * the row it highlights, and no other row of the 10,000.
 */

const store = createAppStore({
  service: { kind: 'embedded', label: 'embedded catalog' },
  connect: () => Promise.reject(new Error('offline')),
  createClient: () => Promise.reject(new Error('offline')),
  sessions: { load: () => undefined, save: () => {} },
  configFile: 'config.json',
});

function Router() {
  const registry = useCommandRegistry();
  useInput((input, key) => {
    for (const event of keyEventsFromInk(input, key)) registry.route(event);
  });
  return null;
}

const items = Array.from({ length: 10_000 }, (_, i) => `Item ${i + 1}`);
/** The rows renderRow was asked to draw, in order. */
const drawn: string[] = [];

function Harness() {
  const registry = useMemo(() => new CommandRegistry(), []);
  return (
    <StoreProvider store={store}>
      <CommandRegistryProvider registry={registry}>
        <Router />
        <ScrollList<string>
          id="work"
          items={items}
          height={10}
          renderRow={(item) => {
            drawn.push(item);
            return item;
          }}
        />
      </CommandRegistryProvider>
    </StoreProvider>
  );
}

const tick = () => new Promise<void>((r) => setImmediate(r));
let instance: ReturnType<typeof render> | undefined;
afterEach(() => {
  act(() => instance?.unmount());
  instance = undefined;
});

describe('what a key draws in a ScrollList', () => {
  it('j and k draw the row left and the row highlighted, nothing else', async () => {
    await act(async () => {
      instance = render(<Harness />);
      await tick();
    });
    expect(instance!.lastFrame()).toContain('› Item 1');
    for (const [key, expected] of [
      ['j', ['Item 1', 'Item 2']],
      ['j', ['Item 2', 'Item 3']],
      ['k', ['Item 2', 'Item 3']],
    ] as const) {
      drawn.length = 0;
      await act(async () => {
        instance!.stdin.write(key);
        await tick();
      });
      expect([...drawn].sort()).toEqual(expected);
    }
    expect(instance!.lastFrame()).toContain('› Item 2');
  });
});

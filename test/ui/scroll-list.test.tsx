import { useInput } from 'ink';
import { render } from 'ink-testing-library';
import { act, useMemo, type ReactElement } from 'react';
import { afterEach, describe, expect } from 'vitest';
import type { AppStore } from '../../src/state/index.js';
import { CommandRegistry, CommandRegistryProvider, useCommandRegistry } from '../../src/ui/commands.js';
import { ScrollList } from '../../src/ui/components/ScrollList.js';
import { keyEventsFromInk } from '../../src/ui/input/key-events.js';
import { StoreProvider } from '../../src/ui/store-context.js';
import { storeTest } from '../store-test.js';
import { KEY } from './harness.js';

/** No service: the list needs a store for its keys alone, one never connected. */
const it = storeTest.override('over', 'client');

function Router() {
  const registry = useCommandRegistry();
  useInput((input, key) => {
    for (const event of keyEventsFromInk(input, key)) registry.route(event);
  });
  return null;
}

function Harness(props: { store: AppStore; items: string[]; total?: number; onNearEnd?: () => void; onOpen?: (item: string) => void }) {
  const registry = useMemo(() => new CommandRegistry(), []);
  return (
    <StoreProvider store={props.store}>
      <CommandRegistryProvider registry={registry}>
        <Router />
        <ScrollList<string>
          id="big"
          items={props.items}
          height={10}
          total={props.total}
          renderRow={(item) => item}
          onOpen={props.onOpen}
          onNearEnd={props.onNearEnd}
          hasMore={props.onNearEnd !== undefined}
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

async function mount(element: ReactElement) {
  await act(async () => {
    instance = render(element);
    await tick();
  });
  const frame = () => instance!.lastFrame() ?? '';
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      await act(async () => {
        instance!.stdin.write(key);
        await tick();
      });
    }
  };
  return { frame, press };
}

const rowsOf = (frame: string) => frame.split('\n').filter((line) => /Item \d+/.test(line));
const selectedOf = (frame: string) => frame.split('\n').find((line) => line.startsWith('›'));

describe('ScrollList', () => {
  const items = Array.from({ length: 10_000 }, (_, i) => `Item ${i + 1}`);

  it('renders only the rows in view of 10,000, and moves by row, page and to the ends', async ({ stores }) => {
    const { frame, press } = await mount(<Harness store={stores.make().store} items={items} />);
    expect(rowsOf(frame())).toHaveLength(9);
    expect(frame()).toContain('1/10,000');

    await press('j', KEY.down);
    expect(selectedOf(frame())).toBe('› Item 3');
    await press(KEY.pageDown);
    expect(selectedOf(frame())).toBe('› Item 11');
    expect(frame()).toContain('11/10,000');
    await press('G');
    expect(selectedOf(frame())).toBe('› Item 10000');
    expect(rowsOf(frame())).toEqual(items.slice(-9).map((item, i) => (i === 8 ? `› ${item}` : `  ${item}`)));
    expect(frame()).toContain('10,000/10,000');
    await press(KEY.pageUp, 'k');
    expect(selectedOf(frame())).toBe('› Item 9991');
    await press(KEY.home);
    expect(selectedOf(frame())).toBe('› Item 1');
    await press('k');
    expect(selectedOf(frame())).toBe('› Item 1');
    await press(KEY.end, 'g');
    expect(frame()).toContain('1/10,000');
  });

  it('shows the position against the total the service reports', async ({ stores }) => {
    const { frame, press } = await mount(<Harness store={stores.make().store} items={items.slice(0, 100)} total={1203} />);
    for (let i = 0; i < 40; i++) await press('j');
    expect(frame()).toContain('41/1,203');
  });

  it('asks for more as the cursor nears the end, and opens the selected row', async ({ stores }) => {
    let nearEnd = 0;
    const opened: string[] = [];
    const { press } = await mount(
      <Harness store={stores.make().store} items={items.slice(0, 40)} onNearEnd={() => nearEnd++} onOpen={(item) => opened.push(item)} />,
    );
    await press(KEY.pageDown, KEY.pageDown);
    expect(nearEnd).toBe(0);
    await press(KEY.pageDown, KEY.pageDown);
    expect(nearEnd).toBeGreaterThan(0);
    await press(KEY.enter);
    expect(opened).toEqual(['Item 33']);
  });
});

import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSettled } from '../../src/ui/settled.js';

/** useSettled: what follows the cursor or a form waits until the keys rest. */

function Probe({ filters }: { filters: { year: number } }) {
  const settled = useSettled(filters, JSON.stringify(filters), 300);
  return <Text>asked {settled.year}</Text>;
}

afterEach(() => vi.useRealTimers());

describe('useSettled', () => {
  it('gives the first value at once, keeps it while keys come quickly, and the last once they rest', async () => {
    vi.useFakeTimers();
    const ui = render(<Probe filters={{ year: 1 }} />);
    expect(ui.lastFrame()).toBe('asked 1');
    // Typing "2019": four changes, each sooner than the wait after the one before.
    for (const year of [2, 20, 201, 2019]) {
      await act(async () => {
        ui.rerender(<Probe filters={{ year }} />);
        vi.advanceTimersByTime(200);
      });
      expect(ui.lastFrame()).toBe('asked 1');
    }
    await act(async () => vi.advanceTimersByTime(100));
    expect(ui.lastFrame()).toBe('asked 2019');
    // A new object with the same key is no change: nothing is asked again.
    await act(async () => {
      ui.rerender(<Probe filters={{ year: 2019 }} />);
      vi.advanceTimersByTime(1000);
    });
    expect(ui.lastFrame()).toBe('asked 2019');
    ui.unmount();
  });
});

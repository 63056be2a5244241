import fc from 'fast-check';
import { act } from 'react';
import { describe, expect } from 'vitest';
import { storeTest, type App } from '../../store-test.js';
import { KEY, type Rendered } from '../harness.js';

/**
 * The rule of the input pipeline, checked on the whole app: any split of a key sequence into
 * reads has the effect of the same keys typed one at a time (same screen, same store).
 */

const it = storeTest.override('over', 'fake');

// Keys of the main flows: tabs, moving, opening and going back, search typing and submitting,
// help, the session form. Esc is only ever last in a read: Esc followed by a key in one read is
// how terminals send Alt+key, so no terminal program can tell those apart.
const KEYS = ['1', '2', '3', '4', '5', 'j', 'j', 'k', 'G', 'g', KEY.down, KEY.up, KEY.enter, KEY.enter, KEY.esc, KEY.tab, '/', 'a', 'l', 't', 'e', ' ', KEY.backspace, '?', 's', 'r'];

/** Cuts `keys` into reads at the given points (each an index into keys), Esc always ending a read. */
function reads(keys: readonly string[], cuts: ReadonlySet<number>): string[] {
  const chunks: string[] = [];
  let current = '';
  keys.forEach((key, index) => {
    current += key;
    if (cuts.has(index) || key === KEY.esc || index === keys.length - 1) {
      chunks.push(current);
      current = '';
    }
  });
  return chunks;
}

/** The frame once nothing changes any more for a while (loads finished, toasts drawn). */
async function settled(ui: Rendered): Promise<string> {
  let last = '';
  let stableFor = 0;
  for (let polls = 0; polls < 400 && stableFor < 5; polls++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const frame = ui.frame();
    stableFor = frame === last && !/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/.test(frame) ? stableFor + 1 : 0;
    last = frame;
  }
  // Toasts fade with time, and a request token is new each time: the screen under them matters.
  return last.replace(/^[i✓!✗] .*$/gm, '').replace(/[0-9a-f]{20,}/g, '<token>');
}

async function run(app: App, chunks: readonly string[]) {
  const { ui, test: store } = await app.start();
  await ui.waitFor('Popular movies');
  await ui.press(...chunks);
  const frame = await settled(ui);
  const { nav, search } = store.store.getState();
  const state = JSON.stringify({ tab: nav.tab, stacks: nav.stacks, cursors: nav.cursors, modal: nav.modal, overlay: nav.overlay, query: search.query });
  ui.unmount();
  store.cleanup();
  return { frame, state };
}

describe('keys split into reads at random', () => {
  it('end in the same screen and state as the same keys one read each', async ({ app }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...KEYS), { minLength: 4, maxLength: 8 }),
        fc.uniqueArray(fc.nat(7), { maxLength: 4 }),
        async (keys, cutPoints) => {
          const oneByOne = await run(app, keys);
          const burst = await run(app, reads(keys, new Set(cutPoints)));
          expect(burst.state).toBe(oneByOne.state);
          expect(burst.frame).toBe(oneByOne.frame);
        },
      ),
      { numRuns: 4, seed: 20261124 },
    );
  }, 240_000);
});

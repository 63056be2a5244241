import { act } from 'react';
import { afterEach, describe, expect } from 'vitest';
import { rebindKeymap } from '../../src/ui/key-bindings.js';
import { KEYMAP, setKeymap } from '../../src/ui/keymap.js';
import { storeTest as it } from '../store-test.js';
import { KEY, type Rendered } from './harness.js';

/**
 * The keys that edit a text field are the keymap's `edit` commands: the user's `keys:` rebind
 * them as any other key (the TUI applies the config file with rebindKeymap and setKeymap, as
 * here), and help lists them.
 */

afterEach(() => setKeymap());

const CTRL_A = '\u0001';
const CTRL_G = '\u0007';

/** The Search tab's box, focused, with `text` typed. */
async function typeInSearch(ui: Rendered, text: string) {
  await ui.press('3', '/');
  await ui.waitFor('Enter searches');
  await ui.type(text);
  await ui.waitFor(`Search: ${text}`);
}

describe('editing keys as keymap commands', () => {
  it('with the default keys, Ctrl-A goes to the start of the line', async ({ app }) => {
    const { ui, store } = await app.start();
    await typeInSearch(ui, 'olf');
    await ui.press(CTRL_A, 'w', KEY.enter);
    await ui.waitFor(() => store.getState().search.submitted === 'wolf');
  });

  it('a rebound editing command moves to the new key: the old key no longer edits, the new one does, a burst as well', async ({ app }) => {
    const { keymap, problems } = rebindKeymap(KEYMAP, { 'edit.start': 'ctrl+g' });
    expect(problems).toEqual([]);
    setKeymap(keymap);
    const { ui, store } = await app.start();
    await typeInSearch(ui, 'olf');
    // Ctrl-A is bound to nothing now: the line stays as it was, and w types at the end.
    await ui.press(CTRL_A, 'w');
    await ui.waitFor('Search: olfw');
    await ui.press(CTRL_G, 'x', KEY.enter);
    await ui.waitFor(() => store.getState().search.submitted === 'xolfw');
    // The same keys in one read.
    await ui.press('/');
    await ui.waitFor('Enter searches');
    await act(async () => ui.stdin.write(`${KEY.backspace}ab${CTRL_G}c\r`));
    await ui.waitFor(() => store.getState().search.submitted === 'cab');
  });

  it('help lists the editing keys, as rebound', async ({ app }) => {
    const { keymap } = rebindKeymap(KEYMAP, { 'edit.eraseToStart': 'ctrl+x' });
    setKeymap(keymap);
    const { ui } = await app.start();
    await ui.press('?');
    await ui.waitFor('Keys on this screen');
    // The text field's keys come last: page down to them.
    let frame = ui.frame();
    for (let i = 0; i < 120 && !frame.includes('Erase from the cursor to the end of the line'); i++) {
      await ui.press('j');
      frame = ui.frame();
    }
    expect(frame).toContain('In a text field');
    expect(frame).toMatch(/Home\/Ctrl-A\s+Move the cursor to the start of the line/);
    expect(frame).toMatch(/Ctrl-X\s+Erase from the cursor to the start of the line/);
    expect(frame).toMatch(/Ctrl-W\/Alt-B\S*\s+Erase the word before the cursor/);
  });
});

import { describe, expect } from 'vitest';
import { storeTest as it } from '../store-test.js';
import { KEY } from './harness.js';

/**
 * The mouse, when the config file turns it on: a click highlights a row and a second click opens
 * it, the wheel scrolls the list, a click on a tab goes there. Off (the default), the same bytes
 * change nothing and type nothing.
 */

const lines = (frame: string) => frame.split('\n');
const selected = (frame: string) => lines(frame).find((line) => line.startsWith('›'));
/** The 1-based screen row of the first line holding `text`. */
const rowOf = (frame: string, text: string) => lines(frame).findIndex((line) => line.includes(text)) + 1;

describe('the mouse', () => {
  it('highlights a clicked row and opens it on a second click', async ({ app }) => {
    const { ui } = await app.start({ mouse: true });
    const frame = ui.frame();
    const rows = lines(frame).filter((line) => /^[›\s] \S.*\(\d{4}\)/.test(line));
    const target = rows[3]!.slice(2).replace(/\s+\S+ \([\d.]+k?\)$/, '').trim();
    const row = rowOf(frame, target);
    await ui.press(KEY.mouse(10, row));
    await ui.waitFor((f) => selected(f)?.includes(target) === true);
    // A release and a drag do nothing more.
    await ui.press(KEY.mouse(10, row, 0, true), KEY.mouse(12, row, 32));
    expect(selected(ui.frame())).toContain(target);
    await ui.press(KEY.mouse(10, row));
    await ui.waitFor(`Movies › Popular › ${target.replace(/ \(\d{4}\)$/, '')}`);
  });

  it('scrolls the list with the wheel, under the pointer or anywhere else', async ({ app }) => {
    const { ui } = await app.start({ mouse: true });
    const first = selected(ui.frame());
    await ui.press(KEY.wheel('down', 10, 8));
    await ui.waitFor((f) => selected(f) !== first);
    expect(ui.frame()).toMatch(/4\/[\d,]+/);
    // Over the footer, the wheel still scrolls the list that has the keys.
    await ui.press(KEY.wheel('down', 5, 30), KEY.wheel('up', 5, 30));
    await ui.waitFor(/4\/[\d,]+/);
    await ui.press(KEY.wheel('up', 10, 8));
    await ui.waitFor((f) => selected(f) === first);
  });

  it('scrolls a document (a movie) with the wheel', async ({ app }) => {
    const { ui } = await app.start({ mouse: true });
    await ui.press(KEY.enter);
    await ui.waitFor(/line 1\/\d+/, 10_000);
    await ui.press(KEY.wheel('down', 10, 12));
    await ui.waitFor(/line 4\/\d+/);
    await ui.press(KEY.wheel('up', 10, 12));
    await ui.waitFor(/line 1\/\d+/);
  });

  it('goes to the tab clicked in the tab bar', async ({ app }) => {
    const { ui } = await app.start({ mouse: true });
    const bar = lines(ui.frame())[0]!;
    await ui.press(KEY.mouse(bar.indexOf('TV') + 1, 1));
    await ui.waitFor(/^TV › /m);
    await ui.press(KEY.mouse(bar.indexOf('Movies') + 2, 1));
    await ui.waitFor(/^Movies › Popular/m);
  });

  it('gives the clicks to an open popup first: the tab bar under the help does nothing', async ({ app }) => {
    const { ui, store } = await app.start({ mouse: true });
    const bar = lines(ui.frame())[0]!;
    await ui.press('?');
    let frame = await ui.waitFor('Keys on this screen');
    expect(frame).toContain('Mouse: on');
    await ui.press(KEY.mouse(bar.indexOf('TV') + 1, 1), KEY.wheel('down', 10, 10));
    expect(store.getState().nav.tab).toBe('movies');
    expect(ui.frame()).toContain('Keys on this screen');
    await ui.press(KEY.esc);
    frame = await ui.waitFor((f) => !f.includes('Keys on this screen'));
    expect(frame).toMatch(/^Movies › Popular/m);
    await ui.press(KEY.mouse(bar.indexOf('TV') + 1, 1));
    await ui.waitFor(/^TV › /m);
  });

  it('scrolls the help with the wheel as its keys scroll it, under the pointer or anywhere else, a turn at a time or a burst', async ({ app }) => {
    const { ui } = await app.start({ mouse: true });
    await ui.press('?');
    const top = await ui.waitFor('Mouse: on');
    await ui.press(KEY.wheel('down', 10, 10));
    const turned = await ui.waitFor((f) => !f.includes('Mouse: on') && f.includes('Keys on this screen'));
    await ui.press(KEY.wheel('up', 10, 10));
    await ui.waitFor((f) => f === top);
    // A turn moves as far as three presses of the key that scrolls the help.
    await ui.press('j', 'j', 'j');
    await ui.waitFor((f) => f === turned);
    await ui.press('j', 'j', 'j');
    const six = await ui.waitFor((f) => f !== turned && !f.includes('Keys on this screen'));
    await ui.press('k', 'k', 'k', 'k', 'k', 'k');
    await ui.waitFor((f) => f === top);
    // Two turns in one read, over the tab bar, go as far; turning up past the top stays there.
    await ui.press(KEY.wheel('down', 5, 1) + KEY.wheel('down', 5, 1));
    await ui.waitFor((f) => f === six);
    await ui.press(KEY.wheel('up', 5, 1) + KEY.wheel('up', 5, 1) + KEY.wheel('up', 5, 1));
    await ui.waitFor((f) => f === top);
    await ui.press(KEY.esc);
    await ui.waitFor(/^Movies › Popular/m);
  });

  it('off by default: clicks, the wheel and a burst of them with keys change nothing and type nothing', async ({ app }) => {
    const { ui } = await app.start();
    await ui.press('?');
    expect(await ui.waitFor('Keys on this screen')).not.toContain('Mouse: on');
    await ui.press(KEY.esc);
    await ui.waitFor((f) => !f.includes('Keys on this screen'));
    const before = ui.frame();
    await ui.press(KEY.mouse(10, 8), KEY.wheel('down', 10, 8), KEY.mouse(20, 1));
    expect(ui.frame()).toBe(before);
    // In the filter's field, mouse reports are not text: only the keys around them are typed.
    await ui.press('/');
    await ui.waitFor('/ ');
    await ui.press(`s${KEY.mouse(10, 8)}a${KEY.wheel('down', 3, 3)}l`);
    const frame = await ui.waitFor('/ sal');
    expect(frame).not.toMatch(/\[<|;\d+M/);
  });
});

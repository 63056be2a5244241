import { describe, expect } from 'vitest';
import { readFixture } from '../fixtures.js';
import { storeTest, type App } from '../store-test.js';
import { KEY } from './harness.js';

const it = storeTest.override('over', 'fake');

async function start(app: App, options: { columns?: number; rows?: number } = {}) {
  const { ui } = await app.start(options);
  await ui.waitFor('Evil Dead Rise');
  return ui;
}

describe('the shell', () => {
  it('shows the tab bar, who is signed in, the service and the footer keys', async ({ app }) => {
    const ui = await start(app);
    const frame = ui.frame();
    expect(frame).toContain('1 Movies');
    expect(frame).toContain('5 Certifications');
    expect(frame).toContain('not signed in · 127.0.0.1');
    expect(frame).toMatch(/j\/k move\s+Enter open\s+\/ filter\s+q quit\s+s session\s+, settings\s+\? help/);
    expect(frame).toContain('1/60');
  });

  it('switches tabs with 1-5, Tab and Shift-Tab', async ({ app }) => {
    const ui = await start(app);
    await ui.press('2');
    await ui.waitFor('Dirty Linen');
    expect(ui.frame()).toContain('Popular TV series');
    await ui.press('3');
    await ui.waitFor('Search movies, TV and people');
    // Before any search the box has the focus, where a digit is typed: Esc gives the keys back.
    await ui.press(KEY.esc, '4');
    await ui.waitFor('Lists belong to an account');
    expect(await ui.waitFor(/q quit\s+s session\s+, settings\s+\? help\n?$/)).not.toContain('Enter open');
    await ui.press('5');
    // The tab opens on the user's region (the United States when nothing says otherwise).
    await ui.waitFor('› United States (US)');
    await ui.press(KEY.tab);
    await ui.waitFor('Popular movies');
    await ui.press(KEY.shiftTab);
    await ui.waitFor('certifications by country');
  });

  it('opens the help with ?, which lists this screen keys and takes every key until closed', async ({ app }) => {
    const ui = await start(app);
    await ui.press('?');
    let frame = await ui.waitFor('Keys on this screen');
    expect(frame).toContain('Move down');
    expect(frame).toContain('Open the selected row');
    expect(frame).toContain('Everywhere');
    expect(frame).not.toContain('Evil Dead Rise');
    expect(frame).toMatch(/\?\/Esc close\s+j\/k scroll\s+Ctrl-C quit/);
    // The rest of the help is a scroll away.
    await ui.press('j', 'j', 'j', 'j', 'j', 'j', 'j', 'j', 'j', 'j');
    frame = await ui.waitFor(/1-5\s+Go to a tab/);
    await ui.press('2');
    expect(ui.frame()).toMatch(/1-5\s+Go to a tab/);
    await ui.press(KEY.esc);
    frame = await ui.waitFor('Evil Dead Rise');
    expect(frame).toContain('Popular movies');
    expect(ui.quits).toBe(0);

    await ui.press('3', KEY.esc, '?');
    frame = await ui.waitFor('Keys on this screen');
    expect(frame).toMatch(/\/\s+Type a search/);
    await ui.press('?');
    await ui.waitFor('Search movies, TV and people');
  });

  it('closes the help and opens the row when Esc and Enter arrive in one read, as typed one at a time', async ({ app }) => {
    const ui = await start(app);
    await ui.press('?');
    await ui.waitFor('Keys on this screen');
    ui.stdin.write('\u001b\r');
    const frame = await ui.waitFor('Released');
    expect(frame).not.toContain('Keys on this screen');
    expect(frame).toContain('Movies › Popular ›');
  });

  it('goes back one level with Esc, never quits with it; q quits only at the root', async ({ app }) => {
    const ui = await start(app);
    await ui.press('j', 'j', KEY.enter);
    let frame = await ui.waitFor('Released');
    expect(frame).toContain('Movies › Popular ›');
    await ui.press('q');
    await ui.waitFor("q quits from a tab's first screen");
    expect(ui.quits).toBe(0);

    await ui.press(KEY.esc);
    frame = await ui.waitFor('Popular movies');
    // The cursor is where it was: on the third row.
    const selected = frame.split('\n').find((line) => line.trimStart().startsWith('›'));
    const third = (readFixture('E14-movie-upcoming.spec.json') as { results: { title: string }[] }).results[2]!.title;
    expect(selected).toContain(third);
    await ui.press(KEY.esc, KEY.esc);
    expect(ui.quits).toBe(0);
    expect(ui.frame()).toContain('Popular movies');
    await ui.press('q');
    expect(ui.quits).toBe(1);
  });

  it('quits with Ctrl-C from anywhere, even a text field or the help', async ({ app }) => {
    const ui = await start(app);
    await ui.press(KEY.enter);
    await ui.waitFor('Released');
    await ui.press(KEY.ctrlC);
    expect(ui.quits).toBe(1);
    await ui.press('3', '/', 'a', KEY.ctrlC);
    expect(ui.quits).toBe(2);
    await ui.press(KEY.esc, '?', KEY.ctrlC);
    expect(ui.quits).toBe(3);
  });
});

describe('focus rules', () => {
  it('a focused search box types q and 1 instead of quitting or switching tabs', async ({ app }) => {
    const ui = await start(app);
    await ui.press('3', '/');
    await ui.waitFor('Enter searches');
    await ui.type('q1 star');
    let frame = await ui.waitFor('Search: q1 star');
    expect(frame).toContain('Search movies, TV and people');
    expect(ui.quits).toBe(0);

    for (let i = 0; i < 'q1 '.length; i++) await ui.press(KEY.home);
    await ui.press(KEY.backspace, KEY.backspace, KEY.backspace, KEY.backspace, KEY.backspace, KEY.backspace, KEY.backspace);
    await ui.type('star wars');
    await ui.press(KEY.enter);
    frame = await ui.waitFor('[movie]');
    expect(frame).toContain('[tv]');
    expect(frame).toContain('Star Wars');
    // Enter searched and left the box: the keys are the list's again.
    await ui.press('j');
    frame = ui.frame();
    const selected = frame.split('\n').find((line) => line.trimStart().startsWith('›'));
    expect(selected).toContain('[movie]');
    await ui.press('2');
    await ui.waitFor('Popular TV series');
  });

  it('the footer offers no key a focused text field would type', async ({ app }) => {
    const ui = await start(app);
    // The Search tab opens with its box focused (before any search).
    await ui.press('3');
    await ui.waitFor('Enter searches');
    let footer = ui.frame().trimEnd().split('\n').at(-1)!;
    expect(footer).not.toMatch(/\bq quit|\bs session|\? help|j\/k/);
    expect(footer).toMatch(/Enter submit/);
    await ui.press(KEY.esc);
    footer = (await ui.waitFor('/ or type: new search')).trimEnd().split('\n').at(-1)!;
    expect(footer).toMatch(/q quit/);
    expect(footer).toMatch(/s session/);
  });

  it('a paste into a text field keeps what prints: a tab is a space, control characters go', async ({ app }) => {
    const ui = await start(app);
    await ui.press('3', '/');
    await ui.waitFor('Enter searches');
    await ui.press(KEY.paste('salt\tor\u0007chard\r\n'));
    const frame = await ui.waitFor('Search: salt orchard');
    expect(frame).not.toContain('\t');
    // The paste's line end did not submit the search.
    expect(frame).toContain('Enter searches');
  });

  it('a paste outside a text field is not taken for keys', async ({ app }) => {
    const ui = await start(app);
    await ui.waitFor('Popular movies');
    await ui.press(KEY.paste('2q?'));
    const frame = await ui.waitFor('Paste ignored');
    expect(frame).toContain('Popular movies');
    expect(ui.quits).toBe(0);
    // A paste that then goes into a field: "ignored" is no longer true and goes at once.
    await ui.press('3', '/');
    await ui.waitFor('Enter searches');
    expect(ui.frame()).toContain('Paste ignored');
    await ui.press(KEY.paste('salt'));
    const after = await ui.waitFor('Search: salt');
    expect(after).not.toContain('Paste ignored');
  });

  it('text and Enter that arrive in one chunk search, as typed one by one', async ({ app }) => {
    const ui = await start(app);
    await ui.press('3', '/');
    await ui.waitFor('Enter searches');
    await ui.press('star wars\r');
    const frame = await ui.waitFor('[movie]');
    expect(frame).toContain('Search: star wars');
  });

  it('Esc leaves the text field first, then keys are shortcuts again', async ({ app }) => {
    const ui = await start(app);
    await ui.press('3', '/');
    await ui.type('ab');
    await ui.press(KEY.esc);
    await ui.waitFor('/ or type: new search');
    await ui.press('1');
    await ui.waitFor('Popular movies');
    // Still no search made: the box has the focus again, with what was typed.
    await ui.press('3');
    expect(await ui.waitFor('Search: ab')).toContain('Enter searches');
  });
});

describe('layout', () => {
  it('re-lays out on resize, and says when the terminal is too small', async ({ app }) => {
    const ui = await start(app, { columns: 100, rows: 24 });
    const rowsAt24 = ui.frame().split('\n').length;
    expect(ui.frame()).toContain('Marquee');

    await ui.resize(60, 30);
    let frame = await ui.waitFor((f) => f.split('\n').length > rowsAt24);
    expect(frame).not.toContain('Marquee');
    expect(frame.split('\n').every((line) => line.length <= 60)).toBe(true);

    await ui.resize(50, 12);
    frame = await ui.waitFor('Terminal too small (50x12)');
    expect(frame).toContain('at least 60x16');
    // A key now is refused, and said so.
    await ui.press('2');
    await ui.waitFor('Key ignored: the terminal is too small');

    await ui.resize(80, 24);
    frame = await ui.waitFor('Evil Dead Rise');
    expect(frame.split('\n')).toHaveLength(23);
    // The window grew: the message about it being too small went with the cause.
    expect(frame).not.toContain('too small');
  });
});

describe('fast typing', () => {
  it('takes keys that arrive in one chunk one at a time', async ({ app }) => {
    const ui = await start(app);
    await ui.press('2');
    await ui.waitFor('Dirty Linen');
    await ui.press('1');
    await ui.waitFor('Popular movies');
    await ui.press('2jj');
    const frame = await ui.waitFor('3/60');
    expect(frame).toContain('Popular TV series');
    // Tabs and returns in a chunk are keys too, named as when they come alone.
    await ui.press('1\t\t');
    await ui.waitFor(/Search ›/);
  });
});

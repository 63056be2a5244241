import { act } from 'react';
import { describe, expect } from 'vitest';
import { checkListDraft, pagedOperationSource, pagedState, type AppStore } from '../../src/state/index.js';
import { storeTest as it, type App, type Service } from '../store-test.js';
import { KEY, type Rendered } from './harness.js';

/** The signed-in account's lists as the query layer holds them. */
function myLists(store: AppStore) {
  const session = store.getState().session.current;
  const accountId = (session.kind === 'user' && session.accountId) || 0;
  return pagedState(store.getState().queries, pagedOperationSource('accountLists', { path: { account_id: accountId } }));
}

/** The Lists tab: my lists, creating one, and a list's screen with its writes, on the embedded server. */

const start = (app: App, { signedIn = true } = {}) => app.start({ signedIn });

async function popularTitles(service: Service): Promise<string[]> {
  return (await service.get<{ results: { title: string }[] }>('/3/movie/popular')).results.map((m) => m.title);
}

/** A name no other test uses, as every test shares the server's account. */
const uniqueName = (what: string) => `${what} ${Math.random().toString(36).slice(2, 8)}`;

/** Creates a list through the form (n), as a person would. */
async function createList(ui: Rendered, name: string) {
  await ui.press('n');
  await ui.waitFor('New list');
  await ui.type(name);
  await ui.press(KEY.enter);
  await ui.waitFor((frame) => frame.includes(name) && !frame.includes('New list'));
}

/** From the Lists tab: makes a new list and opens it, as a person would. */
async function openNewList(ui: Rendered, name: string) {
  await ui.press('4');
  await ui.waitFor('My lists');
  await createList(ui, name);
  const rows = ui.frame().split('\n').filter((line) => /^[ ›] /.test(line));
  await ui.press(...Array<string>(rows.findIndex((line) => line.includes(name))).fill('j'), KEY.enter);
  await ui.waitFor('This list has no movies yet: press a to find one and add it.');
}

/** Sends `keys` in one read, or one read each as ui.press does: the two must come to the same. */
async function send(ui: Rendered, keys: readonly string[], oneRead: boolean) {
  if (oneRead) await act(async () => ui.stdin.write(keys.join('')));
  else await ui.press(...keys);
}

describe('the Lists tab', () => {
  it('says how to sign in when nobody is', async ({ app }) => {
    const { ui } = await start(app, { signedIn: false });
    await ui.press('4');
    const frame = await ui.waitFor('Press s to sign in');
    expect(frame).toContain('Lists belong to an account');
    await ui.press('n');
    expect(ui.frame()).not.toContain('New list');
  });

  it('creates a list: problems under their field, nothing typed is lost, then the list with 0 movies', async ({ app }) => {
    const { ui } = await start(app);
    await ui.press('4');
    await ui.waitFor('My lists');
    await ui.press('n');
    await ui.waitFor('New list');
    await ui.press(KEY.enter);
    await ui.waitFor('✗ Give the list a name.');

    const name = uniqueName('Rainy days');
    await ui.type(name);
    await ui.press(KEY.tab);
    await ui.type('Films for wet weekends');
    await ui.press(KEY.tab, KEY.backspace, KEY.backspace);
    await ui.type('zz');
    await ui.press(KEY.enter);
    let frame = await ui.waitFor('"zz" is not an ISO 639-1 language code');
    expect(frame).toContain(name);
    expect(frame).toContain('Films for wet weekends');

    await ui.press(KEY.backspace, KEY.backspace);
    await ui.type('de');
    frame = await ui.waitFor('German');
    await ui.press(KEY.enter);
    frame = await ui.waitFor((f) => f.includes(name) && !f.includes('New list'));
    const row = frame.split('\n').find((line) => line.includes(name))!;
    expect(row).toMatch(/0 movies\s+Films for wet weekends/);
    expect(frame).toContain(`Created the list "${name}"`);
  });

  it('gives the new list a Name field as wide as the popup at 160 columns', async ({ app }) => {
    const { ui } = await app.start({ signedIn: true, columns: 160, rows: 45 });
    await ui.press('4');
    await ui.waitFor('My lists');
    await ui.press('n');
    await ui.waitFor('New list');
    const name = `A long name for a list ${'of films '.repeat(10)}end`;
    await ui.type(name);
    const line = (await ui.waitFor('Name:')).split('\n').find((row) => row.includes('Name:'))!;
    expect(line).toContain(name);
  });

  it('adds each movie an Enter was pressed on, when Enter, ↓, Enter come in one read as when they come one at a time', async ({ app, service }) => {
    const [first, second] = await popularTitles(service);
    const added: string[][] = [];
    for (const oneRead of [false, true]) {
      const { ui, calls } = await start(app);
      await openNewList(ui, uniqueName(oneRead ? 'Burst' : 'One at a time'));
      await ui.press('a');
      await ui.waitFor(`›   ${first}`);
      await send(ui, [KEY.enter, KEY.down, KEY.enter], oneRead);
      await ui.waitFor(() => calls.filter((operation) => operation === 'addListItem').length === 2);
      await ui.waitFor(`✓ Added "${second}" to the list`);
      await ui.press(KEY.esc);
      const frame = await ui.waitFor('2 movies');
      added.push([first!, second!].filter((title) => frame.includes(title)));
    }
    expect(added).toEqual([
      [first, second],
      [first, second],
    ]);
  });

  it('removes the two movies x y x y was pressed on, in one read as one key at a time', async ({ app, service }) => {
    const [first, second, third] = await popularTitles(service);
    const left: string[][] = [];
    for (const oneRead of [false, true]) {
      const { ui, calls } = await start(app);
      await openNewList(ui, uniqueName(oneRead ? 'Remove burst' : 'Remove one at a time'));
      await ui.press('a');
      await ui.waitFor(`›   ${first}`);
      await ui.press(KEY.enter, KEY.down, KEY.enter, KEY.down, KEY.enter);
      await ui.waitFor(`✓ Added "${third}" to the list`);
      await ui.press(KEY.esc);
      await ui.waitFor('3 movies');
      const removes = () => calls.filter((operation) => operation === 'removeListItem').length;
      await send(ui, ['x', 'y', 'x', 'y'], oneRead);
      await ui.waitFor(() => removes() === 2);
      const frame = await ui.waitFor('1 movie ·');
      left.push([first!, second!, third!].filter((title) => frame.includes(`${title} (`)));
    }
    expect(left).toEqual([[third], [third]]);
  });

  it('adds movies found by search, says a movie is already there without sending it, removes, clears and deletes, each after asking', async ({ app, service }) => {
    const { ui, store, calls } = await start(app);
    const [first, second] = await popularTitles(service);
    const name = uniqueName('Watch later');
    await openNewList(ui, name);

    // Empty box: popular movies; Enter adds the highlighted one.
    await ui.press('a');
    await ui.waitFor(`›   ${first}`);
    await ui.press(KEY.enter);
    await ui.waitFor(`✓ Added "${first}" to the list`);
    await ui.waitFor(`› ✓ ${first}`);
    expect(calls.filter((operation) => operation === 'addListItem')).toHaveLength(1);
    // Adding it again is said to be needless, and no add is sent.
    const adds = () => calls.filter((operation) => operation === 'addListItem').length;
    const addsBefore = adds();
    await ui.press(KEY.enter);
    let frame = await ui.waitFor(`"${first}" is already on the list: not added again`);
    expect(frame).not.toContain('Duplicate entry');
    expect(adds()).toBe(addsBefore);

    // Typing searches (movies only); the typed title is found and added.
    await ui.type(second!);
    await ui.waitFor(`Movies matching "${second}"`);
    await ui.waitFor(`›   ${second}`);
    await ui.press(KEY.enter);
    await ui.waitFor(`✓ Added "${second}" to the list`);
    await ui.press(KEY.esc);
    frame = await ui.waitFor('2 movies');
    expect(frame).toContain(first);
    expect(frame).toContain(second);

    // The highlighted movie is rated from its row, with the form of its own screen.
    await ui.press('r');
    await ui.waitFor(`Rate “${first}”:`);
    await ui.press('7', '.', '5', KEY.enter);
    await ui.waitFor(`Rated “${first}”: 7.5`);
    expect(calls.filter((operation) => operation === 'rateMovie')).toHaveLength(1);

    // x asks; n keeps the movie, y removes it.
    await ui.press('x');
    await ui.waitFor(`Remove "${first}" from the list?`);
    await ui.press('n');
    await ui.waitFor((f) => !f.includes('Remove "'));
    expect(ui.frame()).toContain(first);
    await ui.press('x', 'y');
    frame = await ui.waitFor('1 movie ·');
    expect(frame).not.toContain(`  ${first}`);
    expect(frame).toContain(second);

    await ui.press('C');
    await ui.waitFor(`Remove all 1 movie from "${name}"?`);
    // The question is a popup: tab keys, q and list keys do not get past it.
    await ui.press('1', '2', 'q', 'j');
    frame = ui.frame();
    expect(frame).toContain(`Remove all 1 movie from "${name}"?`);
    expect(frame).toContain('Lists › My lists ›');
    expect(store.getState().nav.tab).toBe('lists');
    await ui.press('y');
    await ui.waitFor('This list has no movies yet');

    await ui.press('D');
    await ui.waitFor(`Delete the list "${name}"`);
    await ui.press('y');
    // Back on my lists, loaded again without it (the rows shown meanwhile are the last answer's).
    frame = await ui.waitFor((f) => f.includes('Lists › My lists') && !f.includes(`My lists › ${name}`));
    await ui.waitFor(() => myLists(store).status === 'ready' && !myLists(store).reloading);
    expect(ui.frame()).not.toContain(name);
  });

  it('deletes a list from my lists after asking', async ({ app }) => {
    const { ui } = await start(app);
    await ui.press('4');
    await ui.waitFor('My lists');
    const name = uniqueName('Short lived');
    await createList(ui, name);
    const rows = ui.frame().split('\n').filter((line) => /^[ ›] /.test(line));
    await ui.press(...Array<string>(rows.findIndex((line) => line.includes(name))).fill('j'));
    await ui.press('D');
    await ui.waitFor(`Delete "${name}" (0 movies)? It cannot be undone.`);
    await ui.press(KEY.esc);
    await ui.waitFor((f) => !f.includes('Delete "'));
    expect(ui.frame()).toContain(name);
    await ui.press('D', 'y');
    await ui.waitFor('Deleted the list');
    await ui.waitFor((f) => !f.includes(name));
  });
});

describe('checking a new list', () => {
  it('takes en when no language is given, and turns a pasted line break into a space', () => {
    expect(checkListDraft({ name: ' Late\nnight ', description: '', language: '' })).toEqual({
      ok: true,
      body: { name: 'Late night', description: '', language: 'en' },
    });
  });

  it('names each field at fault', () => {
    const checked = checkListDraft({ name: '', description: 'x'.repeat(1001), language: 'english' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.fields).sort()).toEqual(['description', 'language', 'name']);
    expect(checkListDraft({ name: 'ok', description: '', language: 'qq' })).toMatchObject({ ok: false, fields: { language: expect.stringContaining('ISO 639-1') } });
  });
});

import { act } from 'react';
import { afterEach, describe, expect } from 'vitest';
import { topEntry } from '../../src/state/index.js';
import { commandEntries, entryText, placeEntries } from '../../src/ui/components/palette-entries.js';
import { rebindKeymap } from '../../src/ui/key-bindings.js';
import { KEYMAP, setKeymap } from '../../src/ui/keymap.js';
import { storeTest as it } from '../store-test.js';
import { KEY } from './harness.js';

/** The `:` command palette, on the embedded server's catalog. */

const CTRL_N = '\u000E';
const CTRL_P = '\u0010';

afterEach(() => setKeymap());

/** The highlighted row of the palette (or of any list). */
const highlighted = (frame: string) => frame.split('\n').find((line) => line.startsWith('› ') && !line.startsWith('› :'));

describe('the command palette', () => {
  it('finds rate on a film screen and Enter opens the rating form, as r would', async ({ app }) => {
    const { ui } = await app.start();
    await ui.press(KEY.enter);
    await ui.waitFor('Original title');
    await ui.press(':');
    let frame = await ui.waitFor('Command palette');
    // The film screen's own commands are listed with their keys; the watchlist needs a session,
    // which there is none of: what does not work here is not offered.
    expect(frame).toMatch(/^\s+v\s+Videos/m);
    expect(frame).not.toMatch(/^\s+w\s+Watchlist/m);
    await ui.type('rate');
    frame = await ui.waitFor((f) => highlighted(f)?.includes('Rate it') ?? false);
    expect(highlighted(frame)).toMatch(/^›\s+r\s+Rate it/);
    await ui.press(KEY.enter);
    frame = await ui.waitFor(/Rate “.+”:/);
    expect(frame).not.toContain('Command palette');
  });

  it('on the Movies tab offers Stats without a key that does nothing there, and opens it', async ({ app }) => {
    const { ui, store } = await app.start();
    await ui.waitFor('Popular movies');
    await ui.press(':');
    await ui.waitFor('Command palette');
    await ui.type('stats');
    const frame = await ui.waitFor((f) => highlighted(f)?.includes('Stats') ?? false);
    expect(highlighted(frame)).toMatch(/^›\s+Stats\s+my ratings/);
    await ui.press(KEY.enter);
    await ui.waitFor((f) => !f.includes('Command palette'));
    expect(topEntry(store.getState()).screen).toBe('lists.stats');
  });

  it('ranks a name before a description: "discover" on Movies › Popular runs Discover, not Popular', async ({ app }) => {
    const { ui, store } = await app.start();
    await ui.waitFor('Movies › Popular');
    await act(async () => ui.stdin.write(`:discover`));
    await ui.waitFor((frame) => highlighted(frame)?.includes('Discover') ?? false);
    expect(highlighted(ui.frame())).toMatch(/^›\s+D\s+Discover\s/);
    await ui.press(KEY.enter);
    await ui.waitFor(() => topEntry(store.getState()).screen === 'browse.discover');
  });

  it('offers my watchlist, favourites and ratings by name from any screen, Stats too', async ({ app }) => {
    const { ui, store } = await app.start({ signedIn: true });
    await ui.press('4', 'S');
    await ui.waitFor(() => topEntry(store.getState()).screen === 'lists.stats');
    await ui.press(':');
    await ui.waitFor('Command palette');
    await ui.type('watchlist');
    expect(highlighted(ui.frame())).toMatch(/^›\s+W\s+Watchlist\s+My watchlist/);
    await ui.press(KEY.enter);
    await ui.waitFor(() => topEntry(store.getState()).screen === 'lists.marked');
    expect(topEntry(store.getState()).params).toMatchObject({ which: 'watchlist' });
  });

  it('goes to the Certifications tab by "cert" + Enter, typed key by key and in one read alike', async ({ app }) => {
    const { ui, store } = await app.start();
    await ui.press(':');
    await ui.waitFor('Command palette');
    await ui.type('cert');
    expect(highlighted(ui.frame())).toMatch(/^›\s+5\s+Certifications\s+Go to a tab/);
    await ui.press(KEY.enter);
    await ui.waitFor('Certifications › By country');
    expect(store.getState().nav.tab).toBe('certifications');

    await ui.press('1');
    await ui.waitFor('Movies › Popular');
    // All in one read: ':' opens the palette before "cert" arrives, Enter runs what they found.
    await act(async () => ui.stdin.write(`:cert${KEY.enter}`));
    await ui.waitFor('Certifications › By country');
    expect(ui.frame()).not.toContain('Command palette');
    expect(store.getState().nav.tab).toBe('certifications');
  });

  it('lists only close matches while there are any, typed key by key and in one read alike', async ({ app }) => {
    const { ui } = await app.start();
    await ui.waitFor('Popular movies');
    const entries = (frame: string) => frame.split('\n').filter((line) => /^[›\s] +\S+ {2,}\S/.test(line) && !line.startsWith('› :'));
    const seen: string[][] = [];
    for (const send of [(text: string) => ui.type(text), (text: string) => act(async () => ui.stdin.write(text))]) {
      await ui.press(':');
      await ui.waitFor('Command palette');
      await send('rate');
      const frame = await ui.waitFor(/\d+ of \d+ · /);
      // On the movie list, "rate" is Top rated; the letters r-a-t-e also occur in order in the
      // sections' description and in Quit's, which are not listed.
      expect(entries(frame).join('\n')).toMatch(/Top rated/);
      expect(frame).not.toMatch(/^\s+q\s+Quit/m);
      expect(frame).not.toMatch(/^\s+s\s+Session/m);
      expect(frame).not.toContain('Nothing close');
      seen.push(entries(frame));
      await ui.press(KEY.esc);
      await ui.waitFor((f) => !f.includes('Command palette'));
    }
    expect(seen[1]).toEqual(seen[0]);

    // Nothing close: the loose matches are listed, and said to be loose.
    await ui.press(':');
    await ui.waitFor('Command palette');
    await ui.type('ueo');
    const frame = await ui.waitFor('Nothing close to "ueo"');
    expect(entries(frame).length).toBeGreaterThan(0);
  });

  it('types j and k into its field, moves with the arrows and Ctrl-N/Ctrl-P, and Esc changes nothing', async ({ app }) => {
    const { ui, store } = await app.start();
    await ui.press(KEY.down);
    const before = store.getState().nav;
    await ui.press(':');
    await ui.waitFor('Command palette');
    const first = highlighted(ui.frame());
    await ui.press('j', 'k');
    await ui.waitFor(/: jk/);
    await ui.press(KEY.ctrlU);
    await ui.waitFor((f) => highlighted(f) === first);
    await ui.press(KEY.down);
    const second = highlighted(ui.frame());
    expect(second).not.toBe(first);
    await ui.press(CTRL_N);
    expect(highlighted(ui.frame())).not.toBe(second);
    await ui.press(CTRL_P, KEY.up);
    expect(highlighted(ui.frame())).toBe(first);

    await ui.press(KEY.esc);
    await ui.waitFor((f) => !f.includes('Command palette'));
    const after = store.getState().nav;
    expect([after.tab, after.stacks, after.cursors, after.overlay]).toEqual([before.tab, before.stacks, before.cursors, null]);
  });

  it('takes Esc and ↓ read together as the two keys: the palette closes and the list moves, as typed apart', async ({ app }) => {
    const { ui } = await app.start();
    const first = highlighted(ui.frame());
    expect(first).toBeDefined();
    await ui.press(':');
    await ui.waitFor('Command palette');
    // ESC ESC [ B: what a fast Esc then ↓ (or a lagging connection) delivers in one read.
    await ui.press(`${KEY.esc}${KEY.down}`);
    const frame = await ui.waitFor((f) => !f.includes('Command palette'));
    const second = highlighted(frame);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    await ui.press(KEY.up);
    expect(highlighted(ui.frame())).toBe(first);
  });

  it('goes back to a film seen earlier, on its tab, and to one of my lists when signed in', async ({ app }) => {
    const { ui, store } = await app.start({ signedIn: true });
    await ui.press(KEY.enter);
    await ui.waitFor('Original title');
    const film = topEntry(store.getState());
    const title = String(film.params.title);
    await ui.press('2');
    await ui.waitFor('TV › Popular');
    await ui.press(':');
    await ui.waitFor('Command palette');
    await ui.type(title.slice(0, 12));
    let frame = await ui.waitFor((f) => highlighted(f)?.includes('recent film') ?? false);
    expect(highlighted(frame)).toContain(title.slice(0, 12));
    await ui.press(KEY.enter);
    await ui.waitFor(`Movies › Popular › ${title.slice(0, 12)}`);
    // Going there again does not stack it a second time.
    expect(store.getState().nav.stacks.movies.map((entry) => entry.key)).toEqual(['movies:root', film.key]);

    // My lists are there once they have loaded, by name.
    const name = `Palette picks ${Math.random().toString(36).slice(2, 8)}`;
    expect((await act(() => store.getState().lists.createList({ name, description: '', language: 'en' }))).ok).toBe(true);
    await ui.press(':');
    await ui.type(name);
    await ui.waitFor((f) => highlighted(f)?.includes(`${name}  my list`) ?? false);
    await ui.press(KEY.enter);
    await ui.waitFor(`Lists › My lists › ${name}`);
    expect(topEntry(store.getState())).toMatchObject({ screen: 'lists.detail', params: { title: name } });
  });

  it('offers the latest film by its title, and going there opens that film', async ({ app }) => {
    const { ui, store } = await app.start();
    await ui.press('l');
    await ui.waitFor('the latest movie of the catalog');
    const latest = await ui.waitFor((f) => f.includes('Original title'));
    const recent = store.getState().nav.recent.find((visit) => visit.screen === 'movies.detail');
    expect(recent?.params).toMatchObject({ id: expect.any(Number) });
    const title = String(recent!.params.title);
    expect(title).not.toBe('Latest movie');
    expect(latest).toContain(title);
    await ui.press('2');
    await ui.waitFor('TV › Popular');
    await ui.press(':');
    await ui.waitFor('Command palette');
    await ui.type(title.slice(0, 12));
    const frame = await ui.waitFor((f) => highlighted(f)?.includes('recent film') ?? false);
    expect(highlighted(frame)).toContain(title.slice(0, 12));
    expect(frame).not.toContain('Latest movie');
    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes('Movies ›') && f.includes('Original title') && f.includes(title.slice(0, 12)));
  });

  it('is listed in help under the keys that work everywhere', async ({ app }) => {
    const { ui } = await app.start();
    await ui.press('?');
    const frame = await ui.waitFor('Everywhere');
    expect(frame).toMatch(/^\s+:\s+Command palette/m);
  });
});

describe('the palette entries', () => {
  it('name the user’s keys, one entry per choice of a command whose keys choose', () => {
    const { keymap, problems } = rebindKeymap(KEYMAP, { 'title.rate': 'R', 'movie.view': { images: 'I' } });
    expect(problems).toEqual([]);
    setKeymap(keymap);
    const entries = commandEntries(
      keymap.filter((b) => b.scope === 'title' || b.scope === 'movies.detail'),
      (command) => (command === 'title.unrate' ? 'You have not rated it' : undefined),
    );
    const byName = (name: string) => entries.find((entry) => entry.name === name);
    expect(byName('Rate it: 0.5 to 10, in steps of 0.5')).toMatchObject({ keys: 'R', action: { kind: 'command', command: 'title.rate', key: 'R' } });
    expect(byName('Images')).toMatchObject({ keys: 'I', action: { command: 'movie.view', key: 'I' } });
    expect(byName('Videos')).toMatchObject({ keys: 'v' });
    // What cannot act here is not offered (help lists it, with the reason).
    expect(byName('Unrate')).toBeUndefined();
  });

  it('name the Stats key only where the key opens Stats', () => {
    setKeymap();
    const stats = (works: boolean) => placeEntries(() => works).find((entry) => entry.name === 'Stats');
    expect(stats(true)).toMatchObject({ keys: 'S', action: { kind: 'stats' } });
    expect(stats(false)).toMatchObject({ keys: '', action: { kind: 'stats' } });
  });
});

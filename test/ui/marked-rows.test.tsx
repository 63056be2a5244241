import { act } from 'react';
import { describe, expect } from 'vitest';
import { operationSource, queryState, type AppStore } from '../../src/state/index.js';
import { storeTest as it, type App, type Service } from '../store-test.js';
import { KEY, type Rendered } from './harness.js';

/**
 * The rows of my watchlist, favourites and lists are titles: the keys that mark a title on its
 * screen (w, f, r) act on the highlighted row, and x takes it off the watchlist or favourites
 * after asking, whether the keys come one at a time or in one read.
 */

const start = (app: App, size: { columns?: number; rows?: number } = {}) => app.start({ signedIn: true, ...size });

async function popular(service: Service): Promise<{ id: number; title: string }[]> {
  return (await service.get<{ results: { id: number; title: string }[] }>('/3/movie/popular')).results;
}

/** Whether the film is on the account's watchlist (or favourites), as the service says now. */
async function onThe(store: AppStore, which: 'watchlist' | 'favorite', id: number): Promise<boolean> {
  const source = operationSource('movieAccountStates', { path: { movie_id: id } });
  await act(() => store.getState().queries.load(source, { force: true }));
  const states = queryState(store.getState().queries, source).data;
  return (which === 'watchlist' ? states?.watchlist : states?.favorite) === true;
}

async function sendKeys(ui: Rendered, keys: readonly string[], oneRead: boolean) {
  if (oneRead) await act(async () => ui.stdin.write(keys.join('')));
  else await ui.press(...keys);
}

describe('acting on the highlighted row of my watchlist and favourites', () => {
  for (const oneRead of [false, true]) {
    it(`x y x y takes the two highlighted films off the watchlist, then w the next (${oneRead ? 'one read' : 'one key at a time'})`, async ({ app, service }) => {
      const { ui, store, calls } = await start(app);
      const films = (await popular(service)).slice(oneRead ? 4 : 0, oneRead ? 8 : 4);
      // Put on one by one: newest first, so the last put on is the first row.
      for (const film of films) {
        expect(await act(() => store.getState().marks.setWatchlist({ kind: 'movie', id: film.id, title: film.title }, true))).toBeUndefined();
      }
      await ui.press('4');
      await ui.waitFor('My lists');
      await ui.press('W');
      await ui.waitFor(`${films[3]!.title} (`);
      const writes = () => calls.filter((operation) => operation === 'setWatchlist').length;
      const before = writes();
      await sendKeys(ui, ['x', 'y', 'x', 'y'], oneRead);
      await ui.waitFor(() => writes() === before + 2);
      await ui.waitFor(() => Object.keys(store.getState().marks.pending).length === 0);
      // w acts at once, as on the film's screen.
      await sendKeys(ui, ['w'], oneRead);
      await ui.waitFor(() => writes() === before + 3 && Object.keys(store.getState().marks.pending).length === 0);
      const left: string[] = [];
      for (const film of films) if (await onThe(store, 'watchlist', film.id)) left.push(film.title);
      expect(left).toEqual([films[0]!.title]);
      await ui.waitFor((frame) => !frame.includes(`${films[1]!.title} (`) && frame.includes(`${films[0]!.title} (`));
      // Tidy up for the other run.
      await act(() => store.getState().marks.setWatchlist({ kind: 'movie', id: films[0]!.id, title: films[0]!.title }, false));
    });
  }

  it('f on a watchlist row marks the film a favourite (reading its marks first); x asks, naming it, and n keeps it', async ({ app, service }) => {
    const { ui, store } = await start(app);
    const film = (await popular(service))[10]!;
    await act(() => store.getState().marks.setWatchlist({ kind: 'movie', id: film.id, title: film.title }, true));
    await ui.press('4');
    await ui.waitFor('My lists');
    await ui.press('W');
    await ui.waitFor(`${film.title} (`);
    await ui.press('f');
    await ui.waitFor(`Marked “${film.title}” as a favourite`);
    expect(await onThe(store, 'favorite', film.id)).toBe(true);
    await ui.press('x');
    await ui.waitFor(`Take “${film.title}” off your watchlist?`);
    await ui.press('n');
    await ui.waitFor((frame) => !frame.includes('off your watchlist?'));
    expect(await onThe(store, 'watchlist', film.id)).toBe(true);
    // From the favourites: f takes it off them, and the row goes.
    await ui.press(KEY.esc, 'F');
    await ui.waitFor(`${film.title} (`);
    await ui.press('f');
    await ui.waitFor(`“${film.title}” is no longer a favourite`);
    expect(await onThe(store, 'favorite', film.id)).toBe(false);
    await act(() => store.getState().marks.setWatchlist({ kind: 'movie', id: film.id, title: film.title }, false));
  });

  for (const [oneRead, columns] of [[false, 100], [true, 100], [true, 160]] as const) {
    it(`w j w j f on a list's rows marks each highlighted film (${oneRead ? 'one read' : 'one key at a time'}, ${columns} columns)`, async ({ app, service }) => {
      const { ui, store, calls } = await start(app, { columns, rows: 45 });
      const films = (await popular(service)).slice(columns === 160 ? 2 : oneRead ? 13 : 16, columns === 160 ? 5 : oneRead ? 16 : 19);
      const outcome = await act(() => store.getState().lists.createList({ name: `Burst ${oneRead} ${columns}`, description: '', language: 'en' }));
      if (!outcome.ok || outcome.listId === undefined) throw new Error('the list was not made');
      for (const film of films) await act(() => store.getState().lists.addMovie(outcome.listId!, film.id, film.title));
      act(() => store.getState().nav.push('lists.detail', { id: outcome.listId!, title: 'the list' }));
      await ui.waitFor(`${films[2]!.title} (`);
      await sendKeys(ui, ['w', 'j', 'w', 'j', 'f'], oneRead);
      const count = (operation: string) => calls.filter((called) => called === operation).length;
      await ui.waitFor(() => count('setWatchlist') === 2 && count('setFavorite') === 1 && Object.keys(store.getState().marks.pending).length === 0);
      const marks: string[] = [];
      for (const film of films) marks.push(`${await onThe(store, 'watchlist', film.id)}/${await onThe(store, 'favorite', film.id)}`);
      expect(marks).toEqual(['true/false', 'true/false', 'false/true']);
    });
  }

  it("w on a list's row puts the film on the watchlist", async ({ app, service }) => {
    const { ui, store } = await start(app);
    const film = (await popular(service))[12]!;
    const { list_id } = await act(() => store.getState().lists.createList({ name: `Rows ${Math.random().toString(36).slice(2, 8)}`, description: '', language: 'en' }).then((outcome) => {
      if (!outcome.ok || outcome.listId === undefined) throw new Error('the list was not made');
      return { list_id: outcome.listId };
    }));
    await act(() => store.getState().lists.addMovie(list_id, film.id, film.title));
    act(() => store.getState().nav.push('lists.detail', { id: list_id, title: 'the list' }));
    await ui.waitFor(`${film.title} (`);
    await ui.press('w');
    await ui.waitFor(`Put “${film.title}” on your watchlist`);
    expect(await onThe(store, 'watchlist', film.id)).toBe(true);
  });
});

import { act } from 'react';
import { describe, expect } from 'vitest';
import type { CombinedCredits, MovieCredits } from '../../src/contract/index.js';
import { filmographyRows, topEntry, type AppStore } from '../../src/state/index.js';
import { storeTest as it, type Service } from '../store-test.js';
import { KEY } from './harness.js';

/** Cast and crew, a person's filmography, and following them from title to person to title. */

type Page = { results: Array<{ id: number; title: string }> };

/** The current tab's stack, as the screens and ids it holds. */
const stackOf = (store: AppStore) => store.getState().nav.stacks[store.getState().nav.tab].map((entry) => `${entry.screen}:${String(entry.params.id ?? '')}`);

/** The first popular film, its first billed actor, and the keys from that film to another of the actor's films. */
async function route(service: Service) {
  const popular = await service.get<Page>('/3/movie/popular');
  const film = popular.results[0]!;
  const credits = await service.get<MovieCredits>(`/3/movie/${film.id}/credits`);
  const actor = credits.cast![0]!;
  const filmography = filmographyRows(await service.get<CombinedCredits>(`/3/person/${actor.id}/combined_credits`), 'date');
  const index = filmography.findIndex((row) => row.kind === 'movie' && row.id !== film.id);
  expect(index, `another film of ${actor.name}`).toBeGreaterThanOrEqual(0);
  const other = filmography[index]!;
  const back = filmography.findIndex((row) => row.kind === 'movie' && row.id === film.id);
  expect(back).toBeGreaterThanOrEqual(0);
  // Enter opens the film; C its cast; Enter the first billed; f the filmography; j to the other film; Enter.
  const keys = [KEY.enter, 'C', KEY.enter, 'f', ...Array<string>(index).fill('j'), KEY.enter];
  return { film, actor, other, back, keys };
}

describe('following cast and filmographies', () => {
  it('movie -> actor -> another film by keyboard alone, and Esc back one hop per press', async ({ app, service }) => {
    const { ui, store } = await app.start();
    const { film, actor, other, keys } = await route(service);
    await ui.press(KEY.enter);
    await ui.waitFor(film.title);
    await ui.press('C');
    let frame = await ui.waitFor(/Cast \(\d+\) then crew/);
    expect(frame).toContain(actor.name!);
    await ui.press(KEY.enter);
    frame = await ui.waitFor('Filmography');
    expect(frame).toContain(actor.name!);
    await ui.press('f');
    frame = await ui.waitFor(/titles, newest first/);
    expect(frame).toContain(film.title);
    for (const key of keys.slice(4, -1)) await ui.press(key);
    await ui.press(KEY.enter);
    await ui.waitFor(other.title);
    expect(stackOf(store)).toEqual(['movies.home:', `movies.detail:${film.id}`, `search.person:${actor.id}`, `movies.detail:${other.id}`]);

    await ui.press(KEY.esc);
    await ui.waitFor(/titles, newest first/);
    await ui.press(KEY.esc);
    await ui.waitFor(/Cast \(\d+\) then crew/);
    await ui.press(KEY.esc);
    expect(stackOf(store)).toEqual(['movies.home:']);
  });

  it('the same keys as one burst end on the same screen as typed one at a time', async ({ app, service }) => {
    const { ui, store } = await app.start();
    const { other, keys } = await route(service);
    for (const key of keys) {
      await ui.press(key);
      // One at a time, as a person types: each screen has what it shows before the next key.
      await ui.waitFor((frame) => !frame.includes('Loading'));
    }
    await ui.waitFor(other.title);
    const typed = stackOf(store);
    await ui.press(KEY.esc, KEY.esc, KEY.esc);
    expect(stackOf(store)).toEqual(['movies.home:']);
    // Everything on the way is loaded now: the burst meets the same screens.
    await act(async () => ui.stdin.write(keys.join('')));
    await ui.waitFor(() => topEntry(store.getState()).params.id === other.id);
    expect(stackOf(store)).toEqual(typed);
  });

  it('a link to a screen already on the stack goes back to it instead of stacking it again', async ({ app, service }) => {
    const { ui, store } = await app.start();
    const { film, actor, back } = await route(service);
    await ui.press(KEY.enter);
    await ui.waitFor(film.title);
    await ui.press('C');
    await ui.waitFor(/Cast \(\d+\) then crew/);
    await ui.press(KEY.enter, 'f');
    await ui.waitFor(/titles, newest first/);
    for (let i = 0; i < back; i++) await ui.press('j');
    await ui.press(KEY.enter);
    // Back on the film's screen as it was left: the cast view, not a new copy of the film.
    await ui.waitFor(/Cast \(\d+\) then crew/);
    expect(stackOf(store)).toEqual(['movies.home:', `movies.detail:${film.id}`]);
    // The person's screen was left behind: following the cast again opens it anew, on its details.
    await ui.press(KEY.enter);
    await ui.waitFor('Known for');
    expect(stackOf(store)).toEqual(['movies.home:', `movies.detail:${film.id}`, `search.person:${actor.id}`]);
  });

  it('cuts a long name or character at 80 columns and never wraps a row', async ({ app }) => {
    const { ui } = await app.start();
    await ui.resize(80, 24);
    await ui.press(KEY.enter);
    await ui.press('C');
    const frame = await ui.waitFor(/Cast \(\d+\) then crew/);
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    await ui.press(KEY.enter, 'f');
    const filmography = await ui.waitFor(/titles, newest first/);
    for (const line of filmography.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    await ui.press('o');
    await ui.waitFor(/titles, most popular first/);
  });
});

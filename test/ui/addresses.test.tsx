import { act } from 'react';
import { describe, expect } from 'vitest';
import type { AppStore, ClipboardEnvironment, StoreDeps } from '../../src/state/index.js';
import { storeTest as it, type Service } from '../store-test.js';
import type { Rendered } from './harness.js';

/** Anything with an address (a homepage, an IMDb id, an image): Enter or o opens it, y copies it. */

type Movie = { id: number; title: string; homepage: string; imdb_id: string | null };

/** The first film of the catalog with a homepage (the catalog gives one to about one film in five). */
async function filmWithHomepage(service: Service): Promise<Movie> {
  for (let id = 1; id <= 60; id++) {
    const movie = await service.get<Movie>(`/3/movie/${id}`);
    if (movie.homepage) return movie;
  }
  throw new Error('no film of the catalog has a homepage');
}

/** Moves the details' cursor down to the line that starts with `label`. */
async function cursorTo(ui: Rendered, label: string) {
  for (let step = 0; step < 40; step++) {
    if (new RegExp(`› ${label}\\s`).test(ui.frame())) return;
    await ui.press('j');
  }
  throw new Error(`the cursor never reached ${label}:\n${ui.frame()}`);
}

const withDisplay: ClipboardEnvironment = { platform: 'linux', env: { DISPLAY: ':0' } };
const overSsh: ClipboardEnvironment = { platform: 'linux', env: { SSH_CONNECTION: '10.0.0.1 50000 10.0.0.2 22' } };

async function openFilm(store: AppStore, ui: Rendered, movie: Movie) {
  await act(async () => store.getState().nav.push('movies.detail', { id: movie.id, title: movie.title }));
  await ui.waitFor('Original title');
}

describe('addresses', () => {
  it('y on a homepage line copies it to the system clipboard when there is one, and the toast says so', async ({ app, service }) => {
    const movie = await filmWithHomepage(service);
    const copied: string[] = [];
    const deps: Partial<StoreDeps> = { clipboard: { environment: withDisplay, system: async (text) => void copied.push(text) } };
    const { ui, store } = await app.start({ deps });
    await openFilm(store, ui, movie);
    await cursorTo(ui, 'Homepage');
    await ui.press('y');
    await ui.waitFor(`Copied to the clipboard: ${movie.homepage}`);
    expect(copied).toEqual([movie.homepage]);
    expect(ui.written().some((w) => w.includes('\u001B]52;'))).toBe(false);
  });

  it("y on a homepage line goes through the terminal (OSC 52) over ssh, and the toast says so", async ({ app, service }) => {
    const movie = await filmWithHomepage(service);
    const copied: string[] = [];
    const { ui, store } = await app.start({ deps: { clipboard: { environment: overSsh, system: async (text) => void copied.push(text) } } });
    await openFilm(store, ui, movie);
    await cursorTo(ui, 'Homepage');
    await ui.press('y');
    await ui.waitFor(`Asked the terminal to copy (OSC 52; it may not): ${movie.homepage}`);
    expect(copied).toEqual([]);
    expect(ui.written().some((w) => w.includes(`\u001B]52;c;${Buffer.from(movie.homepage).toString('base64')}\u0007`))).toBe(true);
  });

  it('y on an image row copies the image address at its original size', async ({ app, service }) => {
    const movie = await filmWithHomepage(service);
    const copied: string[] = [];
    const { ui, store } = await app.start({ deps: { clipboard: { environment: withDisplay, system: async (text) => void copied.push(text) } } });
    await openFilm(store, ui, movie);
    await ui.press('i');
    const frame = await ui.waitFor(/Address: http/);
    const address = /Address: (\S+)/.exec(frame)![1]!;
    expect(address).toContain('/t/p/original/');
    await ui.press('y');
    await ui.waitFor(`Copied to the clipboard: ${address}`);
    expect(copied).toEqual([address]);
  });

  it('y under the / filter copies the image the filter highlights, not the one at that place in the whole list', async ({ app, service }) => {
    const movie = await filmWithHomepage(service);
    const images = await service.get<{ posters: { file_path: string }[]; backdrops: { file_path: string }[] }>(`/3/movie/${movie.id}/images`);
    expect(images.posters.length).toBeGreaterThan(0);
    const backdrop = images.backdrops[0]!.file_path;
    const copied: string[] = [];
    const { ui, store } = await app.start({ deps: { clipboard: { environment: withDisplay, system: async (text) => void copied.push(text) } } });
    await openFilm(store, ui, movie);
    await ui.press('i');
    await ui.waitFor(/Address: http/);
    // The posters come first: filtered to the backdrops, the first row is one the whole list has further down.
    await ui.press('/');
    await ui.type('backdrop');
    await ui.press('\r');
    await ui.waitFor((f) => f.includes(`Address: `) && f.includes(backdrop.slice(1, 12)));
    await ui.press('y');
    await ui.waitFor('Copied to the clipboard');
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatch(new RegExp(`/t/p/original${backdrop}$`));
  });

  it('o without a browser opener says so and shows the address', async ({ app, service }) => {
    const movie = await filmWithHomepage(service);
    const { ui, store } = await app.start({ deps: { openUrl: async () => ({ kind: 'no-opener', why: 'xdg-open is not installed' }) } });
    await openFilm(store, ui, movie);
    await cursorTo(ui, 'Homepage');
    await ui.press('o');
    const frame = await ui.waitFor('No browser opener here: xdg-open is not installed. The address:');
    // The address has the footer's row, whole.
    expect(frame).toContain(`  ${movie.homepage}`);
    expect(store.getState().notifications.toasts.at(-1)?.address).toBe(movie.homepage);
  });

  it('Enter and o on the IMDb line open its page', async ({ app, service }) => {
    const movie = await filmWithHomepage(service);
    expect(movie.imdb_id).toMatch(/^tt\d+$/);
    const { ui, store, opened } = await app.start();
    await openFilm(store, ui, movie);
    await cursorTo(ui, 'IMDb');
    await ui.press('\r');
    await ui.waitFor('Opened the IMDb page in the browser');
    await ui.press('o');
    expect(opened).toEqual([`https://www.imdb.com/title/${movie.imdb_id}/`, `https://www.imdb.com/title/${movie.imdb_id}/`]);
  });

  it('y on a line without an address says so', async ({ app, service }) => {
    const movie = await filmWithHomepage(service);
    const { ui, store } = await app.start();
    await openFilm(store, ui, movie);
    await ui.press('y');
    await ui.waitFor('Move to a line with an address');
  });
});

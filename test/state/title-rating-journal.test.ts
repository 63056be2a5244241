import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { CatalogClient } from '../../src/api/client.js';
import type { TitleRef } from '../../src/state/index.js';
import { RATING_JOURNAL_FILE } from '../../src/storage/index.js';
import { heldWrites, storeTest, type Stores } from '../store-test.js';

/**
 * Films' and series' ratings (and their deletes) are kept in the rating journal as episodes'
 * are: on disk before they show pending, gone once the service holds them, and sent at the
 * next start by a run killed in between, never over a value set elsewhere meanwhile.
 */

/** A film and a series of the catalog, the first of each popular list. */
const it = storeTest.extend('titles', { scope: 'file' }, async ({ service }) => {
  const movie = (await service.client.call('popularMovies', {})).results[0]!;
  const show = (await service.client.call('popularTv', {})).results[0]!;
  const film: TitleRef = { kind: 'movie', id: movie.id, title: movie.title ?? `Film ${movie.id}` };
  const series: TitleRef = { kind: 'tv', id: show.id, title: show.name ?? `Series ${show.id}` };
  return { film, series };
});

/** The writes of films' and series' ratings, which wait or fail as the test says. */
const TITLE_WRITES = ['rateMovie', 'rateSeries', 'deleteMovieRating', 'deleteSeriesRating'];

const journalOf = (dataDir: string) => Object.values(JSON.parse(readFileSync(join(dataDir, RATING_JOURNAL_FILE), 'utf8')) as Record<string, unknown[]>)[0];

const held = async (client: CatalogClient, title: TitleRef) => {
  const states = title.kind === 'movie' ? await client.call('movieAccountStates', { path: { movie_id: title.id } }) : await client.call('seriesAccountStates', { path: { series_id: title.id } });
  return states.rated && typeof states.rated === 'object' ? states.rated.value : null;
};

/** A next run on the data folder, once it has sent what was kept. */
async function nextRun(stores: Stores, dataDir: string) {
  const run = stores.withFaults(TITLE_WRITES, dataDir);
  const state = () => run.test.store.getState();
  await state().connection.start();
  expect(state().session.current.kind).toBe('guest');
  for (let i = 0; i < 400 && existsSync(join(dataDir, RATING_JOURNAL_FILE)); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return { ...run, state };
}

describe("films' and series' ratings in the rating journal", () => {
  it('a film rating is on disk before it shows pending, leaves once the service holds it, and a run killed in between sends it at the next start', async ({ stores, titles: { film, series } }) => {
    const first = stores.withFaults(TITLE_WRITES);
    const state = () => first.test.store.getState();
    await state().connection.start();
    expect(await state().session.startGuestSession()).toBe(true);
    const file = join(first.test.dataDir, RATING_JOURNAL_FILE);
    let onDiskWhenShown: string | null | undefined;
    const unsubscribe = first.test.store.subscribe((now) => {
      if (onDiskWhenShown === undefined && Object.keys(now.marks.pending).length > 0) onDiskWhenShown = existsSync(file) ? readFileSync(file, 'utf8') : null;
    });
    first.fault.now = 'hold';
    const rating = state().marks.rate(film, 6.5);
    const seriesRating = state().marks.rate(series, 4);
    await heldWrites(first.held, 2);
    unsubscribe();
    expect(onDiskWhenShown).toContain('"value": 6.5');
    const killed = stores.killedNow(first.test.dataDir);
    expect(journalOf(killed)).toEqual([
      { account: 'guest', kind: 'movie', id: film.id, title: film.title, value: 6.5, before: null },
      { account: 'guest', kind: 'tv', id: series.id, title: series.title, value: 4, before: null },
    ]);
    // The film's write reaches the service before the kill; the series' does not.
    first.held[0]!.release();
    expect(await rating).toBeUndefined();
    expect(journalOf(first.test.dataDir)).toHaveLength(1);
    first.held[1]!.release();
    expect(await seriesRating).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    await first.client().call('deleteSeriesRating', { path: { series_id: series.id } });

    const second = await nextRun(stores, killed);
    expect(await held(second.client(), film)).toBe(6.5);
    expect(await held(second.client(), series)).toBe(4);
    expect(existsSync(join(killed, RATING_JOURNAL_FILE))).toBe(false);
    expect(second.state().notifications.toasts.map((t) => t.text)).toContain('Sent 2 ratings of films and series kept on this machine');
  });

  it('a delete, and the last of several ratings, are what the next start sends; a value set elsewhere meanwhile is kept and the user told', async ({ stores, titles: { film, series } }) => {
    const first = stores.withFaults(TITLE_WRITES);
    const state = () => first.test.store.getState();
    await state().connection.start();
    expect(await state().session.startGuestSession()).toBe(true);
    expect(await state().marks.rate(film, 3)).toBeUndefined();
    expect(await state().marks.rate(series, 5)).toBeUndefined();
    first.fault.now = 'hold';
    // The film: rated 8 (under way when the program ends), then its rating deleted.
    void state().marks.rate(film, 8);
    await heldWrites(first.held, 1);
    void state().marks.deleteRating(film);
    // The series: rated 9 while it was down; kept, and said so.
    first.fault.now = 'network';
    expect((await state().marks.rate(series, 9))?.message).toMatch(/kept on this machine and sent at the next start/);
    const killed = stores.killedNow(first.test.dataDir);
    expect(journalOf(killed)).toMatchObject([
      { kind: 'movie', value: null, earlier: [8] },
      { kind: 'tv', value: 9 },
    ]);
    // The 8 reached the service; meanwhile the series was rated 2 elsewhere.
    first.held[0]!.release();
    await first.client().call('rateSeries', { path: { series_id: series.id }, body: { value: 2 } });
    first.fault.now = 'none';

    const second = await nextRun(stores, killed);
    expect(await held(second.client(), film)).toBeNull();
    expect(await held(second.client(), series)).toBe(2);
    expect(second.state().notifications.toasts.map((t) => t.text).join('\n')).toContain(`“${series.title}” was rated 2.0 elsewhere since`);
  });
});

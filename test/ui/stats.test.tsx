import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act } from 'react';
import { describe, expect } from 'vitest';
import type { AppStore } from '../../src/state/index.js';
import { fileRatingDates } from '../../src/storage/index.js';
import { MONO_THEME } from '../../src/ui/theme.js';
import { storeTest as it, type Service } from '../store-test.js';
import { KEY, type Rendered } from './harness.js';

/** The Stats view on the embedded catalog: figures of the demo account's ratings, and the titles behind a bar. */

interface Film {
  id: number;
  title: string;
}

async function popularFilms(service: Service, page = 1): Promise<Film[]> {
  return (await service.get<{ results: Film[] }>(`/3/movie/popular?page=${page}`)).results;
}

async function rate(store: AppStore, film: Film, value: number) {
  expect(await act(() => store.getState().marks.rate({ kind: 'movie', id: film.id, title: film.title }, value))).toBeUndefined();
}

/** The row of the ratings figure for a step: its label, then its bar and count. */
const stepRow = (frame: string, step: string) => frame.split('\n').find((line) => new RegExp(`^[ ›] ${step.replace('.', '\\.')} `).test(line));

async function openStats(ui: Rendered) {
  await ui.press('4');
  await ui.waitFor('My lists');
  await ui.press('S');
  await ui.waitFor('My ratings of films');
}

describe('the Stats view', () => {
  it('draws the ratings of a rated account, lists exactly the titles behind a bar, and draws again after a rating', async ({ app, service }) => {
    const { ui, store } = await app.start({ signedIn: true, columns: 100, rows: 40 });
    const [a, b, c, d] = await popularFilms(service, 2);
    await rate(store, a!, 8.5);
    await rate(store, b!, 8.5);
    await rate(store, c!, 3.5);
    await openStats(ui);
    const frame = ui.frame();
    expect(stepRow(frame, '8.5')).toMatch(/█+\s+2$/);
    expect(stepRow(frame, '3.5')).toMatch(/█+\s+1$/);
    expect(stepRow(frame, '1')).toMatch(/^ {2}1\s+0$/);
    expect(frame).toMatch(/My mean [\d.]+ against the crowd's [\d.]+ for the same 3 films/);

    // 8.5 is the 17th step: down 16 rows, then Enter lists its two films, not the third.
    await ui.press(...Array<string>(16).fill('j'));
    expect(ui.frame()).toMatch(/^› 8\.5 /m);
    await ui.press(KEY.enter);
    await ui.waitFor('2 titles behind the bar');
    // The list's rows (a toast may name the last film rated).
    const rows = ui.frame().split('\n').filter((line) => line.includes(' mine '));
    expect(rows).toHaveLength(2);
    expect(rows.join('\n')).toContain(a!.title);
    expect(rows.join('\n')).toContain(b!.title);
    expect(rows.every((row) => row.includes('mine 8.5'))).toBe(true);

    // A rating given elsewhere makes the figures stale: the next visit counts it.
    await ui.press(KEY.esc, KEY.esc);
    await ui.waitFor((f) => !f.includes('My ratings of films'));
    await rate(store, d!, 8.5);
    await ui.press('S');
    await ui.waitFor((f) => /█+\s+3$/.test(stepRow(f, '8.5') ?? ''));
  });

  it('steps through the figures with ] and [, the same in one read as one key at a time', async ({ app }) => {
    const { ui } = await app.start({ signedIn: true, columns: 100, rows: 40 });
    await openStats(ui);
    await ui.press(']', ']');
    const oneByOne = ui.frame().split('\n')[3];
    await ui.press('[', '[');
    await ui.waitFor('My ratings of films');
    await ui.press(']]');
    expect(ui.frame().split('\n')[3]).toBe(oneByOne);
    expect(oneByOne).toContain('Titles rated per month');
  });

  it("opens a series' heat map from the series figure: my ratings of its episodes beside the service's votes", async ({ app, service }) => {
    const { ui, store } = await app.start({ signedIn: true, columns: 100, rows: 40 });
    const series = (await service.get<{ results: { id: number; name: string }[] }>('/3/tv/popular?page=2')).results[0]!;
    const season = await service.get<{ episodes: { episode_number: number; vote_average: number }[] }>(`/3/tv/${series.id}/season/1`);
    for (const [episode, value] of [[1, 9.5], [2, 4]] as const) {
      expect(await act(() => store.getState().ratings.rate({ seriesId: series.id, season: 1, episode }, value))).toBeUndefined();
    }
    await openStats(ui);
    // The series figure is the one before the last.
    await ui.press('[', '[');
    await ui.waitFor("Series' episodes I rated");
    const row = ui.frame().split('\n').find((line) => line.includes(series.name));
    expect(row).toMatch(/\s2\s+mean 6\.75$/);
    await ui.press(...Array<string>(ui.frame().split('\n').filter((line) => /^[ ›] /.test(line)).findIndex((line) => line.includes(series.name))).fill('j'), KEY.enter);
    await ui.waitFor(`${series.name}: episodes`);
    const map = await ui.waitFor(/S1 mine/);
    const mine = map.split('\n').find((line) => line.includes('S1 mine'))!;
    const crowd = map.split('\n').find((line) => line.includes('S1 crowd'))!;
    // The season's mean (9.5 + 4) / 2 = 6.75, shown as 6.8; then episodes 1 and 2, the rest not rated.
    expect(mine).toMatch(/avg 6\.8 │ 9\.5 4\.0\s+·/);
    const votes = season.episodes.slice(0, 2).map((e) => e.vote_average.toFixed(1));
    expect(crowd).toContain(`│ ${votes.join(' ')}`);
  });

  it("opens the heat map from the series screen with H, and says so when I rated none of its episodes", async ({ app, service }) => {
    const { ui, store } = await app.start({ signedIn: true, columns: 100, rows: 40 });
    const series = (await service.get<{ results: { id: number; name: string }[] }>('/3/tv/popular?page=3')).results[0]!;
    await act(() => store.getState().nav.push('tv.detail', { id: series.id, title: series.name }));
    await ui.waitFor('Seasons · Enter opens one');
    await ui.press('H');
    await ui.waitFor(`No episode of ${series.name} rated yet: rate some on a season (r)`);
    expect(ui.frame()).not.toContain(`${series.name}: episodes`);

    for (const [episode, value] of [[1, 7], [3, 8.5]] as const) {
      expect(await act(() => store.getState().ratings.rate({ seriesId: series.id, season: 1, episode }, value))).toBeUndefined();
    }
    await ui.press('H');
    await ui.waitFor(`${series.name}: episodes`);
    const map = await ui.waitFor(/S1 mine/);
    // Episodes 1 and 3 rated, 2 not: the mean (7 + 8.5) / 2 = 7.75, shown as 7.8.
    expect(map.split('\n').find((line) => line.includes('S1 mine'))).toMatch(/avg 7\.8 │ 7\.0 {2}· {2}8\.5/);
    await ui.press(KEY.esc);
    await ui.waitFor('Seasons · Enter opens one');
    // Help names the key.
    await ui.press('?');
    await ui.waitFor(/H\s+Heat map: my ratings of its episodes/);
  });

  it('draws plain text under NO_COLOR: # bars, no block characters', async ({ app, service }) => {
    const { ui, store } = await app.start({ signedIn: true, theme: MONO_THEME, columns: 100, rows: 40 });
    const [e] = await popularFilms(service, 3);
    await rate(store, e!, 6);
    await openStats(ui);
    const frame = ui.frame();
    expect(stepRow(frame, '6')).toMatch(/^[ ›] 6 +#+ +\d+$/);
    expect(frame).not.toMatch(/[▏▎▍▌▋▊▉█]/);
  });

  it('dates the ratings given through the TUI: the monthly figure draws their bar, and Enter on it lists them', async ({ app }) => {
    const clock = { now: Date.parse('2026-03-03T20:00:00Z') };
    const datesHome = mkdtempSync(join(tmpdir(), 'marquee-ui-dates-'));
    try {
      const { ui } = await app.start({
        signedIn: true, columns: 100, rows: 40,
        deps: { now: () => clock.now, ratingDates: fileRatingDates(datesHome, 'http://127.0.0.1') },
      });
      // The first two films of the Movies tab, each rated on its screen with the rating form.
      const titles: string[] = [];
      for (const [index, value, when] of [[0, '7', '2026-03-03T20:00:00Z'], [1, '8', '2026-03-20T20:00:00Z']] as const) {
        clock.now = Date.parse(when);
        if (index > 0) await ui.press('j');
        await ui.press(KEY.enter);
        const frame = await ui.waitFor(/Your rating|Not rated/);
        const title = /^(.+?) \(\d{4}\)(?=\s|$)/m.exec(frame.split('\n')[2] ?? '')?.[1];
        expect(title).toBeTruthy();
        titles.push(title!);
        await ui.press('r', value, KEY.enter);
        await ui.waitFor(`Rated “${title}”: ${value}.0`);
        await ui.press(KEY.esc);
        await ui.waitFor((f) => !f.includes('Your rating'));
      }
      await openStats(ui);
      const counts = /(\d+) films, (\d+) series, (\d+) episodes rated/.exec(ui.frame())!.slice(1).map(Number);
      const total = counts.reduce((a, b) => a + b, 0);
      await ui.press(']', ']');
      const month = await ui.waitFor('Titles rated per month');
      // Other tests of this file rate titles without a date (their stores keep no record): when
      // any is there, the view says how many ratings carry one, and says nothing of it otherwise.
      const carry = /(\d+) of (\d+) ratings carry a date: those written or imported through Marquee/.exec(month);
      expect(carry?.slice(1).map(Number) ?? 'no word of dates').toEqual(total > 2 ? [2, total] : 'no word of dates');
      expect(month.includes('carry a date')).toBe(total > 2);
      expect(stepRow(month, '2026-03')).toMatch(/█+\s+2\s+mean 7\.50$/);
      await ui.press(KEY.enter);
      await ui.waitFor('2 titles behind the bar');
      const rows = ui.frame().split('\n').filter((line) => line.includes(' mine '));
      expect(rows).toHaveLength(2);
      for (const title of titles) expect(rows.join('\n')).toContain(title);
    } finally {
      rmSync(datesHome, { recursive: true, force: true });
    }
  });
});

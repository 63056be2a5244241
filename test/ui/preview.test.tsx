import { act } from 'react';
import { describe, expect } from 'vitest';
import { previewWidths, PREVIEW_MIN_COLUMNS } from '../../src/ui/components/PreviewSplit.js';
import { storeTest as it } from '../store-test.js';
import { KEY, type Rendered } from './harness.js';

/** On a wide terminal a list shows the highlighted row beside it; narrower, the list alone. */

type Page = { results: { id: number; title: string; overview: string }[] };

/** The part of each screen line right of the list's border: the preview pane's text. */
const paneOf = (frame: string) =>
  frame
    .split('\n')
    .filter((line) => line.includes('│'))
    .map((line) => line.slice(line.indexOf('│') + 1).trim())
    .join('\n');

describe('the preview pane', () => {
  it('splits from 120 columns, the list keeping the larger part, and not when turned off', () => {
    expect(previewWidths(PREVIEW_MIN_COLUMNS - 1, true)).toBeUndefined();
    expect(previewWidths(160, false)).toBeUndefined();
    const split = previewWidths(160, true)!;
    expect(split.list + split.preview).toBe(160);
    expect(split.list).toBeGreaterThan(split.preview);
  });

  it('shows the highlighted film beside the popular list, follows the cursor one key or a burst at a time, and hides with its key', async ({ app, service }) => {
    const { ui } = await app.start();
    const popular = await service.get<Page>('/3/movie/popular');
    const [first, , , fourth] = popular.results;
    // 100 columns: the list alone.
    expect(paneOf(ui.frame())).toBe('');

    await ui.resize(160, 45);
    let frame = await ui.waitFor((f) => paneOf(f).includes(first!.title));
    expect(paneOf(frame)).toContain(first!.overview.split(' ').slice(0, 3).join(' '));

    await ui.press('j', 'j', 'j');
    await ui.waitFor((f) => paneOf(f).startsWith(fourth!.title));
    await ui.press('k', 'k', 'k');
    await ui.waitFor((f) => paneOf(f).startsWith(first!.title));
    // The same three keys in one read.
    await act(async () => ui.stdin.write('jjj'));
    frame = await ui.waitFor((f) => paneOf(f).startsWith(fourth!.title));
    expect(frame).toMatch(new RegExp(`› ${fourth!.title.replace(/[()]/g, '.')}`));

    await ui.press('P');
    frame = await ui.waitFor((f) => paneOf(f) === '');
    expect(frame).toContain(`› ${fourth!.title}`);
    await ui.press('P');
    await ui.waitFor((f) => paneOf(f).startsWith(fourth!.title));

    // Narrower again, the list alone; the split comes back with the width.
    await ui.resize(100, 30);
    await ui.waitFor((f) => paneOf(f) === '' && f.includes(`› ${fourth!.title}`));
  });

  it('draws a moved cursor and the preview of its row in one frame, never the old preview beside the new row', async ({ app, service }) => {
    const { ui } = await app.start();
    const popular = await service.get<Page>('/3/movie/popular');
    const [first, second, third] = popular.results;
    await ui.resize(160, 45);
    await ui.waitFor((f) => paneOf(f).startsWith(first!.title));
    for (const [key, row] of [['j', second!], ['j', third!], ['k', second!]] as const) {
      const before = ui.written().length;
      await ui.press(key);
      await ui.waitFor((f) => paneOf(f).startsWith(row.title));
      const withCursor = ui.written().slice(before).filter((f) => f.includes(`› ${row.title}`));
      expect(withCursor.length).toBeGreaterThan(0);
      expect(withCursor.filter((f) => !paneOf(f).startsWith(row.title))).toEqual([]);
    }
  });

  it('shows my marks of a title once the cursor rests on it, signed in', async ({ app, service }) => {
    const { ui, store, calls } = await app.start({ signedIn: true });
    const popular = await service.get<Page>('/3/movie/popular');
    await ui.resize(160, 45);
    await ui.waitFor((f) => paneOf(f).includes(popular.results[0]!.title));
    const title = { kind: 'movie' as const, id: popular.results[1]!.id, title: popular.results[1]!.title };
    await act(() => store.getState().marks.rate(title, 7.5));
    await ui.press('j');
    await ui.waitFor((f) => paneOf(f).includes('your rating 7.5'));
    expect(calls.filter((op) => op === 'movieAccountStates').length).toBeGreaterThan(0);
  });

  it("shows a season's highlighted episode, and my rating of it as soon as it is saved", async ({ app, service }) => {
    const { ui, store } = await app.start();
    const popular = await service.get<{ results: { id: number; name: string }[] }>('/3/tv/popular');
    const seriesId = popular.results[0]!.id;
    const season = await service.get<{ episodes: { name: string; overview: string }[] }>(`/3/tv/${seriesId}/season/1`);
    await ui.resize(160, 45);
    await act(async () => {
      store.getState().nav.switchTab('tv');
      store.getState().nav.push('tv.season', { seriesId, season: 1, title: 'Season 1' });
    });
    await ui.waitFor((f) => paneOf(f).startsWith(season.episodes[0]!.name) && paneOf(f).includes('Not rated by you'));
    // The quick rating goes on to the next episode: the pane follows it; the rated one shows its rating on its row.
    await ui.press('r', '8', '\r');
    await ui.waitFor((f) => paneOf(f).startsWith(season.episodes[1]!.name));
    await ui.press('k');
    await ui.waitFor((f) => paneOf(f).startsWith(season.episodes[0]!.name) && paneOf(f).includes('Your rating 8.0'));
  });
});

type Titles = { results: { id: number; title?: string; name?: string }[]; total_results: number };
type Pushed = ['movies.keyword' | 'tv.network', { id: number; title: string }];

/** The name a list row shows. */
const nameOf = (item: Titles['results'][number]) => (item.title ?? item.name)!;

/**
 * At 160x45 the pane shows the highlighted row of `list` and follows j and k, one key at a time
 * and as a burst; at 80x24 the same screen has no pane and still shows the highlighted row.
 */
async function followsTheCursor(ui: Rendered, list: Titles) {
  const [first, second, third] = list.results.map(nameOf);
  await ui.waitFor((f) => paneOf(f).startsWith(first!));
  await ui.press('j');
  await ui.waitFor((f) => paneOf(f).startsWith(second!));
  await ui.press('k');
  await ui.waitFor((f) => paneOf(f).startsWith(first!));
  await act(async () => ui.stdin.write('jj'));
  await ui.waitFor((f) => paneOf(f).startsWith(third!) && f.includes(`› ${third!}`));
  await ui.resize(80, 24);
  await ui.waitFor((f) => paneOf(f) === '' && f.includes(`› ${third!}`));
}

describe('the preview pane on the lists a link opens', () => {
  for (const [how, keys] of Object.entries({ oneAtATime: [KEY.enter, 'K', KEY.enter], burst: [`${KEY.enter}K${KEY.enter}`] })) {
    it(`shows a company's highlighted film beside its films (film -> K -> company, ${how})`, async ({ app, service }) => {
      const { ui } = await app.start();
      const film = (await service.get<Titles>('/3/movie/popular')).results[0]!;
      const company = (await service.get<{ production_companies: { id: number; name: string }[] }>(`/3/movie/${film.id}`)).production_companies[0]!;
      const films = await service.get<Titles>(`/3/discover/movie?with_companies=${company.id}`);
      expect(films.results.length).toBeGreaterThanOrEqual(3);
      await ui.resize(160, 45);
      await ui.press(...keys);
      await ui.waitFor((f) => f.includes(`${films.total_results} films`) && f.includes(company.name));
      await followsTheCursor(ui, films);
    });
  }

  it("shows a keyword's highlighted film, and a network's highlighted series", async ({ app, service }) => {
    const { ui, store } = await app.start();
    const film = (await service.get<Titles>('/3/movie/popular')).results[0]!;
    const keyword = (await service.get<{ keywords: { id: number; name: string }[] }>(`/3/movie/${film.id}/keywords`)).keywords[0]!;
    const series = (await service.get<Titles>('/3/tv/popular')).results[0]!;
    const network = (await service.get<{ networks: { id: number; name: string }[] }>(`/3/tv/${series.id}`)).networks[0]!;
    const opened: Array<[Pushed, Titles]> = [
      [['movies.keyword', { id: keyword.id, title: keyword.name }], await service.get<Titles>(`/3/keyword/${keyword.id}/movies`)],
      [['tv.network', { id: network.id, title: network.name }], await service.get<Titles>(`/3/discover/tv?with_networks=${network.id}&sort_by=popularity.desc`)],
    ];
    for (const [[route, params], list] of opened) {
      expect(list.results.length).toBeGreaterThanOrEqual(3);
      await ui.resize(160, 45);
      await act(async () => store.getState().nav.push(route, params));
      await followsTheCursor(ui, list);
    }
  });

  it("shows the highlighted title of a film's and a series' More like this, and of a series keyword's series", async ({ app, service }) => {
    const { ui, store } = await app.start();
    const film = (await service.get<Titles>('/3/movie/popular')).results[0]!;
    const series = (await service.get<Titles>('/3/tv/popular')).results[0]!;
    const keyword = (await service.get<{ results: { id: number; name: string }[] }>(`/3/tv/${series.id}/keywords`)).results[0]!;
    const likeFilm = await service.get<Titles>(`/3/movie/${film.id}/recommendations`);
    const likeSeries = await service.get<Titles>(`/3/tv/${series.id}/recommendations`);
    const withKeyword = await service.get<Titles>(`/3/discover/tv?with_keywords=${keyword.id}`);
    for (const list of [likeFilm, likeSeries, withKeyword]) expect(list.results.length).toBeGreaterThanOrEqual(3);

    await ui.resize(160, 45);
    await act(async () => store.getState().nav.push('movies.detail', { id: film.id, title: nameOf(film) }));
    await ui.waitFor('Original title');
    await ui.press('O');
    await ui.waitFor('Recommended');
    await followsTheCursor(ui, likeFilm);

    await ui.resize(160, 45);
    await act(async () => store.getState().nav.push('tv.detail', { id: series.id, title: nameOf(series) }));
    await ui.waitFor('Seasons');
    await ui.press('O');
    await ui.waitFor('Recommended');
    await followsTheCursor(ui, likeSeries);

    await ui.resize(160, 45);
    await act(async () => store.getState().nav.push('movies.keyword', { id: keyword.id, title: keyword.name, kind: 'tv' }));
    await followsTheCursor(ui, withKeyword);
  });
});

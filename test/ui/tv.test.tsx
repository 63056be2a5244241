import { act } from 'react';
import { describe, expect } from 'vitest';
import { KEY, type Rendered } from './harness.js';
import { seriesWithSeason } from './tv-support.js';
import { operationSource } from '../../src/state/index.js';
import { storeTest, type StartedApp } from '../store-test.js';

let target: Awaited<ReturnType<typeof seriesWithSeason>>;

/** `start()`: the TUI on the embedded catalog, on the TV tab once the target series is listed. */
const it = storeTest.extend('start', async ({ app }) => async (columns = 100, rows = 30): Promise<StartedApp> => {
  const started = await app.start({ columns, rows });
  await started.ui.press('2');
  await started.ui.waitFor(target.series.name);
  return started;
});
it.beforeAll(async ({ service }) => {
  target = await seriesWithSeason(service.client, 2);
});

async function openSeries(ui: Rendered) {
  for (let i = 0; i < target.position; i++) await ui.press('j');
  await ui.press(KEY.enter);
  return ui.waitFor('Seasons');
}

/** Moves the document's cursor down until `text` is on screen (a long document scrolls). */
async function scrollTo(ui: Rendered, text: string): Promise<string> {
  for (let i = 0; i < 80 && !ui.frame().includes(text); i++) await ui.press('j');
  return ui.waitFor(text);
}

describe('the TV tab', () => {
  it('lists popular series, and l opens the latest one (E16)', async ({ start, service }) => {
    const { ui } = await start();
    expect(ui.frame()).toContain('Popular TV series');
    const latest = await service.client.call('tvLatest', {});
    await ui.press('l');
    let frame = await ui.waitFor((f) => f.includes(`Latest series: ${latest.name}`) && f.includes('Seasons'));
    expect(frame).toContain('TV › Popular › Latest');
    // The same screen as any series: its views and its marks, not the details alone.
    expect(frame).toMatch(/Details.*Cast/);
    await ui.press('C');
    frame = await ui.waitFor((f) => !f.includes('Seasons') && f.includes('Latest series'));
    expect(frame).toContain(`Latest series: ${latest.name}`);
  });

  it('keeps a key typed with l in one read until the latest series has loaded in both stages', async ({ start, service }) => {
    const { ui } = await start();
    const latest = await service.client.call('tvLatest', {});
    // One read: the latest series' id first, then its details; C must wait for both.
    await act(async () => {
      ui.stdin.write('lC');
    });
    const frame = await ui.waitFor((f) => f.includes(`Latest series: ${latest.name}`) && !f.includes('Seasons'));
    expect(frame).not.toContain('ignored');
  });

  it('shows a series with everything of spec 2.4 and its keywords (E15)', async ({ start, service }) => {
    const { ui } = await start();
    const { series } = target;
    const keywords = await service.client.call('tvKeywords', { path: { series_id: series.id } });
    let frame = await openSeries(ui);
    expect(frame).toContain(`${series.status} · ${series.type}`);
    expect(frame).toMatch(/first aired \d{1,2} [A-Z][a-z]{2} \d{4}/);
    // The cursor starts on the first regular season.
    expect(frame.split('\n').find((l) => l.startsWith('›'))).toContain(target.season.name);
    for (const label of ['Last episode', 'Next episode', 'Genres', 'Created by', 'Networks', 'Origin', 'Spoken', 'Companies', 'Homepage']) {
      frame = await scrollTo(ui, label);
    }
    expect(frame).toContain(series.networks[0]!.name);
    frame = await scrollTo(ui, 'Keywords');
    const first = keywords.results[0]?.name ?? 'none';
    await ui.waitFor(first);
    frame = await scrollTo(ui, 'Poster');
    expect(frame).toMatch(/Poster\s+http:\/\/127\.0\.0\.1:\d+\/t\/p\/original\//);
    // A keyword is a link: Enter on it lists the series that carry it, this one among them.
    expect(first).not.toBe('none');
    const onKeyword = () => ui.frame().split('\n').some((line) => line.startsWith('›') && line.includes(first));
    for (let i = 0; i < 40 && !onKeyword(); i++) await ui.press('k');
    expect(onKeyword()).toBe(true);
    await ui.press(KEY.enter);
    const carrying = await service.client.call('discoverSeries', { query: { with_keywords: String(keywords.results[0]!.id) } });
    expect(carrying.total_results).toBeGreaterThan(0);
    await ui.waitFor(new RegExp(`Keyword: ${first}\\s+${carrying.total_results} series`));
    await ui.waitFor(carrying.results[0]!.name!);
  });

  it('on series details the cursor lands only on lines that act, down and back up, and every line is still read', async ({ start }) => {
    const { ui } = await start();
    const { series } = target;
    await openSeries(ui);
    const seasonNames = series.seasons.map((s) => s.name ?? `Season ${s.season_number}`);
    const cursorLine = (frame: string) => frame.split('\n').find((l) => l.startsWith('›'));
    const seen = new Set<string>();
    /** The first keyword's line each time the cursor was on it. */
    const onKeywords: string[] = [];
    const walk = async (key: string) => {
      for (let i = 0; i < 60; i++) {
        const before = ui.frame();
        await ui.press(key);
        const frame = ui.frame();
        for (const line of frame.split('\n')) seen.add(line.trim());
        const at = cursorLine(frame);
        // A highlighted line is a season, an episode, a group, a network, a keyword or an address: never a blank, a heading or text.
        expect(at, frame).toBeDefined();
        expect(at!.slice(1).trim()).not.toBe('');
        expect(at).not.toMatch(/^› (Seasons|Episode groups|Genres|Created by|Origin|Adult|vote |first aired )/);
        if (at!.startsWith('› Keywords')) onKeywords.push(at!);
        if (frame === before) break;
      }
    };
    await walk('j');
    // The first keyword's line starts with the label; it acts only as a link (it ends with ›).
    expect(onKeywords.length).toBeGreaterThan(0);
    for (const line of onKeywords) expect(line.trimEnd()).toMatch(/›$/);
    // Scrolling between links still showed every field on the way.
    for (const label of ['Genres', 'Origin', 'Adult', 'Keywords', 'Poster']) expect([...seen].some((l) => l.includes(label))).toBe(true);
    expect(cursorLine(ui.frame())).toMatch(/Backdrop|Poster|Homepage/);
    await walk('k');
    expect(cursorLine(ui.frame())).toContain(seasonNames[0]);
  });

  it('shows where to watch the series, its videos and more like it as views of its screen', async ({ start, service }) => {
    const { ui, calls } = await start();
    const { series } = target;
    const recommended = await service.client.call('seriesRecommendations', { path: { series_id: series.id } });
    calls.length = 0;
    await openSeries(ui);
    await ui.press('p');
    await ui.waitFor(/Where to watch in United States \(US\)/);
    await ui.press('v');
    await ui.waitFor(/\d+ videos?/);
    await ui.press('O');
    await ui.waitFor('Recommended');
    // The details brought every view's first answer with them: one request for the whole screen.
    expect(calls).toEqual(['tvDetails']);
    const next = recommended.results[0]?.name;
    expect(next).toBeTruthy();
    await ui.waitFor(next!);
    await ui.press(KEY.enter);
    await ui.waitFor(`› ${next}`);
    // Details again: the document with its seasons.
    await ui.press(KEY.esc);
    await ui.press('d');
    await ui.waitFor('Seasons');
  });

  it('goes season -> episode: crew, external ids with their catalogs, stills with a language filter', async ({ start, service }) => {
    const { ui } = await start();
    await openSeries(ui);
    await ui.press(KEY.enter);
    const episode = target.details.episodes[0]!;
    await ui.waitFor(episode.name);
    await ui.press(KEY.enter);
    let frame = await ui.waitFor(`E1 · ${episode.name}`);
    expect(frame).toContain(`id ${episode.id}`);
    const ids = await service.client.call('episodeExternalIds', {
      path: { series_id: target.series.id, season_number: target.season.season_number, episode_number: 1 },
    });
    for (const label of ['IMDb', 'TheTVDB', 'TVRage', 'Wikidata', 'Freebase ID', 'Freebase MID']) frame = await scrollTo(ui, label);
    expect(ids.imdb_id).toMatch(/^tt\d+$/);
    expect(frame).toContain(ids.imdb_id!);

    // At first the stills are asked in the content language, with the untagged ones.
    frame = await scrollTo(ui, 'Stills · English + untagged ·');
    await ui.press('G');
    const shown = (f: string) => f.split('\n').filter((l) => /\d+×\d+ · /.test(l)).length;
    frame = await ui.waitFor((f) => f.includes('/t/p/original/') && shown(f) > 0);
    expect(shown(frame)).toBe(target.stills.filter((s) => s.iso_639_1 === 'en' || s.iso_639_1 === null).length);
    const untagged = target.stills.filter((s) => s.iso_639_1 === null).length;
    // Cycle the filter to "untagged only": include_image_language=null.
    for (let i = 0; i < 10 && !ui.frame().includes('include_image_language=null)'); i++) await ui.press('l');
    await ui.press('G');
    frame = await ui.waitFor((f) => f.includes('untagged only (include_image_language=null)') && shown(f) > 0);
    expect(frame.split('\n').filter((l) => /\d+×\d+ · /.test(l)).every((l) => l.includes('untagged'))).toBe(true);
    expect(shown(frame)).toBe(untagged);
  });

  it('steps to the next and previous episode with ] and [, on into the next season', async ({ start }) => {
    const { ui, store } = await start();
    await openSeries(ui);
    await ui.press(KEY.enter);
    const episodes = target.details.episodes;
    await ui.waitFor(episodes[0]!.name);
    await ui.press('G', KEY.enter);
    const last = episodes.at(-1)!;
    await ui.waitFor(`E${last.episode_number} · ${last.name}`);
    const top = () => store.getState().nav.stacks.tv.at(-1)!;
    await ui.press('[', '[');
    await ui.waitFor(`E${last.episode_number - 2} · ${episodes.at(-3)!.name}`);
    await ui.press(']', ']');
    await ui.waitFor(`E${last.episode_number} · ${last.name}`);
    const next = target.series.seasons.find((s) => s.season_number > target.season.season_number && s.episode_count > 0);
    await ui.press(']');
    if (!next) throw new Error('the test series has one season: choose one with two');
    const seasonName = (n: number) => target.series.seasons.find((s) => s.season_number === n)!.name ?? `Season ${n}`;
    const here = target.season.season_number;
    await ui.waitFor(`S${next.season_number} E1 · `);
    expect(top()).toMatchObject({ screen: 'tv.episode', params: { season: next.season_number, episode: 1 } });
    // The breadcrumb names the season now shown, not the one the steps started from.
    const stack = () => store.getState().nav.stacks.tv.map((entry) => entry.params.title);
    expect(stack()).toEqual([undefined, target.series.name, seasonName(next.season_number), `S${next.season_number} E1`]);
    let frame = await ui.waitFor(`${seasonName(next.season_number)} › S${next.season_number} E1`);
    expect(frame).not.toContain(`${seasonName(here)} › S${next.season_number}`);
    // Back across the season boundary: the season under the episode follows again.
    await ui.press('[');
    frame = await ui.waitFor(`E${last.episode_number} · ${last.name}`);
    expect(stack().slice(2)).toEqual([seasonName(here), `S${here} E${last.episode_number}`]);
    await ui.press(']');
    await ui.waitFor(`S${next.season_number} E1 · `);
    // Stepping replaced the episode: one Esc is back on the season shown.
    await ui.press(KEY.esc);
    expect(top()).toMatchObject({ screen: 'tv.season', params: { season: next.season_number } });
    await ui.press(KEY.esc);
    expect(top().screen).toBe('tv.detail');
  });

  it('goes on into the next season after rating the last episode, with the form open on its first', async ({ start }) => {
    const next = target.series.seasons.find((s) => s.season_number > target.season.season_number && s.episode_count > 0);
    if (!next) throw new Error('the test series has one season: choose one with two');
    const { ui, store } = await start();
    await openSeries(ui);
    await ui.press(KEY.enter);
    await ui.waitFor(target.details.episodes[0]!.name);
    await ui.press('G', 'r', '6', KEY.enter);
    await ui.waitFor(`Rate S${next.season_number} E1: 6.0`);
    expect(store.getState().nav.stacks.tv.at(-1)).toMatchObject({ screen: 'tv.season', params: { season: next.season_number } });
    await ui.waitFor(`Rated S${target.season.season_number} E${target.details.episodes.at(-1)!.episode_number}: 6.0`);
  });

  it('lists the episodes I rated on the Lists tab, named by their series, and Enter opens one', async ({ start, service }) => {
    const { ui, store } = await start();
    const state = () => store.getState();
    const { username, password } = service.server.demoAccount;
    expect(await act(() => state().session.signInWithPassword(username, password))).toBe(true);
    const episode = { seriesId: target.series.id, season: target.season.season_number, episode: 2 };
    expect(await act(() => state().ratings.rate(episode, 9))).toBeUndefined();
    await ui.press('4', 'M');
    await ui.waitFor('Yours, newest first');
    await ui.press('\u001B[C', '\u001B[C');
    const name = target.details.episodes[1]!.name;
    await ui.waitFor(`${target.series.name} · S${episode.season} E2 ${name}`);
    await ui.waitFor('mine 9.0');
    await ui.press(KEY.enter);
    await ui.waitFor(`E2 · ${name}`);
    expect(state().nav.stacks.lists.at(-1)).toMatchObject({ screen: 'tv.episode', params: episode });
  });

  it('says when the keywords could not be loaded, and R loads them again', async ({ start, service }) => {
    const { ui, store, failNext } = await start();
    // The series' details already read without their parts: the screen asks its keywords on their own.
    await act(() => store.getState().queries.load(operationSource('tvDetails', { path: { series_id: target.series.id } })));
    failNext('tvKeywords', 503, 9, 'Service offline: This service is temporarily offline, try again later.');
    await openSeries(ui);
    let frame = await scrollTo(ui, 'Keywords');
    frame = await ui.waitFor('could not load them (R to retry): Service offline');
    const keywords = await service.client.call('tvKeywords', { path: { series_id: target.series.id } });
    await ui.press('R');
    frame = await ui.waitFor((f) => !f.includes('could not load them') && !/Keywords +loading/.test(f));
    expect(frame).toContain(keywords.results[0]?.name ?? 'none');
  });

  it('shows a failed series load in the panel, and r loads it again', async ({ start }) => {
    const { ui, failNext } = await start();
    failNext('tvDetails', 500, 11, 'Internal error: Something went wrong, contact TMDb.');
    for (let i = 0; i < target.position; i++) await ui.press('j');
    await ui.press(KEY.enter);
    const frame = await ui.waitFor('Could not load the series');
    expect(frame).toContain('Internal error: Something went wrong, contact TMDb. (HTTP 500)');
    expect(frame).toContain('Press r to try again');
    await ui.press('r');
    await ui.waitFor('Seasons');
  });
});

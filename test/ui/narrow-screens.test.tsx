import { act } from 'react';
import { describe, expect } from 'vitest';
import type { AppStore } from '../../src/state/index.js';
import { topEntry } from '../../src/state/index.js';
import { CommandRegistry } from '../../src/ui/commands.js';
import { editingHelpLines, helpLines } from '../../src/ui/components/HelpOverlay.js';
import { titleLine } from '../../src/ui/components/ScreenTitle.js';
import { screenTitle, type RouteId } from '../../src/ui/routes.js';
import { storeTest as it } from '../store-test.js';
import { everyRouteScreen } from './every-route.js';
import { KEY, type Rendered } from './harness.js';

/**
 * Every route at the sizes people use narrow (80x24) and the README's minimum (60x16): the help
 * of each screen, read whole by scrolling it, holds every description and every reason in full
 * (wrapped at word ends, never cut mid-word), and the Stats verdict is there whole.
 */

const SIZES = [
  [80, 24],
  [60, 16],
] as const;

/** Words, spaces collapsed: a text wrapped over rows reads as the text unwrapped. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The help as a reader sees it, page by page: each frame's rows between its title and its hint
 * line, spaces collapsed. Pages overlap by four rows, so a description of up to four rows is
 * whole in one of them.
 */
async function readHelp(ui: Rendered): Promise<string[]> {
  await ui.press('?');
  let frame = await ui.waitFor('Keys on this screen');
  const body = (f: string) => {
    const lines = f.split('\n');
    const from = lines.findIndex((line) => line.startsWith('Help'));
    const to = lines.findIndex((line) => line.includes('closes the help'));
    return lines.slice(from + 1, to);
  };
  const pages: string[] = [];
  for (let page = 0; page < 50; page++) {
    const rows = body(frame);
    pages.push(words(rows.join('\n')));
    await act(async () => ui.stdin.write('j'.repeat(Math.max(1, rows.length - 4))));
    await ui.press();
    const next = ui.frame();
    if (next === frame) break;
    frame = next;
  }
  await ui.press(KEY.esc);
  return pages;
}

/** What help must hold in full: each description, and each reason a command cannot act now. */
function helpTexts(registry: CommandRegistry, title: string): string[] {
  return [...helpLines(registry, title), ...editingHelpLines()].flatMap((line) =>
    line.kind === 'binding' ? [line.binding.description, ...(line.unavailable ? [`(not now: ${line.unavailable})`] : [])] : [],
  );
}

async function settle(ui: Rendered, registry: CommandRegistry) {
  await ui.waitFor(() => !registry.isLoading() && !/Loading|loading/.test(ui.frame()));
}

async function checkHelp(ui: Rendered, registry: CommandRegistry, store: AppStore): Promise<string[]> {
  await settle(ui, registry);
  // The Search tab opens with its box focused, where `?` is typed: Esc leaves the box first.
  if (ui.frame().includes('Esc/↓ leave field')) await ui.press(KEY.esc);
  const title = screenTitle(topEntry(store.getState()));
  const expected = helpTexts(registry, title);
  const pages = await readHelp(ui);
  return expected.filter((text) => !pages.some((page) => page.includes(words(text)))).map((text) => `${title}: help cuts "${text}"`);
}

describe('80x24 and 60x16', () => {
  it.for(SIZES)('at %ix%i every help line is whole on every route', { timeout: 600_000 }, async ([columns, rows], { app, service }) => {
    const registry = new CommandRegistry();
    const { ui, store } = await app.start({ signedIn: true, registry, columns, rows });
    const { screens } = await everyRouteScreen(service.get);
    const problems: string[] = [];
    for (const tab of ['1', '2', '3', '4', '5']) {
      await ui.press(tab);
      problems.push(...(await checkHelp(ui, registry, store)));
    }
    for (const [screen, params] of screens as Array<[RouteId, Record<string, unknown>]>) {
      await act(() => store.getState().nav.switchTab(screen.startsWith('tv.') ? 'tv' : 'movies'));
      await act(() => (store.getState().nav.push as (s: string, p: unknown) => void)(screen, params));
      problems.push(...(await checkHelp(ui, registry, store)));
      await act(() => store.getState().nav.pop());
    }
    expect(problems).toEqual([]);
  });

  it('at 80x24 help lists the keys in order (j then k), the heat map keeps its columns, Up next gives the episode title room', { timeout: 120_000 }, async ({ app, service }) => {
    const { ui, store } = await app.start({ signedIn: true, columns: 80, rows: 24 });
    let frame = await ui.waitFor('Popular movies');
    await ui.press('?');
    frame = await ui.waitFor('Keys on this screen');
    const lines = frame.split('\n');
    expect(lines.findIndex((line) => /^\s+k\/↑\s+Move up/.test(line))).toBe(lines.findIndex((line) => /^\s+j\/↓\s+Move down/.test(line)) + 1);
    await ui.press(KEY.esc);

    type Series = { id: number; name: string; seasons: Array<{ season_number: number; episode_count: number }> };
    const popular = (await service.get<{ results: Array<{ id: number }> }>('/3/tv/popular?page=2')).results;
    let series: Series | undefined;
    for (const { id } of popular) {
      const detail = await service.get<Series>(`/3/tv/${id}`);
      if (detail.seasons.some((s) => s.season_number === 0 && s.episode_count > 0) && detail.seasons.some((s) => s.season_number === 1)) {
        series = detail;
        break;
      }
    }
    expect(series).toBeDefined();
    const episode = await service.get<{ episodes: Array<{ name: string }> }>(`/3/tv/${series!.id}/season/1`);
    for (const [number, value] of [[1, 9.5], [2, 4]] as const) {
      expect(await act(() => store.getState().ratings.rate({ seriesId: series!.id, season: 1, episode: number }, value))).toBeUndefined();
    }
    await act(() => store.getState().nav.push('lists.statsHeatMap', { seriesId: series!.id, title: series!.name }));
    frame = await ui.waitFor(/Specials crowd/);
    // "Specials crowd" is a label of its own, and every season's mean starts in one column.
    const means = frame.split('\n').filter((line) => / (mine|crowd) +avg /.test(line));
    expect(means.find((line) => line.includes('Specials crowd'))).toMatch(/Specials crowd +avg/);
    expect(new Set(means.map((line) => line.indexOf('avg'))).size).toBe(1);
    // The legend wraps at word ends.
    expect(words(frame)).toContain("Each season: my rating of each episode, then the service's vote (avg: the season's mean; · none)");

    await ui.press('U');
    frame = await ui.waitFor(/S1 E3/);
    const row = frame.split('\n').find((line) => line.includes('S1 E3'))!;
    expect(row).toContain(episode.episodes[2]!.name);
    expect(row.trimEnd()).toMatch(/\d+ left$/);
    expect(words(frame)).toContain('series followed have an aired episode after the last you rated · what has not aired is on the calendar');
  });

  it.for(SIZES)("at %ix%i the Stats verdict against the crowd is whole", { timeout: 120_000 }, async ([columns, rows], { app, service }) => {
    const { ui, store } = await app.start({ signedIn: true, columns, rows });
    const films = (await service.get<{ results: Array<{ id: number; title: string }> }>('/3/movie/top_rated')).results.slice(0, 3);
    for (const film of films) expect(await act(() => store.getState().marks.rate({ kind: 'movie', id: film.id, title: film.title }, 2))).toBeUndefined();
    await ui.press('4', 'S');
    const frame = await ui.waitFor(/My mean/);
    const verdict = /My mean .*?(?:than the crowd by \d+\.\d\d|just as the crowd)\./.exec(words(frame))?.[0] ?? '';
    expect(verdict).toMatch(/^My mean \d+\.\d\d against the crowd's \d+\.\d\d for the same 3 films: harsher than the crowd by \d+\.\d\d\.$/);
  });

  // The title line is the third: the tab bar and the breadcrumb are above it.
  const titleRow = (frame: string) => frame.split('\n')[2] ?? '';

  it('at 80x24 a film\'s and a season\'s title stays whole beside the key hint, which gives way', { timeout: 120_000 }, async ({ app, service }) => {
    const { ui, store } = await app.start({ signedIn: true, columns: 80, rows: 24 });
    await ui.waitFor('Popular movies');
    // The longest film names that fit the line alone, but not beside a hint of 30-odd columns.
    type Film = { id: number; title: string; release_date?: string };
    const films: Film[] = [];
    for (let page = 1; page <= 15; page++) films.push(...(await service.get<{ results: Film[] }>(`/3/movie/popular?page=${page}`)).results);
    const filmName = (film: Film) => `${film.title}${film.release_date ? ` (${film.release_date.slice(0, 4)})` : ''}`;
    const long = films.filter((film) => filmName(film).length > 44 && filmName(film).length < 80).sort((a, b) => filmName(b).length - filmName(a).length).slice(0, 2);
    expect(long.length).toBeGreaterThan(0);
    for (const film of long) {
      await act(() => store.getState().nav.push('movies.detail', { id: film.id, title: film.title }));
      const frame = await ui.waitFor(() => titleRow(ui.frame()).startsWith(film.title) && /Details/.test(ui.frame()));
      expect(titleRow(frame)).toMatch(new RegExp(`^${filmName(film).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`));
      expect(titleRow(frame)).not.toContain('…');
      await act(() => store.getState().nav.pop());
    }

    type Show = { id: number; name: string };
    const shows: Show[] = [];
    for (let page = 1; page <= 15; page++) shows.push(...(await service.get<{ results: Show[] }>(`/3/tv/popular?page=${page}`)).results);
    // In rating mode a season's title says so: "Season 1 · <series> · rating mode".
    const named = (s: Show) => `Season 1 · ${s.name} · rating mode`;
    const show = shows.filter((s) => named(s).length < 80).sort((a, b) => b.name.length - a.name.length)[0]!;
    expect(named(show).length).toBeGreaterThan(50);
    await act(() => store.getState().nav.switchTab('tv'));
    await act(() => store.getState().nav.push('tv.season', { seriesId: show.id, season: 1, title: 'Season 1', series: show.name }));
    await ui.waitFor(() => titleRow(ui.frame()).includes(show.name) && /episodes/.test(ui.frame()));
    await ui.press('m');
    const frame = await ui.waitFor(() => titleRow(ui.frame()).includes('rating mode'));
    expect(titleRow(frame).startsWith(named(show))).toBe(true);
  });

  it('a title wider than the line alone ends with an ellipsis; a hint gives up its last parts first', () => {
    expect(titleLine('A'.repeat(100), 'r rate', 80)).toEqual({ title: `${'A'.repeat(79)}…` });
    expect(titleLine('Heat (1995)', 'PG in United States · A every country', 40)).toEqual({ title: 'Heat (1995)', hint: 'PG in United States' });
    expect(titleLine('Heat (1995)', 'PG in United States · A every country', 20)).toEqual({ title: 'Heat (1995)' });
    expect(titleLine('Heat (1995)', 'PG in United States · A every country', 80)).toEqual({ title: 'Heat (1995)', hint: 'PG in United States · A every country' });
  });
});

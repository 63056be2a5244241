import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { AppStore } from '../../src/state/index.js';
import { topEntry } from '../../src/state/index.js';
import { CommandRegistry } from '../../src/ui/commands.js';
import { footerItems } from '../../src/ui/components/Footer.js';
import { helpLines } from '../../src/ui/components/HelpOverlay.js';
import { bindingsForKey, type Binding } from '../../src/ui/keymap.js';
import { screenTitle, type RouteId } from '../../src/ui/routes.js';
import { embeddedAppSuite } from './embedded-app.js';
import { KEY, type Rendered } from './harness.js';

/**
 * One key, one meaning: every screen of the route table is opened on the embedded catalog, and
 * in each of its views (and with its list's filter open) no key is claimed by two commands of
 * one layer, and help and the footer name each key once.
 */

const suite = embeddedAppSuite('one-key');

type Paged = { results: Array<{ id: number }> };

/** The keys of each command help or the footer names, as one list: a key named twice shows up twice. */
function namedKeys(bindings: readonly Binding[]): string[] {
  return bindings.flatMap((binding) => binding.keys as readonly string[]);
}

function duplicates(keys: readonly string[]): string[] {
  return [...new Set(keys.filter((key, i) => keys.indexOf(key) !== i))];
}

/** What is wrong with the keys of the screen as it is now: clashes in a layer, or a key named twice. */
function keyProblems(registry: CommandRegistry, store: AppStore): string[] {
  const problems: string[] = [];
  for (const layer of ['screen', 'global'] as const) {
    for (const clash of registry.clashes(layer)) problems.push(`${layer}: ${clash.key} is ${clash.commands.join(' and ')}`);
  }
  const help = helpLines(registry, 'x').flatMap((line) => (line.kind === 'binding' ? [line.binding] : []));
  for (const key of duplicates(namedKeys(help))) problems.push(`help names ${key} twice`);
  const state = store.getState();
  const footer = footerItems(registry, { atRoot: state.nav.stacks[state.nav.tab].length === 1, ready: true });
  for (const key of duplicates(namedKeys(footer))) problems.push(`the footer names ${key} twice`);
  return problems;
}

async function settle(ui: Rendered, registry: CommandRegistry) {
  await ui.waitFor(() => !registry.isLoading() && !/Loading|loading/.test(ui.frame()));
}

/** The screen's keys that switch what it shows (a view, a section, a kind): each is pressed in turn. */
const VIEW_COMMANDS = ['movie.view', 'series.view', 'person.view', 'movies.section', 'tv.section', 'trending.kind', 'trending.window'];

async function walk(ui: Rendered, registry: CommandRegistry, store: AppStore, where: string): Promise<string[]> {
  const problems: string[] = [];
  const check = (what: string) => problems.push(...keyProblems(registry, store).map((p) => `${where} (${what}): ${p}`));
  await settle(ui, registry);
  check('as opened');
  const entry = topEntry(store.getState());
  const views = registry.available('screen').filter((b) => VIEW_COMMANDS.includes(b.command));
  for (const binding of views) {
    for (const key of binding.keys) {
      if (key === 'left' || key === 'right') continue;
      // Only on the screen it was pushed as: some sections open a screen of their own.
      if (topEntry(store.getState()).key !== entry.key) break;
      if (bindingsForKey(key, [binding.scope]).length === 0) continue;
      await ui.press(key);
      if (topEntry(store.getState()).key !== entry.key) {
        await settle(ui, registry);
        check(`${key} opened ${topEntry(store.getState()).screen}`);
        await act(() => store.getState().nav.pop());
        continue;
      }
      await settle(ui, registry);
      check(`after ${key}`);
    }
  }
  if (registry.available('screen').some((b) => b.command === 'list.filter' && registry.whyUnavailable('screen', b.command) === undefined)) {
    await ui.press('/');
    check('filter open');
    await ui.press('a', KEY.enter);
    check('filter kept');
    await ui.press(KEY.esc);
  }
  return problems;
}

describe('one key, one meaning', () => {
  it('binds no key twice in one place on any screen, and help and the footer name each key once', { timeout: 300_000 }, async () => {
    const registry = new CommandRegistry();
    const { ui, store } = await suite.start({ signedIn: true, registry });
    const movies = await suite.get<Paged>('/3/movie/popular');
    type MovieDetail = { id: number; title: string; belongs_to_collection?: { id: number; name: string } | null; production_companies?: Array<{ id: number; name: string }>; keywords?: { keywords: Array<{ id: number; name: string }> }; reviews?: { results: Array<{ id: string }> } };
    let movie: MovieDetail | undefined;
    let withCollection: MovieDetail | undefined;
    let withReview: MovieDetail | undefined;
    for (const { id } of movies.results) {
      const detail = await suite.get<MovieDetail>(`/3/movie/${id}?append_to_response=keywords,reviews`);
      movie ??= detail;
      if (detail.belongs_to_collection) withCollection ??= detail;
      if ((detail.reviews?.results.length ?? 0) > 0) withReview ??= detail;
    }
    const series = (await suite.get<Paged>('/3/tv/popular')).results[0]!;
    const seriesDetail = await suite.get<{ id: number; name: string; networks: Array<{ id: number; name: string }>; seasons: Array<{ season_number: number; name: string }> }>(`/3/tv/${series.id}`);
    const groups = await suite.get<{ results: Array<{ id: string; name: string }> }>(`/3/tv/${series.id}/episode_groups`);
    const season = seriesDetail.seasons.find((s) => s.season_number > 0) ?? seriesDetail.seasons[0]!;
    const person = (await suite.get<Paged>('/3/person/popular')).results[0]!;

    const screens: Array<[RouteId, Record<string, unknown>]> = [
      ['movies.detail', { id: movie!.id, title: movie!.title }],
      ['movies.detail', { latest: true, title: 'Latest movie' }],
      ['movies.company', { id: movie!.production_companies![0]!.id, title: movie!.production_companies![0]!.name }],
      ['movies.keyword', { id: movie!.keywords!.keywords[0]!.id, title: movie!.keywords!.keywords[0]!.name }],
      ['tv.latest', {}],
      ['tv.detail', { id: series.id, title: seriesDetail.name }],
      ['tv.season', { seriesId: series.id, season: season.season_number, title: season.name }],
      ['tv.episode', { seriesId: series.id, season: season.season_number, episode: 1, title: 'S1 E1' }],
      ['tv.network', { id: seriesDetail.networks[0]!.id, title: seriesDetail.networks[0]!.name }],
      ['tv.calendar', {}],
      ['tv.upNext', {}],
      ['certifications.country', { code: 'US', title: 'United States' }],
      ['certifications.titles', { kind: 'movie', country: 'US', label: 'PG', title: 'Films rated PG' }],
      ['titles.certifications', { kind: 'movie', id: movie!.id, name: movie!.title }],
      ['titles.certifications', { kind: 'tv', id: series.id, name: seriesDetail.name }],
      ['search.person', { id: person.id, title: 'a person' }],
      ['lists.marked', { which: 'watchlist', title: 'Watchlist' }],
      ['lists.stats', {}],
      ['lists.statsTitles', { title: 'Titles', refs: [{ kind: 'movie', id: movie!.id }] }],
      ['lists.statsHeatMap', { seriesId: series.id, title: seriesDetail.name }],
      ['settings', {}],
      ['browse.trending', { title: 'Trending', kind: 'movie' }],
      ['browse.discover', { title: 'Discover', kind: 'movie' }],
    ];
    if (withCollection) screens.push(['movies.collection', { id: withCollection.belongs_to_collection!.id, title: withCollection.belongs_to_collection!.name }]);
    if (withReview) screens.push(['titles.review', { id: withReview.reviews!.results[0]!.id, about: withReview.title, title: 'Review' }]);
    if (groups.results[0]) screens.push(['tv.episodeGroup', { id: groups.results[0].id, seriesId: series.id, title: groups.results[0].name }]);

    const problems: string[] = [];
    const seen = new Set<string>();
    // The tabs' first screens, as the tab keys open them.
    for (const tab of ['1', '2', '3', '4', '5']) {
      await ui.press(tab);
      // The Search tab opens with its box focused before any search: Esc gives the keys back.
      if (registry.hasTextFocus()) await ui.press(KEY.esc);
      const entry = topEntry(store.getState());
      seen.add(entry.screen);
      problems.push(...(await walk(ui, registry, store, screenTitle(entry))));
    }
    // A list of mine, from the Lists tab.
    const created = await act(() => store.getState().lists.createList({ name: 'Keys', description: '', language: 'en' }));
    expect(created.ok).toBe(true);
    await act(() => store.getState().lists.addMovie(created.ok ? created.listId! : 0, movies.results[0]!.id));
    await ui.press('4');
    await settle(ui, registry);
    await ui.press(KEY.enter);
    await settle(ui, registry);
    seen.add(topEntry(store.getState()).screen);
    problems.push(...(await walk(ui, registry, store, 'a list of mine')));
    // The Search tab with results.
    await ui.press('3', '/');
    await ui.type('the');
    await ui.press(KEY.enter);
    await settle(ui, registry);
    problems.push(...(await walk(ui, registry, store, 'search results')));

    for (const [screen, params] of screens) {
      await act(() => store.getState().nav.switchTab(screen.startsWith('tv.') ? 'tv' : 'movies'));
      await act(() => (store.getState().nav.push as (s: string, p: unknown) => void)(screen, params));
      seen.add(screen);
      problems.push(...(await walk(ui, registry, store, screen)));
      await act(() => store.getState().nav.pop());
    }
    expect(problems).toEqual([]);
    // Every screen of the route table was walked.
    const { ROUTES } = await import('../../src/ui/routes.js');
    expect(Object.keys(ROUTES).filter((id) => !seen.has(id))).toEqual([]);
  });

  it('finds a key two commands of one place claim', () => {
    const registry = new CommandRegistry();
    registry.register({ id: 'list', layer: 'screen', scopes: ['list'], handlers: { current: { 'list.filter': () => {} } } });
    registry.register({ id: 'search', layer: 'screen', scopes: ['search.home'], handlers: { current: { 'search.focus': () => {} } } });
    expect(registry.clashes('screen')).toEqual([{ key: '/', commands: ['search.focus', 'list.filter'] }]);
    expect(registry.clashes('global')).toEqual([]);
  });
});

import { act } from 'react';
import { describe, expect } from 'vitest';
import type { AppStore } from '../../src/state/index.js';
import { topEntry } from '../../src/state/index.js';
import { CommandRegistry } from '../../src/ui/commands.js';
import { footerItems } from '../../src/ui/components/Footer.js';
import { helpLines } from '../../src/ui/components/HelpOverlay.js';
import { bindingsForKey, type Binding } from '../../src/ui/keymap.js';
import { screenTitle, type RouteId } from '../../src/ui/routes.js';
import { storeTest as it } from '../store-test.js';
import { everyRouteScreen, openListOfMine, settle } from './every-route.js';
import { KEY, type Rendered } from './harness.js';

/**
 * One key, one meaning: every screen of the route table is opened on the embedded catalog, and
 * in each of its views (and with its list's filter open) no key is claimed by two commands of
 * one layer, and help and the footer name each key once.
 */

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

/**
 * Keys whose meaning depends on where they are pressed, by design: moving and choosing in what is
 * highlighted, going back, and keys that only work inside a mode or a panel that names them.
 * The walk does not compare their meanings from screen to screen.
 */
const CONTEXT_KEYS: Readonly<Record<string, string>> = {
  enter: 'opens, chooses or submits what is highlighted',
  esc: 'goes back one level: closes, clears or leaves what was opened last',
};

/** Scopes of modes and panels that name their own keys on screen (a form's digits, a confirm's y/n): not compared. */
const CONTEXT_SCOPES: ReadonlySet<string> = new Set([
  'edit', 'form', 'help', 'palette', 'field', 'picker', 'confirm', 'my-lists', 'movie-search', 'list.filter',
  'rating.quick', 'rating.form', 'rating.confirm', 'discover.form', 'discover.genres', 'export.format', 'import.existing',
]);

/**
 * Commands that are one meaning to a user, under one name: moving on in whatever is shown,
 * finding, rating, the views a film and a series share.
 */
const SAME_MEANING: Readonly<Record<string, string>> = {
  'list.down': 'down', 'scroll.line:down': 'down', 'list.up': 'up', 'scroll.line:up': 'up',
  'list.top': 'top', 'scroll.page:top': 'top', 'list.bottom': 'bottom', 'scroll.page:bottom': 'bottom',
  'list.pageDown': 'page down', 'scroll.page:pageDown': 'page down', 'list.pageUp': 'page up', 'scroll.page:pageUp': 'page up',
  'episode.next': 'next', 'episode.previous': 'previous',
  'search.focus': 'find', 'certifications.filter': 'find', 'list.filter': 'find',
  'title.rate': 'rate', 'rating.open': 'rate',
  'title.unrate': 'delete my rating', 'rating.delete': 'delete my rating',
  'movies.region': 'region', 'watch.region': 'region', 'settings.region': 'region',
  'movies.language': 'language', 'settings.language': 'language', 'collection.language': 'language',
  'movie.reviews': 'reviews', 'series.reviews': 'reviews',
  'movie.certifications': 'certifications', 'series.certifications': 'certifications',
  'certifications.kind': 'movies or TV', 'certifications.side': 'movies or TV', 'discover.kind': 'movies or TV',
  'movie.view:images': 'images', 'person.view:profiles': 'images',
  'certifications.order': 'order', 'filmography.order': 'order',
};

/** What `key` means for `binding`: its shared name, or the command (with the argument the key gives). */
function meaningOf(binding: Binding, key: string): string {
  const arg = binding.args?.[key as keyof typeof binding.args];
  const id = arg === undefined ? binding.command : `${binding.command}:${arg}`;
  // A command's arguments that move (next, previous) mean the same on every screen.
  if (arg === 'next' || arg === 'previous') return arg;
  return SAME_MEANING[id] ?? SAME_MEANING[binding.command] ?? (arg ?? binding.command);
}

/**
 * Keys that still mean two things on two screens, each pair listed with why a user is not misled:
 * anything not listed here fails the walk.
 */
const BAR = 'a letter of the bar of sections, kinds or views the screen draws, beside the name it picks';
const SHARED_KEYS: Readonly<Record<string, { readonly meanings: readonly string[]; readonly why: string }>> = {
  a: { meanings: ['movie.myLists', 'mylist.add', 'rating.unrated', 'all', 'airingToday'], why: `adds to a list or rates all unrated where there is one; elsewhere ${BAR}` },
  c: { meanings: ['tv.calendar', 'search.collections'], why: 'the TV tab has no collections to search, the Search tab no calendar' },
  C: { meanings: ['credits', 'mylist.clear'], why: `${BAR}; on a list of mine it clears the list, and asks first` },
  D: { meanings: ['discover', 'lists.delete', 'mylist.delete'], why: `${BAR}; on the Lists tab it deletes a list, and asks first` },
  f: { meanings: ['title.favorite', 'discover.filters', 'filmography'], why: `a title is a favourite, Discover has filters, a person a filmography (${BAR})` },
  K: { meanings: ['movie.links', 'certifications.scrollUp'], why: 'the country page scrolls its side with J/K; a film lists its links' },
  l: { meanings: ['latest', 'tv.latest', 'lists', 'tv.stillLanguages'], why: `${BAR}; an episode's stills have languages to go round` },
  m: { meanings: ['rating.quickMode', 'movie'], why: `rating mode on a season; on Trending, ${BAR}` },
  n: { meanings: ['nowPlaying', 'lists.create'], why: `${BAR}; the Lists tab makes a new list` },
  o: { meanings: ['address.open', 'order', 'onTheAir'], why: `opens the highlighted address where there is one, orders a list that can be ordered; on the TV tab, ${BAR}` },
  p: { meanings: ['popular', 'providers', 'person'], why: BAR },
  t: { meanings: ['topRated', 'tv', 'movies or TV', 'related.kind', 'tagged'], why: `switches the kind shown: ${BAR}` },
  u: { meanings: ['rating.undo', 'upcoming'], why: `undoes a rating where episodes are rated; on the Movies tab, ${BAR}` },
  v: { meanings: ['videos', 'rating.select'], why: `${BAR}; a season selects episodes to rate` },
  x: { meanings: ['mylist.remove', 'marked.remove'], why: 'takes the highlighted title off the list shown: a list of mine, the watchlist or the favourites, and asks first' },
  w: { meanings: ['title.watchlist', 'trending.window'], why: 'a title goes on the watchlist; Trending, a list of titles, switches today and this week' },
};

/** Every meaning each key had on the screens walked, and where. */
type Meanings = Map<string, Map<string, Set<string>>>;

function noteMeanings(registry: CommandRegistry, where: string, meanings: Meanings) {
  const screen = registry.available('screen');
  const taken = new Set(screen.flatMap((b) => b.keys as readonly string[]));
  const global = registry.available('global').filter((b) => !b.keys.some((key) => taken.has(key)));
  for (const binding of [...screen, ...global]) {
    if (CONTEXT_SCOPES.has(binding.scope)) continue;
    for (const key of binding.keys) {
      if (key in CONTEXT_KEYS) continue;
      const byMeaning = meanings.get(key) ?? new Map<string, Set<string>>();
      meanings.set(key, byMeaning);
      const meaning = meaningOf(binding, key);
      byMeaning.set(meaning, (byMeaning.get(meaning) ?? new Set()).add(where));
    }
  }
}

/** Keys with two meanings on two screens, beyond those SHARED_KEYS lists. */
function meaningProblems(meanings: Meanings): string[] {
  const problems: string[] = [];
  for (const [key, byMeaning] of meanings) {
    const allowed = SHARED_KEYS[key]?.meanings ?? [];
    const unexpected = [...byMeaning.keys()].filter((meaning) => !allowed.includes(meaning));
    if (byMeaning.size > 1 && unexpected.length > 0) {
      problems.push(`${key} means ${[...byMeaning].map(([meaning, where]) => `${meaning} (${[...where].slice(0, 2).join(', ')})`).join(' and ')}`);
    }
  }
  return problems.sort();
}

/** The screen's keys that switch what it shows (a view, a section, a kind): each is pressed in turn. */
const VIEW_COMMANDS = ['movie.view', 'series.view', 'person.view', 'movies.section', 'tv.section', 'trending.kind', 'trending.window'];

async function walk(ui: Rendered, registry: CommandRegistry, store: AppStore, where: string, meanings: Meanings): Promise<string[]> {
  const problems: string[] = [];
  const check = (what: string) => {
    problems.push(...keyProblems(registry, store).map((p) => `${where} (${what}): ${p}`));
    noteMeanings(registry, where, meanings);
  };
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
  it('binds no key twice in one place on any screen, and help and the footer name each key once', { timeout: 300_000 }, async ({ app, service }) => {
    const registry = new CommandRegistry();
    const { ui, store } = await app.start({ signedIn: true, registry });
    const { screens, firstMovieId } = await everyRouteScreen(service.get);

    const problems: string[] = [];
    const meanings: Meanings = new Map();
    const seen = new Set<string>();
    // The tabs' first screens, as the tab keys open them.
    for (const tab of ['1', '2', '3', '4', '5']) {
      await ui.press(tab);
      // The Search tab opens with its box focused before any search: Esc gives the keys back.
      if (registry.hasTextFocus()) await ui.press(KEY.esc);
      const entry = topEntry(store.getState());
      seen.add(entry.screen);
      problems.push(...(await walk(ui, registry, store, screenTitle(entry), meanings)));
    }
    // A list of mine, from the Lists tab.
    await openListOfMine(ui, store, registry, 'Keys', firstMovieId);
    seen.add(topEntry(store.getState()).screen);
    problems.push(...(await walk(ui, registry, store, 'a list of mine', meanings)));
    // The Search tab with results.
    await ui.press('3', '/');
    await ui.type('the');
    await ui.press(KEY.enter);
    await settle(ui, registry);
    problems.push(...(await walk(ui, registry, store, 'search results', meanings)));

    for (const [screen, params] of screens) {
      await act(() => store.getState().nav.switchTab(screen.startsWith('tv.') ? 'tv' : 'movies'));
      await act(() => (store.getState().nav.push as (s: string, p: unknown) => void)(screen, params));
      seen.add(screen);
      problems.push(...(await walk(ui, registry, store, screen, meanings)));
      await act(() => store.getState().nav.pop());
    }
    expect(problems).toEqual([]);
    // One key, one meaning from screen to screen too.
    expect(meaningProblems(meanings)).toEqual([]);
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

import { describe, expect, it } from 'vitest';
import {
  countriesOf,
  describeFailure,
  isAtRoot,
  openerCommand,
  RECENT_LIMIT,
  regionName,
  scrollWindow,
  topEntry,
} from '../../src/state/index.js';
import { ContractMismatchError, NetworkError, ServiceError } from '../../src/api/errors.js';
import { readFixture } from '../fixtures.js';
import { offlineStore } from './support.js';

describe('navigation', () => {
  it('keeps one stack per tab; Esc pops one level and stops at the root', () => {
    const { store } = offlineStore();
    const nav = () => store.getState().nav;
    expect(topEntry(store.getState()).screen).toBe('movies.home');
    nav().push('movies.detail', { id: 550, title: 'Fight Club' });
    nav().switchTab('tv');
    expect(topEntry(store.getState()).screen).toBe('tv.home');
    expect(isAtRoot(store.getState())).toBe(true);
    expect(nav().pop()).toBe(false);

    nav().switchTab('movies');
    expect(topEntry(store.getState()).params).toEqual({ id: 550, title: 'Fight Club' });
    expect(nav().pop()).toBe(true);
    expect(nav().pop()).toBe(false);
    expect(topEntry(store.getState()).screen).toBe('movies.home');
  });

  it('cycles tabs both ways, wrapping around', () => {
    const { store } = offlineStore();
    store.getState().nav.cycleTab(-1);
    expect(store.getState().nav.tab).toBe('certifications');
    store.getState().nav.cycleTab(1);
    store.getState().nav.cycleTab(1);
    expect(store.getState().nav.tab).toBe('tv');
  });

  it('drops the list positions of a screen that is left', () => {
    const { store } = offlineStore();
    const nav = () => store.getState().nav;
    nav().push('movies.detail', { id: 1, title: 'One' });
    const key = topEntry(store.getState()).key;
    nav().moveCursor(`${key}:items`, 5, 10, 4);
    nav().pop();
    expect(nav().cursors[`${key}:items`]).toBeUndefined();
  });

  it('clamps the cursor and scrolls as little as it can', () => {
    const { store } = offlineStore();
    const move = (index: number) => store.getState().nav.moveCursor('l', index, 100, 10);
    move(5);
    expect(store.getState().nav.cursors.l).toEqual({ index: 5, offset: 0 });
    move(12);
    expect(store.getState().nav.cursors.l).toEqual({ index: 12, offset: 3 });
    move(8);
    expect(store.getState().nav.cursors.l).toEqual({ index: 8, offset: 3 });
    move(500);
    expect(store.getState().nav.cursors.l).toEqual({ index: 99, offset: 90 });
    move(-3);
    expect(store.getState().nav.cursors.l).toEqual({ index: 0, offset: 0 });
    expect(scrollWindow(3, 50, 20, 10)).toBe(3);
  });

  it('does not notify subscribers when nothing changed', () => {
    const { store } = offlineStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.getState().nav.switchTab('movies');
    store.getState().terminal.setSize(80, 24);
    store.getState().nav.toggleHelp(false);
    expect(calls).toBe(0);
    store.getState().terminal.setSize(100, 30);
    expect(calls).toBe(1);
  });
});

describe('following links', () => {
  const screens = (store: ReturnType<typeof offlineStore>['store']) =>
    store.getState().nav.stacks.movies.map((entry) => `${entry.screen}:${String(entry.params.id ?? '')}`);

  it('goes back to a screen already on the stack instead of stacking it again; Esc then goes back one hop', () => {
    const { store } = offlineStore();
    const nav = () => store.getState().nav;
    nav().go('movies.detail', { id: 1, title: 'A' });
    nav().go('search.person', { id: 7, title: 'P' });
    nav().moveCursor(`${topEntry(store.getState()).key}:filmography`, 3, 10, 5);
    nav().go('movies.detail', { id: 2, title: 'B' });
    nav().go('search.person', { id: 8, title: 'Q' });
    expect(screens(store)).toEqual(['movies.home:', 'movies.detail:1', 'search.person:7', 'movies.detail:2', 'search.person:8']);
    // The same person under another title is the same screen: back to it, the screens above it gone.
    nav().go('search.person', { id: 7, title: 'P (again)' });
    expect(screens(store)).toEqual(['movies.home:', 'movies.detail:1', 'search.person:7']);
    expect(Object.keys(nav().cursors)).toEqual([`${topEntry(store.getState()).key}:filmography`]);
    // Where the screen is already on top, nothing changes.
    const before = nav().stacks;
    nav().go('search.person', { id: 7, title: 'P' });
    expect(nav().stacks).toBe(before);
    expect(nav().pop()).toBe(true);
    expect(screens(store)).toEqual(['movies.home:', 'movies.detail:1']);
    // A film and a series with the same id are different screens.
    nav().go('tv.detail', { id: 1, title: 'S' });
    expect(screens(store)).toEqual(['movies.home:', 'movies.detail:1', 'tv.detail:1']);
  });

  it('opening a screen already on the stack (push, as every link does) returns to it: a film, its collection, the same film, never piles up', () => {
    const { store } = offlineStore();
    const nav = () => store.getState().nav;
    nav().push('movies.detail', { id: 1, title: 'Part I' });
    for (let round = 0; round < 5; round++) {
      nav().push('movies.collection', { id: 9, title: 'The Collection' });
      nav().push('movies.detail', { id: 1, title: 'Part I' });
    }
    expect(screens(store)).toEqual(['movies.home:', 'movies.detail:1']);
    nav().push('movies.collection', { id: 9, title: 'The Collection' });
    nav().push('movies.detail', { id: 2, title: 'Part II' });
    nav().push('movies.collection', { id: 9, title: 'The Collection' });
    expect(screens(store)).toEqual(['movies.home:', 'movies.detail:1', 'movies.collection:9']);
  });

  it("keeps a screen's view on its entry, which does not make it another screen", () => {
    const { store } = offlineStore();
    const nav = () => store.getState().nav;
    nav().go('movies.detail', { id: 1, title: 'A' });
    const film = topEntry(store.getState());
    nav().setEntryParams(film.key, { view: 'credits' });
    nav().go('search.person', { id: 7, title: 'P' });
    nav().go('movies.detail', { id: 1, title: 'A' });
    expect(topEntry(store.getState())).toMatchObject({ key: film.key, params: { id: 1, view: 'credits' } });
  });
});

describe('recent screens', () => {
  it('keeps each once, newest first, at most RECENT_LIMIT, and reopens one on its tab without stacking it again', () => {
    const { store } = offlineStore();
    const nav = () => store.getState().nav;
    nav().push('movies.detail', { id: 1, title: 'A' });
    nav().remember('movies', topEntry(store.getState()));
    nav().switchTab('tv');
    nav().push('tv.detail', { id: 1, title: 'S' });
    nav().remember('tv', topEntry(store.getState()));
    // The same film again, under another title: still one entry, now first.
    nav().remember('movies', { key: 'other', screen: 'movies.detail', params: { id: 1, title: 'A (again)' } });
    expect(nav().recent.map((r) => `${r.tab}:${r.screen}:${String(r.params.id)}`)).toEqual(['movies:movies.detail:1', 'tv:tv.detail:1']);

    for (let id = 100; id < 100 + RECENT_LIMIT + 3; id++) nav().remember('search', { key: `k${id}`, screen: 'search.person', params: { id, title: `P${id}` } });
    expect(nav().recent).toHaveLength(RECENT_LIMIT);
    expect(nav().recent[0]!.params.id).toBe(100 + RECENT_LIMIT + 2);

    nav().reopen({ tab: 'movies', screen: 'movies.detail', params: { id: 1, title: 'A' } });
    expect(nav().tab).toBe('movies');
    expect(nav().stacks.movies.map((entry) => entry.screen)).toEqual(['movies.home', 'movies.detail']);
  });
});

describe('notifications', () => {
  it('fades a toast, then removes it', () => {
    const { store, timers } = offlineStore();
    store.getState().notifications.notify('Saved', 'success', 3_000);
    expect(store.getState().notifications.toasts).toEqual([{ id: 1, text: 'Saved', level: 'success', fading: false }]);
    timers.advance(2_000);
    expect(store.getState().notifications.toasts[0]?.fading).toBe(true);
    timers.advance(1_000);
    expect(store.getState().notifications.toasts).toEqual([]);
    expect(timers.pending).toBe(0);
  });

  it('keeps the three newest toasts', () => {
    const { store, timers } = offlineStore();
    for (const text of ['a', 'b', 'c', 'd']) store.getState().notifications.notify(text);
    expect(store.getState().notifications.toasts.map((t) => t.text)).toEqual(['b', 'c', 'd']);
    expect(timers.pending).toBe(6);
  });
});

describe('failures', () => {
  it('marks 429, 5xx and network failures as transient, 401 as an auth problem', () => {
    expect(describeFailure(new ServiceError('popularTv', 429, 25, 'Too many requests')).transient).toBe(true);
    expect(describeFailure(new ServiceError('popularTv', 503, 9, 'Service offline')).transient).toBe(true);
    const auth = describeFailure(new ServiceError('accountDetails', 401, 3, 'Authentication failed'));
    expect(auth).toMatchObject({ kind: 'auth', transient: false, statusCode: 3, message: 'Authentication failed (HTTP 401)' });
    const network = describeFailure(
      new NetworkError('E18', 'refused', 'connection refused by 127.0.0.1:9', { request: 'GET /3/tv/popular' }),
    );
    expect(network).toEqual({ kind: 'network', transient: true, message: 'Connection refused by 127.0.0.1:9' });
    const mismatch = describeFailure(new ContractMismatchError('E18', [{ path: 'results[0].name', message: 'expected string' }], 'GET /3/tv/popular'));
    expect(mismatch.message).toBe('The response does not match the contract: results[0].name: expected string');
  });
});

describe('certifications', () => {
  it('names countries (CA-QC and PR included) and sorts certifications by order', () => {
    const countries = countriesOf(readFixture('E21-certification-tv.spec.json') as never);
    const names = countries.map((c) => c.name);
    expect(names).toContain('Canada (Quebec)');
    expect(names).toContain('Puerto Rico');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    for (const country of countries) {
      const orders = country.certifications.map((c) => c.order);
      expect(orders).toEqual([...orders].sort((a, b) => (a ?? 0) - (b ?? 0)));
    }
    const germany = countries.find((c) => c.code === 'DE')!;
    expect(germany.name).toBe('Germany');
    expect(germany.certifications.map((c) => c.certification)[0]).toBe('0');
  });

  it('shows an unknown code as it came', () => {
    expect(regionName('XX-YY')).toBe('XX (YY)');
    expect(regionName('not a code')).toBe('not a code');
  });
});

describe('the browser opener', () => {
  it('uses the platform opener, keeping the address one argument', () => {
    const url = 'http://127.0.0.1:4780/authenticate/abc?x=1&y=2';
    expect(openerCommand(url, 'linux')).toEqual(['xdg-open', [url]]);
    expect(openerCommand(url, 'darwin')).toEqual(['open', [url]]);
    // cmd would split the address at "&" without the escape.
    expect(openerCommand(url, 'win32')).toEqual(['cmd', ['/c', 'start', '""', 'http://127.0.0.1:4780/authenticate/abc?x=1^&y=2']]);
  });
});

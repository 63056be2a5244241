import { act } from 'react';
import { describe, expect } from 'vitest';
import { languageChoices, operationSource, pagedOperationSource, pagedState, queryState, regionChoices } from '../../src/state/index.js';
import { filterChoices } from '../../src/ui/components/ChoicePicker.js';
import { formatAsOf, formatDate, formatMoney, formatRuntime, formatVote, languageName, wrapText } from '../../src/ui/format.js';
import type { TestStore } from '../state/support.js';
import { storeTest as it, type Service } from '../store-test.js';
import { KEY } from './harness.js';

/** The Movies tab and the movie and collection screens, on the embedded server's catalog. */

const RIGHT = '\u001B[C';

async function signIn(service: Service, store: TestStore['store']) {
  const { username, password } = service.server.demoAccount;
  expect(await act(() => store.getState().session.signInWithPassword(username, password))).toBe(true);
}

describe('the Movies tab', () => {
  it('switches between Popular, Now playing, Top rated and Upcoming, whose dates, region and language show', async ({ app, service }) => {
    const { ui, store } = await app.start();
    expect(ui.frame()).toContain('Movies › Popular');
    await ui.press('n');
    let frame = await ui.waitFor(/In cinemas \d{1,2} \w{3} \d{4} – \d{1,2} \w{3} \d{4}/);
    expect(frame).toContain('Movies › Now playing');
    await ui.press('t');
    await ui.waitFor('Top rated movies');
    await ui.press('u');
    const upcoming = await service.get<{ dates: { minimum: string; maximum: string }; results: { title: string }[] }>('/3/movie/upcoming');
    frame = await ui.waitFor(upcoming.results[0]!.title);
    const [y1, m1, d1] = upcoming.dates.minimum.split('-').map(Number);
    const first = new Date(Date.UTC(y1!, m1! - 1, d1!)).toLocaleDateString('en', { month: 'short', timeZone: 'UTC' });
    expect(frame).toMatch(new RegExp(`Release dates ${d1} ${first} ${y1} – `));
    expect(frame).toContain('Region any');

    // The region picker filters by name; Enter chooses and the list is asked again for that region.
    await ui.press('R');
    await ui.waitFor('Region for upcoming movies');
    await ui.type('germ');
    frame = await ui.waitFor('DE  Germany');
    expect(frame).not.toContain('France');
    await ui.press(KEY.enter);
    await ui.waitFor('Region Germany (DE)');
    // No language of its own yet: Upcoming is asked in the content language.
    await ui.waitFor(() => pagedState(store.getState().queries, pagedOperationSource('upcomingMovies', { query: { region: 'DE' } })).status === 'ready');

    // Typing a code finds it too, and the language is asked for with the region.
    await ui.press('L');
    await ui.type('ja');
    await ui.waitFor(/› ja\s+Japanese/);
    await ui.press(KEY.enter);
    await ui.waitFor('Language Japanese');
    await ui.waitFor(() => pagedState(store.getState().queries, pagedOperationSource('upcomingMovies', { query: { language: 'ja', region: 'DE' } })).status === 'ready');

    // Right goes round to the first section again.
    await ui.press(RIGHT);
    await ui.waitFor('Popular movies');
  });

  it('opens a movie with all its fields, its images with their addresses, and the lists holding it', async ({ app, service }) => {
    const { ui, opened } = await app.start();
    const popular = await service.get<{ results: { id: number; title: string }[] }>('/3/movie/popular');
    const movie = await service.get<Record<string, unknown> & { title: string; imdb_id: string | null; budget: number }>(`/3/movie/${popular.results[0]!.id}`);
    await ui.press(KEY.enter);
    let frame = await ui.waitFor('Original title');
    for (const label of ['Status', 'Release date', 'Runtime', 'Genres', 'Vote', 'Popularity', 'Budget', 'Revenue', 'Collection', 'Origin country', 'Companies', 'Made in', 'Spoken languages']) {
      expect(frame).toContain(label);
    }
    expect(movie.budget).toBeGreaterThan(0);
    expect(frame).toContain(`$${movie.budget.toLocaleString('en')}`);
    // The rest is below: G scrolls to the end.
    await ui.press('G');
    frame = await ui.waitFor('Overview');
    expect(frame).toContain(movie.imdb_id ?? 'IMDb');
    expect(frame).toMatch(/Adult\s+no/);

    await ui.press('i');
    frame = await ui.waitFor(/poster\s+\d+x\d+/);
    const address = /Address: (http:\/\/127\.0\.0\.1:\d+\/t\/p\/original\/\S+)/.exec(frame)?.[1];
    expect(address).toBeDefined();
    expect(frame).toMatch(/\d+ posters? · \d+ backdrops? · \d+ logos?/);
    await ui.press('o');
    expect(opened).toEqual([address]);
    await ui.waitFor('Opened the image in the browser');
    // The test's store has no system clipboard: the copy goes through the terminal.
    await ui.press('y');
    await ui.waitFor("Asked the terminal to copy (OSC 52; it may not)");
    expect(ui.written().some((w) => w.includes(`\u001B]52;c;${Buffer.from(address!).toString('base64')}\u0007`))).toBe(true);

    await ui.press('l');
    await ui.waitFor('No list contains this movie yet');
  });

  it("shows where to watch the movie in my region, its videos, and more like it, each opening what Enter is on", async ({ app, service }) => {
    const { ui, opened } = await app.start();
    const popular = await service.get<{ results: { id: number }[] }>('/3/movie/popular');
    const id = popular.results[0]!.id;
    const providers = await service.get<{ results: Record<string, { link: string; flatrate?: { provider_name: string }[] }> }>(`/3/movie/${id}/watch/providers`);
    const videos = await service.get<{ results: { type: string; site: string; key: string }[] }>(`/3/movie/${id}/videos`);
    const recommended = await service.get<{ results: { id: number; title: string }[] }>(`/3/movie/${id}/recommendations`);
    await ui.press(KEY.enter);
    await ui.waitFor('Original title');

    // No region given to the store: the United States.
    await ui.press('p');
    let frame = await ui.waitFor('Where to watch in United States (US)');
    // The catalog offers its first popular film in the US, on a flat rate too (the screen without
    // offers is title-views.test.tsx's): the first offer is named, and Enter opens the offers' page.
    const us = providers.results.US;
    expect(us?.flatrate?.[0]).toBeDefined();
    expect(frame).toContain(us!.flatrate![0]!.provider_name);
    await ui.press(KEY.enter);
    expect(opened).toEqual([us!.link]);

    await ui.press('v');
    frame = await ui.waitFor(`${videos.results.length} video`);
    const first = [...videos.results].sort((a, b) => Number(b.type === 'Trailer') - Number(a.type === 'Trailer'))[0];
    expect(first?.type).toBe('Trailer');
    expect(frame.split('\n').find((line) => line.startsWith('›'))).toContain('Trailer');

    await ui.press('O');
    await ui.waitFor('Recommended');
    const firstRecommended = recommended.results[0]!;
    await ui.waitFor(firstRecommended.title);
    await ui.press(KEY.enter);
    await ui.waitFor(new RegExp(`› ${firstRecommended.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('says why the region key does nothing outside Upcoming, and help lists it as not available now', async ({ app }) => {
    const { ui } = await app.start();
    await ui.press('R');
    await ui.waitFor('i Upcoming list only');
    expect(ui.frame()).not.toContain('Region:');
    await ui.press('?');
    const help = await ui.waitFor('Keys on this screen');
    expect(help).toMatch(/R\s+Upcoming: choose the region \(country\), or none \(not now: Upcoming list only\)/);
  });

  it('opens the latest movie (E1) with l', async ({ app, service }) => {
    const { ui } = await app.start();
    const latest = await service.get<{ title: string }>('/3/movie/latest');
    await ui.press('l');
    const frame = await ui.waitFor('Original title');
    expect(frame).toContain('the latest movie of the catalog');
    expect(frame).toContain(latest.title);
    expect(frame).toContain('Movies › Popular › Latest movie');
  });

  it('adds the movie to one of my lists from its screen, and says a second add is not needed', async ({ app, service }) => {
    const { ui, store, calls } = await app.start();
    await ui.press(KEY.enter);
    await ui.waitFor('Original title');
    await ui.press('a');
    await ui.waitFor('Press s to sign in');
    await ui.press(KEY.esc);

    await signIn(service, store);
    const name = `Movie screen ${Date.now().toString(36)}`;
    expect((await act(() => store.getState().lists.createList({ name, description: '', language: 'en' }))).ok).toBe(true);
    await ui.press('a');
    await ui.waitFor(`[ ] ${name}`);
    await ui.press('a');
    // The mark and the count come from two reads loaded again after the add: the count may follow.
    let frame = await ui.waitFor((f) => f.includes(`[✓] ${name}`) && f.includes('1 movie'));
    await ui.waitFor('✓ Added');

    // Adding it again is said to be needless; no add goes out.
    await ui.press('a');
    frame = await ui.waitFor('is already on the list: not added again');
    expect(frame).not.toContain('Duplicate entry');

    // Enter takes it off, as a checkbox does, and puts it back.
    await ui.press(KEY.enter);
    frame = await ui.waitFor(`[ ] ${name}`);
    await ui.waitFor('✓ Removed');
    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes(`[✓] ${name}`) && f.includes('1 movie'));
    await ui.waitFor('✓ Added');

    // Two Enters in one read do what they do one at a time: off, then on again; neither is dropped.
    const writes = () => calls.filter((op) => op === 'addListItem' || op === 'removeListItem');
    const before = writes().length;
    await act(async () => ui.stdin.write(`${KEY.enter}${KEY.enter}`));
    await ui.waitFor(() => writes().length === before + 2);
    expect(writes().slice(before)).toEqual(['removeListItem', 'addListItem']);
    await ui.waitFor((f) => f.includes(`[✓] ${name}`) && f.includes('✓ Added'));

    await ui.press(KEY.esc, 'l');
    await ui.waitFor(name);
    await ui.press('a', 'x');
    await ui.waitFor(`[ ] ${name}`);
    await ui.press(KEY.esc);
    await ui.waitFor('No list contains this movie yet');
  });

  it('rates a movie, puts it on the watchlist and marks it a favourite from its screen; a guest can only rate', async ({ app, service }) => {
    const { ui, store, calls } = await app.start();
    await ui.press(KEY.enter);
    const frame = await ui.waitFor('Not signed in: rating this film starts a guest session');
    const title = /^(.+?) \(\d{4}\)(?=\s|$)/m.exec(frame.split('\n')[2] ?? '')?.[1];
    expect(title).toBeTruthy();

    // Nobody signed in: the watchlist key says why it does nothing; rating starts a guest session.
    await ui.press('w');
    await ui.waitFor('The watchlist and favourites belong to an account: sign in first');
    await ui.press('r', '7', KEY.enter);
    await ui.waitFor(`Rated “${title}”: 7.0`);
    await ui.waitFor('Your rating 7.0');
    expect(store.getState().session.current.kind).toBe('guest');
    await ui.press('f');
    await ui.waitFor('A guest session has no watchlist or favourites');

    await signIn(service, store);
    await ui.waitFor('Not rated by you · not on your watchlist · not a favourite');
    await ui.press('w');
    await ui.waitFor('on your watchlist · not a favourite');
    // Two presses in one read do what two do one at a time: off, then on again, neither refused.
    // The last ask wins: the first is sent only if it went out before the second was asked, and
    // only the last is said to be saved.
    const watchlistWrites = () => calls.filter((op) => op === 'setWatchlist').length;
    const before = watchlistWrites();
    const lastToastBefore = Math.max(0, ...store.getState().notifications.toasts.map((toast) => toast.id));
    await act(async () => ui.stdin.write('ww'));
    await ui.waitFor(() => watchlistWrites() > before && Object.keys(store.getState().marks.pending).length === 0);
    expect(watchlistWrites() - before).toBeLessThanOrEqual(2);
    const said = store.getState().notifications.toasts.filter((toast) => toast.id > lastToastBefore).map((toast) => toast.text);
    expect(said).toEqual([`Put “${title}” on your watchlist`]);
    await ui.waitFor('· on your watchlist · not a favourite');
    await ui.press('f');
    await ui.waitFor('on your watchlist · a favourite');
    await ui.press('r', '8', '.', '5', KEY.enter);
    await ui.waitFor('Your rating 8.5 · on your watchlist · a favourite');
    // A value off the half steps is refused in the form, before any request.
    await ui.press('r', '8', '.', '3', KEY.enter);
    await ui.waitFor(/✗ .*0\.5/);
    await ui.press(KEY.esc, 'X');
    await ui.waitFor('Delete your rating 8.5');
    await ui.press('y');
    await ui.waitFor('Not rated by you · on your watchlist · a favourite');

    // The Lists tab has it on the watchlist and in the favourites; the guest's rating stayed the guest's.
    await ui.press('4');
    await ui.waitFor('Also: W watchlist · F favourites · M my ratings');
    await ui.press('W');
    await ui.waitFor(new RegExp(`Watchlist[\\s\\S]*› ${title} \\(`));
    await ui.press(KEY.esc, 'M');
    await ui.waitFor('Nothing here yet: rate a title on its screen.');
    await ui.press(KEY.esc, 'F');
    await ui.waitFor(new RegExp(`› ${title} \\(`));
    // A title in a list is rated with the same form, from its row.
    await ui.press('r', '6', KEY.enter);
    await ui.waitFor(`Rated “${title}”: 6.0`);
    await ui.press(KEY.esc, 'M');
    await ui.waitFor(new RegExp(`› ${title} \\(.*mine 6\\.0`));
    await ui.press(KEY.esc, 'F');
    await ui.waitFor(new RegExp(`› ${title} \\(`));
    await ui.press(KEY.enter);
    await ui.waitFor('Your rating 6.0 · on your watchlist · a favourite');
    expect(store.getState().nav.stacks.lists.at(-1)).toMatchObject({ screen: 'movies.detail', params: { title } });
  });

  it('opens the collection of a movie, in another language on request, and its parts', async ({ app, service }) => {
    const { ui, store } = await app.start();
    const collection = await service.get<{ name: string; parts: { id: number; title?: string }[] }>('/3/collection/1');
    const part = collection.parts[0]!;
    await act(async () => store.getState().nav.push('movies.detail', { id: part.id, title: part.title ?? 'Part' }));
    await ui.waitFor(`${collection.name} (c or Enter opens it)`);
    await ui.press(KEY.enter);
    let frame = await ui.waitFor(/\d+ parts?/);
    expect(frame).toContain('in American English');
    await ui.press('L');
    await ui.type('fr');
    await ui.press(KEY.enter);
    // The parts come back in French.
    await ui.waitFor((f) => f.includes('in French') && /\d+ parts?/.test(f));
    await ui.press(KEY.enter);
    frame = await ui.waitFor('Original title');
    expect(frame).toContain(part.title);
  });

  it('film -> c collection -> Enter the same film -> c ... returns to the screens already open instead of stacking them', async ({ app, service }) => {
    const { ui, store } = await app.start();
    const collection = await service.get<{ name: string; parts: { id: number; title?: string }[] }>('/3/collection/1');
    const part = collection.parts[0]!;
    await act(async () => store.getState().nav.push('movies.detail', { id: part.id, title: part.title ?? 'Part' }));
    await ui.waitFor(`${collection.name} (c or Enter opens it)`);
    const stack = () => store.getState().nav.stacks.movies.map((entry) => entry.screen);
    for (let round = 0; round < 3; round++) {
      await ui.press('c');
      await ui.waitFor(/\d+ parts?/);
      expect(stack()).toEqual(['movies.home', 'movies.detail', 'movies.collection']);
      await ui.press(KEY.enter);
      await ui.waitFor(`${collection.name} (c or Enter opens it)`);
      expect(stack()).toEqual(['movies.home', 'movies.detail']);
    }
    // The same again as one burst: still two screens deep, and the breadcrumb names each once.
    await act(async () => {
      ui.stdin.write(`c\r`.repeat(3));
      await new Promise((resolve) => setImmediate(resolve));
    });
    const frame = await ui.waitFor(`${collection.name} (c or Enter opens it)`);
    expect(stack()).toEqual(['movies.home', 'movies.detail']);
    const header = frame.split('\n').find((line) => line.includes('Movies ›'))!;
    expect(header.split(part.title!).length - 1).toBeLessThanOrEqual(1);
    expect(header).not.toContain(collection.name);
  });

  it('shows a movie the service does not have as an error in the panel, without offering a retry that cannot help', async ({ app, service }) => {
    const { ui, store } = await app.start();
    await act(async () => store.getState().nav.push('movies.detail', { id: 987654, title: 'Nowhere' }));
    const frame = await ui.waitFor('Could not load the movie');
    expect(frame).toContain('The resource you requested could not be found. (HTTP 404)');
    // A 404 comes back the same however often it is asked: the panel says the service has none.
    expect(frame).not.toContain('Press r to try again');
    expect(frame).toContain('The service does not have the movie.');
    const movie = () => queryState(store.getState().queries, operationSource('movieDetails', { path: { movie_id: 987654 } }));
    const before = movie();
    expect(before.status).toBe('error');
    await ui.press('r');
    expect(movie()).toBe(before);
    expect(ui.frame()).toContain('Could not load the movie');
  });
});

describe('what the movie screens read out', () => {
  it('says when a kept answer was stored: the time today, the day before that, the year before this one', () => {
    const now = new Date(2026, 10, 24, 15, 30).getTime();
    expect(formatAsOf(new Date(2026, 10, 24, 9, 5).getTime(), now)).toBe('09:05');
    expect(formatAsOf(new Date(2026, 10, 23, 23, 59).getTime(), now)).toBe('23 Nov 23:59');
    expect(formatAsOf(new Date(2025, 0, 2, 14, 2).getTime(), now)).toBe('2 Jan 2025 14:02');
  });

  it('formats dates, runtimes, money, votes and languages as people read them', () => {
    expect(formatDate('2024-03-12')).toBe('12 Mar 2024');
    expect(formatDate('2024-09-02')).toBe('2 Sep 2024');
    expect(formatDate('')).toBe('date unknown');
    expect(formatRuntime(136)).toBe('2h 16m');
    expect(formatMoney(29_000_000)).toBe('$29,000,000');
    expect(formatMoney(0)).toBe('not known');
    expect(formatVote(7.834, 1_234)).toBe('7.8 (1.2k)');
    expect(languageName('ja')).toBe('Japanese');
    expect(languageName(null)).toBe('untagged');
    expect(wrapText('a b c dd', 3)).toEqual(['a b', 'c', 'dd']);
  });

  it('offers the ISO 3166-1 countries and the ISO 639-1 languages by name', () => {
    const regions = regionChoices();
    expect(regions).toHaveLength(250);
    expect(regions).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(regions).toContainEqual({ code: 'XK', name: 'Kosovo' });
    for (const notACountry of ['EU', 'UN', 'ZZ', 'ZR', 'AN']) expect(regions.map((r) => r.code)).not.toContain(notACountry);
    const languages = languageChoices();
    expect(languages).toHaveLength(183);
    expect(languages).toContainEqual({ code: 'ja', name: 'Japanese' });
    expect(languages.map((l) => l.code)).not.toContain('iw');
    expect(filterChoices(regions, 'de').map((r) => r.code)[0]).toBe('DE');
    expect(filterChoices(regions, 'germ').map((r) => r.code)).toEqual(['DE']);
    // A name that starts with the text comes before one that only has a word starting with it,
    // which comes before one that merely contains it.
    const germanFirst = filterChoices([{ code: 'de-AT', name: 'Austrian German' }, { code: 'nds', name: 'Low German' }, { code: 'de', name: 'German' }, { code: 'x', name: 'Algeria' }], 'ger');
    expect(germanFirst.map((c) => c.code)).toEqual(['de', 'de-AT', 'nds', 'x']);
    expect(filterChoices(regions, 'uni').map((r) => r.name).slice(0, 2)).toEqual(['United Arab Emirates', 'United Kingdom']);
  });
});

import { act } from 'react';
import { afterAll, describe, expect } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import { ACCOUNT_STATE_FRESH_MS } from '../../src/state/index.js';
import { modernClient } from '../server/modern-client.js';
import { storeTest, type App, type ServedRequest } from '../store-test.js';
import { KEY, type Rendered } from './harness.js';

/**
 * Account state changed behind the TUI's back (another device, `marquee api`): straight to the
 * server through a second client of the same account. A screen shows what is kept at once and
 * asks again when it is shown after the bound, or when the terminal regains focus; within the
 * bound nothing is asked again, however often the screen comes back. Requests are counted at
 * the server.
 */

const FOCUS_IN = '\u001B[I';
const FOCUS_OUT = '\u001B[O';

/** The requests the server was sent, in order, each with the status it was answered with. */
let requests: readonly ServedRequest[] = [];
/** The second device: the demo account signed in on a client of its own. */
let elsewhere: CatalogClient;
let accountId = 0;

const it = storeTest.override('logRequests', true);
it.beforeAll(async ({ service }) => {
  const { server } = service;
  requests = service.requests;
  const signIn = new CatalogClient({ baseUrl: server.url, token: server.token, retry: { maxRetries: 0 } });
  const { request_token } = await signIn.call('requestToken');
  const { username, password } = server.demoAccount;
  await signIn.call('validateWithLogin', { body: { username, password, request_token } });
  const { session_id } = await signIn.call('createSession', { body: { request_token } });
  await signIn.close();
  elsewhere = new CatalogClient({ baseUrl: server.url, token: server.token, retry: { maxRetries: 0 }, session: { sessionId: session_id } });
  accountId = (await elsewhere.call('accountOfSession')).id;
});
afterAll(() => elsewhere.close());

/** The TUI signed in as the demo account, with a clock the test moves. */
async function startSignedIn(app: App) {
  const clock = { now: Date.now() };
  const { ui, store } = await app.start({ signedIn: true, deps: { now: () => clock.now } });
  const pass = (ms: number) => {
    clock.now += ms;
  };
  return { ui, store, pass };
}

/** How many requests for paths matching `path` the server has had since `from` (an index of `requests`). */
const count = (path: RegExp, from = 0) => requests.slice(from).filter((r) => path.test(r.path)).length;
/** The statuses of the requests for paths matching `path` since `from`. */
const answers = (path: RegExp, from = 0) => requests.slice(from).flatMap((r) => (path.test(r.path) ? [r.status] : []));

/** Lets answers in flight arrive (and the screen draw them) without any key. */
async function settle(ui: Rendered) {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 20)));
  return ui.frame();
}

async function focusIn(ui: Rendered) {
  await act(async () => {
    ui.stdin.write(FOCUS_IN);
    await new Promise((r) => setImmediate(r));
  });
}

/** A series whose first regular season has at least four episodes, the first ones aired. */
async function seasonToRate() {
  const modern = modernClient(elsewhere);
  const popular = await modern.call('popularTv');
  for (const item of popular.results) {
    const series = await modern.call('tvDetails', { path: { series_id: item.id } });
    const season = series.seasons.find((s) => s.season_number > 0 && s.episode_count >= 4);
    if (!season) continue;
    const details = await modern.call('seasonDetails', { path: { series_id: series.id, season_number: season.season_number } });
    return { series, details, name: (n: number) => details.episodes.find((e) => e.episode_number === n)!.name!.slice(0, 20) };
  }
  throw new Error('no popular series has a season of four episodes');
}

describe('account state changed elsewhere', () => {
  it("shows the service's episode ratings after returning to the season past the bound, and after a focus-in; never more often", async ({ app }) => {
    const { series, details, name } = await seasonToRate();
    const path = (episode: number) => ({ series_id: series.id, season_number: details.season_number, episode_number: episode });
    await elsewhere.call('rateEpisode', { path: path(1), body: { value: 1 } });

    const { ui, store, pass } = await startSignedIn(app);
    await act(async () => store.getState().nav.push('tv.season', { seriesId: series.id, season: details.season_number, title: series.name }));
    const rowOf = (frame: string, n: number) => frame.split('\n').find((line) => line.includes(name(n))) ?? '';
    await ui.waitFor((f) => rowOf(f, 1).trimEnd().endsWith('1.0'));

    // Another device rates E2 and deletes E1's rating.
    await elsewhere.call('rateEpisode', { path: path(2), body: { value: 6.5 } });
    await elsewhere.call('deleteEpisodeRating', { path: path(1) });
    const rated = /\/account\/\d+\/rated\/tv\/episodes/;
    const before = requests.length;

    // Within the bound, the season comes back (from an episode) five times without a request.
    for (let i = 0; i < 5; i++) {
      await ui.press(KEY.enter);
      await ui.waitFor('My rating');
      await ui.press(KEY.esc);
      await ui.waitFor((f) => rowOf(f, 1) !== '' && !f.includes('My rating'));
    }
    expect(count(rated, before)).toBe(0);
    expect(rowOf(ui.frame(), 1).trimEnd()).toMatch(/1\.0$/);

    // Past the bound, E1's screen asks once: it says what the service holds, and so does the season.
    pass(ACCOUNT_STATE_FRESH_MS + 1);
    await ui.press(KEY.enter);
    await ui.waitFor(/My rating\s+not rated/);
    await ui.press(KEY.esc);
    let frame = await ui.waitFor((f) => rowOf(f, 2).trimEnd().endsWith('6.5'));
    expect(rowOf(frame, 1).trimEnd()).not.toMatch(/\d\.\d$/);
    expect(count(rated, before)).toBe(1);

    // `X` on E2 names what the service holds at that moment, not what was last read.
    await elsewhere.call('rateEpisode', { path: path(2), body: { value: 3 } });
    await ui.press('j', 'X');
    await ui.waitFor(/Delete your rating 3\.0 of S\d+ E2\?/);
    await ui.press('n');

    // Focus regained within the bound asks nothing; past it, once, and the row follows.
    await elsewhere.call('rateEpisode', { path: path(3), body: { value: 4 } });
    const beforeFocus = requests.length;
    await focusIn(ui);
    await settle(ui);
    expect(count(rated, beforeFocus)).toBe(0);
    pass(ACCOUNT_STATE_FRESH_MS + 1);
    await act(async () => ui.stdin.write(FOCUS_OUT));
    await focusIn(ui);
    frame = await ui.waitFor((f) => rowOf(f, 3).trimEnd().endsWith('4.0'));
    await focusIn(ui);
    await settle(ui);
    expect(count(rated, beforeFocus)).toBe(1);
    // Unchanged since, the next revalidation is a conditional request: 304, no body.
    pass(ACCOUNT_STATE_FRESH_MS + 1);
    const beforeUnchanged = requests.length;
    await focusIn(ui);
    await settle(ui);
    expect(answers(rated, beforeUnchanged)).toEqual([304]);
    expect(rowOf(ui.frame(), 3).trimEnd()).toMatch(/4\.0$/);
    // The reports typed nothing: no "[I" or "[O" reached a key or the filter.
    await ui.press('/');
    await focusIn(ui);
    await ui.press('x');
    frame = await ui.waitFor('x');
    expect(frame).not.toMatch(/\[I|\[O/);
  });

  it("shows the watchlist and a list's items as the service holds them after returning past the bound, and after a focus-in", async ({ app }) => {
    const popular = await modernClient(elsewhere).call('popularMovies');
    const [onList, addedToList, watched, addedToWatchlist] = popular.results.slice(0, 4).map((m) => ({ id: m.id, title: m.title! }));
    const { list_id: listId } = await elsewhere.call('createList', { body: { name: 'Weekend', description: '', language: 'en' } });
    await elsewhere.call('addListItem', { path: { list_id: listId }, body: { media_id: onList!.id } });
    await elsewhere.call('setWatchlist', { path: { account_id: accountId }, body: { media_type: 'movie', media_id: watched!.id, watchlist: true } });

    const { ui, store, pass } = await startSignedIn(app);
    await ui.press('4');
    await ui.waitFor('Weekend');
    await ui.press('W');
    await ui.waitFor(watched!.title.slice(0, 20));
    await ui.press(KEY.esc);
    await ui.waitFor('Weekend');

    await elsewhere.call('setWatchlist', { path: { account_id: accountId }, body: { media_type: 'movie', media_id: addedToWatchlist!.id, watchlist: true } });
    const watchlist = /\/account\/\d+\/watchlist\/movies/;
    const before = requests.length;
    for (let i = 0; i < 5; i++) {
      await ui.press('W');
      await ui.waitFor(watched!.title.slice(0, 20));
      await ui.press(KEY.esc);
      await ui.waitFor('Weekend');
    }
    expect(count(watchlist, before)).toBe(0);

    pass(ACCOUNT_STATE_FRESH_MS + 1);
    await ui.press('W');
    await ui.waitFor(addedToWatchlist!.title.slice(0, 20));
    await settle(ui);
    expect(count(watchlist, before)).toBe(1);
    await ui.press(KEY.esc);
    await ui.waitFor('Weekend');

    // The list: its items, changed elsewhere, after returning past the bound and after a focus-in.
    const listPath = new RegExp(`/list/${listId}$`);
    await act(async () => store.getState().nav.push('lists.detail', { id: listId, title: 'Weekend' }));
    await ui.waitFor(onList!.title.slice(0, 20));
    await ui.press(KEY.esc);
    await elsewhere.call('addListItem', { path: { list_id: listId }, body: { media_id: addedToList!.id } });
    pass(ACCOUNT_STATE_FRESH_MS + 1);
    const beforeList = requests.length;
    await act(async () => store.getState().nav.push('lists.detail', { id: listId, title: 'Weekend' }));
    await ui.waitFor(addedToList!.title.slice(0, 20));

    await elsewhere.call('removeListItem', { path: { list_id: listId }, body: { media_id: onList!.id } });
    pass(ACCOUNT_STATE_FRESH_MS + 1);
    await focusIn(ui);
    const frame = await ui.waitFor((f) => !f.includes(onList!.title.slice(0, 20)));
    expect(frame).toContain(addedToList!.title.slice(0, 20));
    await settle(ui);
    // The list screen reads the list twice (its title and its pages): one request each, each time.
    expect(count(listPath, beforeList)).toBe(4);
    await focusIn(ui);
    await settle(ui);
    expect(count(listPath, beforeList)).toBe(4);
  });
});

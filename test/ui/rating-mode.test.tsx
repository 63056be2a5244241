import { act } from 'react';
import { describe, expect } from 'vitest';
import type { EpisodeRef } from '../../src/state/index.js';
import { storeTest, type Service, type StartedApp } from '../store-test.js';
import { KEY, type Rendered } from './harness.js';
import { openSeasonByKeys, serviceRating } from './tv-support.js';

/**
 * Rating mode and the batches on a season, against the embedded catalog, with every value read
 * back from the service: the half point goes to the rating just given wherever the cursor went,
 * Backspace takes back the last rating of the mode (never deletes without asking), `7 .` is one
 * change for undo, episodes not aired yet are skipped, the last toast is about the last write,
 * and keys in one read end as the same keys typed one at a time with the service answering
 * between them.
 */

type Target = Parameters<typeof openSeasonByKeys>[1];

/** An app on a season, and what the service holds as its rating of an episode (read by a client of its own). */
type Opened = StartedApp & { serviceRating(episode: EpisodeRef): Promise<number | null> };

/** `open(target)`: the TUI on the embedded catalog, opened on the target's season by keys. */
const it = storeTest.extend('open', async ({ app, service }) => async (target: Target): Promise<{ ui: Rendered; store: Opened }> => {
  const started = await app.start();
  await openSeasonByKeys(started.ui, target);
  return { ui: started.ui, store: { ...started, serviceRating: (episode) => serviceRating(service.server, started.test.dataDir, episode) } };
});

/** A first regular season of a few episodes, all aired, followed by an aired season. */
let boundary: Target;
/** A first regular season with some episodes aired and the rest not yet. */
let airing: Target & { readonly aired: number };

const today = new Date().toISOString().slice(0, 10);
const hasAired = (airDate: string | null | undefined) => !!airDate && airDate <= today;

/** The first popular series whose first regular season passes `fits` (given it and the season after). */
async function findSeason({ client }: Service, fits: (details: Target['details'], next: { air_date?: string | null } | undefined) => boolean): Promise<Target> {
  for (let page = 1; page <= 5; page++) {
    const popular = await client.call('popularTv', { query: { page } });
    for (const [index, item] of popular.results.entries()) {
      const series = await client.call('tvDetails', { path: { series_id: item.id } });
      const regular = series.seasons.filter((s) => s.season_number > 0).sort((a, b) => a.season_number - b.season_number);
      const season = regular[0];
      if (!season) continue;
      const details = await client.call('seasonDetails', { path: { series_id: series.id, season_number: season.season_number } });
      if (!hasAired(details.episodes[0]?.air_date)) continue;
      if (fits(details, regular[1])) return { position: (page - 1) * popular.results.length + index, series, season, details, stills: [] };
    }
  }
  throw new Error('no popular series has such a first season');
}

it.beforeAll(async ({ service }) => {
  boundary = await findSeason(service, ({ episodes }, next) => {
    return episodes.length >= 4 && episodes.length <= 8 && episodes.every((e) => hasAired(e.air_date)) && next !== undefined && hasAired(next.air_date);
  });
  const found = await findSeason(service, ({ episodes }) => {
    const aired = episodes.filter((e) => hasAired(e.air_date)).length;
    return aired >= 2 && aired < episodes.length && episodes.slice(0, aired).every((e) => hasAired(e.air_date));
  });
  airing = { ...found, aired: found.details.episodes.filter((e) => hasAired(e.air_date)).length };
}, 120_000);
const episode = (target: Target, number: number): EpisodeRef => ({ seriesId: target.series.id, season: target.season.season_number, episode: number });

/** Every toast said from now on, in order (the screen keeps only the last few). */
function collectToasts(store: Opened): string[] {
  const said: string[] = [];
  store.store.subscribe((state, before) => {
    for (const toast of state.notifications.toasts) if (!before.notifications.toasts.some((t) => t.id === toast.id)) said.push(toast.text);
  });
  return said;
}

/** Every write answered. */
async function settle(store: Opened) {
  await act(() => store.store.getState().ratings.settled());
}

/** Keys one at a time, as a person types them: each waits for the service to answer what the one before asked. */
async function oneByOne(ui: Rendered, store: Opened, keys: readonly string[]) {
  for (const key of keys) {
    await ui.press(key);
    await settle(store);
  }
}

/** The same keys, all in one read. */
async function burst(ui: Rendered, store: Opened, keys: readonly string[]) {
  await ui.press(keys.join(''));
  // Keys wait for screens that load (the next season): until every key was routed, then every write answered.
  await ui.waitFor(() => true);
  for (let i = 0; i < 20; i++) {
    await settle(store);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  await settle(store);
}

const both = [
  ['one key at a time', oneByOne],
  ['in one read', burst],
] as const;

/** What the service holds for episodes 1..count of the target's season. */
async function serviceValues(store: Opened, target: Target, count: number) {
  return Promise.all(Array.from({ length: count }, (_, i) => store.serviceRating(episode(target, i + 1))));
}

describe.each(both)('rating mode, keys %s', (_how, send) => {
  it('gives the half point to the last episode of the season even though the digit moved on to the next season', async ({ open }) => {
    const { ui, store } = await open(boundary);
    const count = boundary.details.episodes.length;
    // m, down to the last episode, then 4 . there.
    await send(ui, store, ['m', ...Array<string>(count - 1).fill('j'), '4', '.']);
    const frame = await ui.waitFor(/Season 2|rating mode/);
    expect(await store.serviceRating(episode(boundary, count))).toBe(4.5);
    expect(frame).not.toContain('Type a digit first');
    expect(frame).toContain(`last: S${boundary.season.season_number} E${count} 4.5`);
  });

  it('keeps every half point of a run of digits and dots that crosses into the next season', async ({ open }) => {
    const { ui, store } = await open(boundary);
    const count = boundary.details.episodes.length;
    // 9 . 8 7 . 6 ...: every other episode gets a half point, the last one included.
    const keys = ['m'];
    const expected: number[] = [];
    for (let i = 0; i < count; i++) {
      const digit = 9 - i;
      keys.push(String(digit));
      const half = i % 2 === 0 || i === count - 1;
      if (half) keys.push('.');
      expected.push(half ? digit + 0.5 : digit);
    }
    await send(ui, store, keys);
    expect(await serviceValues(store, boundary, count)).toEqual(expected);
  });

  it('Backspace takes back the rating just given and steps back to it, never deleting one without asking', async ({ open }) => {
    const { ui, store } = await open(boundary);
    await oneByOne(ui, store, ['r', '6', KEY.enter, 'k']);
    expect(await store.serviceRating(episode(boundary, 1))).toBe(6);
    // Re-rating: 5 was a typo.
    await send(ui, store, ['m', '5', KEY.backspace]);
    expect(await store.serviceRating(episode(boundary, 1))).toBe(6);
    expect(await store.serviceRating(episode(boundary, 2))).toBeNull();
    const frame = await ui.waitFor((f) => /Rating mode: 1-9 rate S\d+ E1 and move on/.test(f));
    expect(frame).not.toContain('Deleted your rating');
    expect(store.calls).not.toContain('deleteEpisodeRating');
  });

  it('Backspace after the last episode of the season goes back to it in the season before', async ({ open }) => {
    const { ui, store } = await open(boundary);
    const count = boundary.details.episodes.length;
    await send(ui, store, ['m', ...Array<string>(count - 1).fill('j'), '8', KEY.backspace]);
    const frame = await ui.waitFor(new RegExp(`Rating mode: 1-9 rate S${boundary.season.season_number} E${count} and move on`));
    expect(frame).toContain(boundary.season.name ?? 'Season 1');
    expect(await store.serviceRating(episode(boundary, count))).toBeNull();
  });

  it('7 then . is one rating: one u takes it back, and the hint forgets it', async ({ open }) => {
    const { ui, store } = await open(boundary);
    await send(ui, store, ['m', '7', '.', 'u']);
    expect(await store.serviceRating(episode(boundary, 1))).toBeNull();
    let frame = await ui.waitFor((f) => f.includes('Rating mode:'));
    expect(frame).not.toContain('last:');
    await ui.press('.');
    frame = await ui.waitFor('Type a digit first');
    expect(frame).not.toContain('takes no half point more');
  });

  it('a range then a delete ends the same: E1 rated, E2 deleted', async ({ open }) => {
    const { ui, store } = await open(boundary);
    await send(ui, store, ['v', 'j', 'r', '2', KEY.enter, 'X', 'y']);
    expect(await serviceValues(store, boundary, 2)).toEqual([2, null]);
  });

  it('rating mode skips episodes not aired yet and says how many', async ({ open }) => {
    const { ui, store } = await open(airing);
    const { aired } = airing;
    const total = airing.details.episodes.length;
    // Down to the last aired episode, rate it, then a digit on the first one not aired.
    const said = collectToasts(store);
    await send(ui, store, ['m', ...Array<string>(aired - 1).fill('j'), '8', '9']);
    const values = await serviceValues(store, airing, total);
    expect(values[aired - 1]).toBe(8);
    expect(values.slice(aired)).toEqual(Array(total - aired).fill(null));
    const texts = said.join('\n');
    expect(texts).toContain(`skipped ${total - aired} episode${total - aired === 1 ? '' : 's'} not aired yet`);
    expect(texts).toMatch(new RegExp(`S\\d+ E${aired + 1} has not aired yet`));
  });

  it('a leaves out the episodes not aired yet and says how many', async ({ open }) => {
    const { ui, store } = await open(airing);
    const { aired } = airing;
    const total = airing.details.episodes.length;
    await send(ui, store, ['a']);
    const frame = await ui.waitFor('Rate ');
    expect(frame).toContain(`Rate ${aired} episodes`);
    expect(frame).toContain(`Left out ${total - aired} episode`);
    await send(ui, store, ['7', KEY.enter]);
    const values = await serviceValues(store, airing, total);
    expect(values).toEqual([...Array(aired).fill(7), ...Array(total - aired).fill(null)]);
  });

  it('r on an episode not aired yet asks first', async ({ open }) => {
    const { ui, store } = await open(airing);
    const { aired } = airing;
    await send(ui, store, [...Array<string>(aired).fill('j'), 'r']);
    await ui.waitFor('has not aired yet');
    await send(ui, store, ['n', 'r', 'y', '3', KEY.enter]);
    expect(await store.serviceRating(episode(airing, aired + 1))).toBe(3);
  });
});

describe('an episode not aired yet on its own screen', () => {
  it('r asks first, and y opens the form', async ({ open }) => {
    const { ui, store } = await open(airing);
    const next = airing.details.episodes[airing.aired]!;
    await oneByOne(ui, store, [...Array<string>(airing.aired).fill('j'), KEY.enter]);
    await ui.waitFor(`E${next.episode_number} · ${next.name}`);
    await ui.press('r');
    await ui.waitFor(new RegExp(`S\\d+ E${next.episode_number} has not aired yet \\((airs|no air date)`));
    await oneByOne(ui, store, ['y', '6', KEY.enter]);
    expect(await store.serviceRating(episode(airing, next.episode_number))).toBe(6);
  });
});

describe('the last word', () => {
  it('after a burst the last toast names the last write', async ({ open }) => {
    const { ui, store } = await open(boundary);
    const said = collectToasts(store);
    await burst(ui, store, ['m', '6', '7', '8', '9']);
    const rated = said.filter((text) => text.startsWith('Rated '));
    expect(rated.at(-1)).toBe(`Rated S${boundary.season.season_number} E4: 9.0`);
    // No answer that came late speaks after it.
    expect(said.slice(said.lastIndexOf(rated.at(-1)!) + 1).filter((text) => text.startsWith('Rated '))).toEqual([]);
    expect(rated).toHaveLength(1);
  });
});

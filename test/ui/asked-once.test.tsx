import { act } from 'react';
import { describe, expect } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import type { StoreDeps } from '../../src/state/index.js';
import { storeTest as it, type StartedApp } from '../store-test.js';

/**
 * A screen asks for a record with the parts its views show appended (append_to_response): a
 * part that came inside that answer is never asked for on its own, and nothing is asked twice,
 * however soon after the screen opens its views are shown.
 */

type Store = StartedApp['store'];

/** Each operation asked, by name; a later page of a paged one with its page ("movieLists page 2"). */
const calls: string[] = [];
const recording: StoreDeps['createClient'] = (target, session) => {
  const client = new CatalogClient({ baseUrl: target.baseUrl, token: target.token ?? '', session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
  const call = (op: string, args: { query?: { page?: number } } | undefined) => {
    const page = Number(args?.query?.page ?? 1);
    calls.push(page > 1 ? `${op} page ${page}` : op);
    return client.call(op as never, args as never);
  };
  return { call: call as never, imageBytes: (address, signal) => client.imageBytes(address, signal), close: () => client.close() };
};

/** The operations asked from `from` on, with how often each was asked. */
const askedSince = (from: number) => {
  const counts: Record<string, number> = {};
  for (const op of calls.slice(from)) counts[op] = (counts[op] ?? 0) + 1;
  return counts;
};

const open = (store: Store, ...args: Parameters<ReturnType<Store['getState']>['nav']['push']>) =>
  act(async () => void store.getState().nav.push(...args));

describe('each read asked once per screen', () => {
  it('an episode: its stills and external ids come with it', async ({ app, service }) => {
    const { results } = await service.get<{ results: Array<{ id: number }> }>('/3/tv/popular');
    const series = await service.get<{ id: number; seasons: Array<{ season_number: number; episode_count: number }> }>(`/3/tv/${results[0]!.id}`);
    const season = series.seasons.find((s) => s.season_number > 0 && s.episode_count > 0)!;
    const { ui, store } = await app.start({ deps: { createClient: recording } });
    const from = calls.length;
    await open(store, 'tv.episode', { seriesId: series.id, season: season.season_number, episode: 1, title: 'the episode' });
    await ui.waitFor((f) => /S\d+ E1/.test(f) && /IMDb|imdb/i.test(f) && !/Loading/i.test(f));
    const asked = askedSince(from);
    expect(asked.episodeDetails).toBe(1);
    for (const part of ['episodeImages', 'episodeExternalIds']) expect(asked[part], part).toBeUndefined();
    // The season and the series (for the next and previous episodes) once each.
    expect(Object.values(asked).every((n) => n === 1), JSON.stringify(asked)).toBe(true);
  });

  it('a movie and its views', async ({ app, service }) => {
    const { results } = await service.get<{ results: Array<{ id: number; title: string }> }>('/3/movie/popular');
    const { ui, store } = await app.start({ deps: { createClient: recording } });
    const from = calls.length;
    await open(store, 'movies.detail', { id: results[0]!.id, title: results[0]!.title });
    // The views at once, before the film's answer came, and again once it is there.
    await ui.press('C', 'i', 'l', 'p', 'v', 'm', 'd');
    await ui.waitFor(results[0]!.title);
    await ui.press('C', 'i', 'l', 'p', 'v', 'm', 'd');
    await ui.waitFor(results[0]!.title);
    const asked = askedSince(from);
    expect(asked.movieDetails).toBe(1);
    expect(Object.values(asked).every((n) => n === 1), JSON.stringify(asked)).toBe(true);
    for (const part of ['movieCredits', 'movieImages', 'movieLists', 'movieWatchProviders', 'movieVideos', 'movieRecommendations', 'similarMovies']) expect(asked[part], part).toBeUndefined();
  });

  it('a series and its views', async ({ app, service }) => {
    const { results } = await service.get<{ results: Array<{ id: number; name: string }> }>('/3/tv/popular');
    const { ui, store } = await app.start({ deps: { createClient: recording } });
    const from = calls.length;
    await open(store, 'tv.detail', { id: results[0]!.id, title: results[0]!.name });
    await ui.press('C', 'p', 'v', 'm', 'd');
    await ui.waitFor(results[0]!.name);
    await ui.press('C', 'p', 'v', 'm', 'd');
    await ui.waitFor(results[0]!.name);
    const asked = askedSince(from);
    expect(asked.tvDetails).toBe(1);
    expect(Object.values(asked).every((n) => n === 1), JSON.stringify(asked)).toBe(true);
    for (const part of ['seriesAggregateCredits', 'seriesWatchProviders', 'seriesVideos', 'seriesRecommendations', 'similarSeries', 'tvKeywords', 'seriesEpisodeGroups', 'seriesContentRatings']) expect(asked[part], part).toBeUndefined();
  });

  it('a person and the views', async ({ app, service }) => {
    const { results } = await service.get<{ results: Array<{ id: number; name: string }> }>('/3/person/popular');
    const { ui, store } = await app.start({ deps: { createClient: recording } });
    const from = calls.length;
    await open(store, 'search.person', { id: results[0]!.id, title: results[0]!.name });
    await ui.press('f', 'i', 'd');
    await ui.waitFor(results[0]!.name);
    await ui.press('f', 'i', 'd');
    await ui.waitFor(results[0]!.name);
    const asked = askedSince(from);
    expect(asked.personDetails).toBe(1);
    expect(Object.values(asked).every((n) => n === 1), JSON.stringify(asked)).toBe(true);
    for (const part of ['personImages', 'personCombinedCredits']) expect(asked[part], part).toBeUndefined();
  });
});

import { act } from 'react';
import { expect } from 'vitest';
import type { AppStore } from '../../src/state/index.js';
import type { CommandRegistry } from '../../src/ui/commands.js';
import type { RouteId } from '../../src/ui/routes.js';
import { KEY, type Rendered } from './harness.js';

/**
 * A screen of every route the tabs do not open on their own, with parameters from the embedded
 * catalog (a film with a collection and one with reviews, a series with its season, episode,
 * network and episode group, a person): what tests that walk the whole app push, one by one.
 */
export async function everyRouteScreen(get: <T>(path: string) => Promise<T>): Promise<{ screens: Array<[RouteId, Record<string, unknown>]>; firstMovieId: number }> {
  type Paged = { results: Array<{ id: number }> };
  const movies = await get<Paged>('/3/movie/popular');
  type MovieDetail = { id: number; title: string; belongs_to_collection?: { id: number; name: string } | null; production_companies?: Array<{ id: number; name: string }>; keywords?: { keywords: Array<{ id: number; name: string }> }; reviews?: { results: Array<{ id: string }> } };
  let movie: MovieDetail | undefined;
  let withCollection: MovieDetail | undefined;
  let withReview: MovieDetail | undefined;
  for (const { id } of movies.results) {
    const detail = await get<MovieDetail>(`/3/movie/${id}?append_to_response=keywords,reviews`);
    movie ??= detail;
    if (detail.belongs_to_collection) withCollection ??= detail;
    if ((detail.reviews?.results.length ?? 0) > 0) withReview ??= detail;
  }
  const series = (await get<Paged>('/3/tv/popular')).results[0]!;
  const seriesDetail = await get<{ id: number; name: string; networks: Array<{ id: number; name: string }>; seasons: Array<{ season_number: number; name: string }> }>(`/3/tv/${series.id}`);
  const groups = await get<{ results: Array<{ id: string; name: string }> }>(`/3/tv/${series.id}/episode_groups`);
  const season = seriesDetail.seasons.find((s) => s.season_number > 0) ?? seriesDetail.seasons[0]!;
  const person = (await get<Paged>('/3/person/popular')).results[0]!;

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
    ['certifications.country', {}],
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
  return { screens, firstMovieId: movies.results[0]!.id };
}

/** Waits until nothing on the screen is loading, as the registry and the frame both say. */
export async function settle(ui: Rendered, registry: CommandRegistry): Promise<void> {
  await ui.waitFor(() => !registry.isLoading() && !/Loading|loading/.test(ui.frame()));
}

/** A list of mine named `name` holding the film `movieId`, made by the store and opened from the Lists tab by keys, once settled. */
export async function openListOfMine(ui: Rendered, store: AppStore, registry: CommandRegistry, name: string, movieId: number): Promise<void> {
  const created = await act(() => store.getState().lists.createList({ name, description: '', language: 'en' }));
  expect(created.ok).toBe(true);
  await act(() => store.getState().lists.addMovie(created.ok ? created.listId! : 0, movieId));
  await ui.press('4');
  await settle(ui, registry);
  await ui.press(KEY.enter);
  await settle(ui, registry);
}

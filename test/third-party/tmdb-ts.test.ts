import { TMDB } from 'tmdb-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../server/harness.js';
import { type JudgedCalls, bodyOf, judgeCalls, libraryCalls, networkAndEpisodeGroup, redirectedFetch } from './calls.js';

/**
 * tmdb-ts (npm) against the server through its `fetch` option: every call the library offers
 * (all reads), each one request, judged by what it got.
 */

let t: TestServer;
const lines: string[] = [];
const { calls, call, record, attempted } = libraryCalls();
let judged: JudgedCalls;
const ids = { movie: 0, series: 0, person: 0, collection: 0, episodeImdb: '', credit: '', season: 0, episode: 0 };

beforeAll(async () => {
  t = await startTestServer({ onUnimplemented: (line) => lines.push(line) });
  const tmdb = new TMDB(t.server.token, {
    fetch: redirectedFetch(t.server.url, record),
  });

  // Ids to work with, from the catalog's own answers.
  ids.movie = (await call('movies.popular', () => tmdb.movies.popular()))?.results[0]?.id ?? 0;
  ids.series = (await call('tvShows.popular', () => tmdb.tvShows.popular()))?.results[0]?.id ?? 0;
  const multi = await call('search.multi', () => tmdb.search.multi({ query: 'the' }));
  ids.person = multi?.results.find((r) => r.media_type === 'person')?.id ?? 1;
  ids.collection = (await call('search.collections', () => tmdb.search.collections({ query: 'the' })))?.results[0]?.id ?? 1;
  const episode = { tvShowID: ids.series, seasonNumber: 1, episodeNumber: 1 };
  const season = { tvShowID: ids.series, seasonNumber: 1 };
  ids.episodeImdb = (await call('tvEpisode.externalIds', () => tmdb.tvEpisode.externalIds(episode)))?.imdb_id ?? 'tt0';
  // A credit, a season and an episode by the ids the catalog's answers give them.
  ids.credit = (await call('movies.credits (for its id)', () => tmdb.movies.credits(ids.movie)))?.cast[0]?.credit_id ?? '';
  ids.season = (await call('tvSeasons.details (for its id)', () => tmdb.tvSeasons.details(season)))?.id ?? 0;
  ids.episode = (await call('tvEpisode.details (for its id)', () => tmdb.tvEpisode.details(episode)))?.id ?? 0;
  const { movie, series, person, collection } = ids;
  const { network } = await networkAndEpisodeGroup(t, series);
  // A company, a keyword and a review of the catalog, named by the popular film's own answers
  // (read with the server's own client, so the library's calls stay one per operation).
  const film = await t.client.call('movieDetails', { path: { movie_id: ids.movie } });
  const company = film.production_companies?.[0]?.id ?? 1;
  const keyword = (await t.client.call('movieKeywords', { path: { movie_id: ids.movie } })).keywords[0]?.id ?? 1;
  const review = (await t.client.call('movieReviews', { path: { movie_id: ids.movie } })).results[0]?.id ?? '';

  const plan: Array<[string, () => Promise<unknown>]> = [
    ['account.details', () => tmdb.account.details()],
    ['certifications.movies', () => tmdb.certifications.movies()],
    ['certifications.tvShows', () => tmdb.certifications.tvShows()],
    ['changes.movies', () => tmdb.changes.movies()],
    ['changes.tvShows', () => tmdb.changes.tvShows()],
    ['changes.person', () => tmdb.changes.person()],
    ['collections.details', () => tmdb.collections.details(collection)],
    ['collections.images', () => tmdb.collections.images(collection)],
    ['collections.translations', () => tmdb.collections.translations(collection)],
    ['companies.details', () => tmdb.companies.details(company)],
    ['companies.alternativeNames', () => tmdb.companies.alternativeNames(company)],
    ['companies.images', () => tmdb.companies.images(company)],
    ['configuration.getApiConfiguration', () => tmdb.configuration.getApiConfiguration()],
    ['configuration.getCountries', () => tmdb.configuration.getCountries()],
    ['configuration.getLanguages', () => tmdb.configuration.getLanguages()],
    ['configuration.getJobs', () => tmdb.configuration.getJobs()],
    ['configuration.getPrimaryTranslations', () => tmdb.configuration.getPrimaryTranslations()],
    ['configuration.getTimezones', () => tmdb.configuration.getTimezones()],
    ['credits.getById', () => tmdb.credits.getById(ids.credit)],
    ['discover.movie', () => tmdb.discover.movie()],
    ['discover.tvShow', () => tmdb.discover.tvShow()],
    ['find.byExternalId', () => tmdb.find.byExternalId(ids.episodeImdb, { external_source: 'imdb_id' })],
    ['genres.movies', () => tmdb.genres.movies()],
    ['genres.tvShows', () => tmdb.genres.tvShows()],
    ['keywords.details', () => tmdb.keywords.details(keyword)],
    ['keywords.belongingMovies', () => tmdb.keywords.belongingMovies(keyword)],
    ['movies.details', () => tmdb.movies.details(movie, ['images'])],
    ['movies.alternativeTitles', () => tmdb.movies.alternativeTitles(movie)],
    ['movies.changes', () => tmdb.movies.changes(movie)],
    ['movies.credits', () => tmdb.movies.credits(movie)],
    ['movies.externalIds', () => tmdb.movies.externalIds(movie)],
    ['movies.images', () => tmdb.movies.images(movie)],
    ['movies.keywords', () => tmdb.movies.keywords(movie)],
    ['movies.lists', () => tmdb.movies.lists(movie)],
    ['movies.recommendations', () => tmdb.movies.recommendations(movie)],
    ['movies.releaseDates', () => tmdb.movies.releaseDates(movie)],
    ['movies.reviews', () => tmdb.movies.reviews(movie)],
    ['movies.similar', () => tmdb.movies.similar(movie)],
    ['movies.translations', () => tmdb.movies.translations(movie)],
    ['movies.videos', () => tmdb.movies.videos(movie)],
    ['movies.watchProviders', () => tmdb.movies.watchProviders(movie)],
    ['movies.latest', () => tmdb.movies.latest()],
    ['movies.nowPlaying', () => tmdb.movies.nowPlaying()],
    ['movies.topRated', () => tmdb.movies.topRated()],
    ['movies.upcoming', () => tmdb.movies.upcoming()],
    ['networks.details', () => tmdb.networks.details(network)],
    ['networks.alternativeNames', () => tmdb.networks.alternativeNames(network)],
    ['networks.images', () => tmdb.networks.images(network)],
    ['people.details', () => tmdb.people.details(person)],
    ['people.changes', () => tmdb.people.changes(person)],
    ['people.movieCredits', () => tmdb.people.movieCredits(person)],
    ['people.tvShowCredits', () => tmdb.people.tvShowCredits(person)],
    ['people.combinedCredits', () => tmdb.people.combinedCredits(person)],
    ['people.externalId', () => tmdb.people.externalId(person)],
    ['people.images', () => tmdb.people.images(person)],
    ['people.taggedImages', () => tmdb.people.taggedImages(person)],
    ['people.translation', () => tmdb.people.translation(person)],
    ['people.latest', () => tmdb.people.latest()],
    ['people.popular', () => tmdb.people.popular()],
    ['review.details', () => tmdb.review.details(review)],
    ['search.companies', () => tmdb.search.companies({ query: 'the' })],
    ['search.keywords', () => tmdb.search.keywords({ query: 'the' })],
    ['search.movies', () => tmdb.search.movies({ query: 'the' })],
    ['search.people', () => tmdb.search.people({ query: 'the' })],
    ['search.tvShows', () => tmdb.search.tvShows({ query: 'the' })],
    ['trending.trending', () => tmdb.trending.trending('movie', 'week')],
    ['tvEpisode.details', () => tmdb.tvEpisode.details(episode)],
    ['tvEpisode.changes', () => tmdb.tvEpisode.changes(ids.episode)],
    ['tvEpisode.credits', () => tmdb.tvEpisode.credits(episode)],
    ['tvEpisode.images', () => tmdb.tvEpisode.images(episode)],
    ['tvEpisode.translations', () => tmdb.tvEpisode.translations(episode)],
    ['tvEpisode.videos', () => tmdb.tvEpisode.videos(episode)],
    ['tvSeasons.details', () => tmdb.tvSeasons.details(season)],
    ['tvSeasons.aggregateCredits', () => tmdb.tvSeasons.aggregateCredits(season)],
    ['tvSeasons.changes', () => tmdb.tvSeasons.changes(ids.season)],
    ['tvSeasons.credits', () => tmdb.tvSeasons.credits(season)],
    ['tvSeasons.externalIds', () => tmdb.tvSeasons.externalIds(season)],
    ['tvSeasons.images', () => tmdb.tvSeasons.images(season)],
    ['tvSeasons.videos', () => tmdb.tvSeasons.videos(season)],
    ['tvSeasons.translations', () => tmdb.tvSeasons.translations(season)],
    ['tvShows.details', () => tmdb.tvShows.details(series)],
    ['tvShows.alternativeTitles', () => tmdb.tvShows.alternativeTitles(series)],
    ['tvShows.changes', () => tmdb.tvShows.changes(series)],
    ['tvShows.contentRatings', () => tmdb.tvShows.contentRatings(series)],
    ['tvShows.aggregateCredits', () => tmdb.tvShows.aggregateCredits(series)],
    ['tvShows.credits', () => tmdb.tvShows.credits(series)],
    ['tvShows.season', () => tmdb.tvShows.season(series, 1)],
    ['tvShows.episodeGroups', () => tmdb.tvShows.episodeGroups(series)],
    ['tvShows.externalIds', () => tmdb.tvShows.externalIds(series)],
    ['tvShows.images', () => tmdb.tvShows.images(series)],
    ['tvShows.keywords', () => tmdb.tvShows.keywords(series)],
    ['tvShows.recommendations', () => tmdb.tvShows.recommendations(series)],
    ['tvShows.reviews', () => tmdb.tvShows.reviews(series)],
    ['tvShows.screenedTheatrically', () => tmdb.tvShows.screenedTheatrically(series)],
    ['tvShows.similar', () => tmdb.tvShows.similar(series)],
    ['tvShows.translations', () => tmdb.tvShows.translations(series)],
    ['tvShows.videos', () => tmdb.tvShows.videos(series)],
    ['tvShows.watchProviders', () => tmdb.tvShows.watchProviders(series)],
    ['tvShows.latest', () => tmdb.tvShows.latest()],
    ['tvShows.onTheAir', () => tmdb.tvShows.onTheAir()],
    ['tvShows.airingToday', () => tmdb.tvShows.airingToday()],
    ['tvShows.topRated', () => tmdb.tvShows.topRated()],
    ['watchProviders.getRegions', () => tmdb.watchProviders.getRegions()],
    ['watchProviders.getMovieProviders', () => tmdb.watchProviders.getMovieProviders()],
    ['watchProviders.getTvProviders', () => tmdb.watchProviders.getTvProviders()],
  ];
  for (const [name, run] of plan) await call(name, run);
  // account.details() sends no session_id: the real service answers with the account that owns a
  // v4 read access token; this server's token belongs to no account, so it asks for a session.
  judged = judgeCalls(calls, lines, { 'account.details': 401 });
});
afterAll(() => t?.dispose());

describe('tmdb-ts against marquee serve', () => {
  it('every call makes one request, and each of an implemented operation succeeds with its contract', () => {
    const names = calls.map((c) => c.call);
    expect(new Set(names).size).toBe(names.length);
    expect(calls.length).toBe(attempted());
    expect(attempted()).toBeGreaterThanOrEqual(105);
    expect(judged.implemented.length + judged.notImplemented.length + judged.offSpec.length).toBe(calls.length);
    expect(judged.implemented.length).toBeGreaterThanOrEqual(20);
  });

  it('answers are about what was asked', () => {
    expect(ids.movie).toBeGreaterThan(0);
    expect(bodyOf(calls, 'movies.details')).toMatchObject({ id: ids.movie, images: { backdrops: expect.any(Array) } });
    expect(bodyOf(calls, 'movies.images')).toMatchObject({ id: ids.movie });
    expect(bodyOf(calls, 'tvShows.details')).toMatchObject({ id: ids.series });
    expect(bodyOf(calls, 'tvShows.season')).toMatchObject({ season_number: 1 });
    expect(bodyOf(calls, 'tvSeasons.details')).toEqual(bodyOf(calls, 'tvShows.season'));
    expect(bodyOf(calls, 'tvEpisode.details')).toMatchObject({ season_number: 1, episode_number: 1 });
    expect(bodyOf(calls, 'people.details')).toMatchObject({ id: ids.person });
    expect(bodyOf(calls, 'collections.details')).toMatchObject({ id: ids.collection });
    const found = bodyOf<{ tv_episode_results: Array<{ show_id: number }> }>(calls, 'find.byExternalId')!;
    expect(found.tv_episode_results).toEqual([expect.objectContaining({ show_id: ids.series, season_number: 1, episode_number: 1 })]);
    const certifications = bodyOf<{ certifications: Record<string, unknown[]> }>(calls, 'certifications.movies')!;
    expect(Object.keys(certifications.certifications).length).toBeGreaterThan(0);
  });
});

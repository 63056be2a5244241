import { createRequire } from 'node:module';
import type { AxiosError, AxiosResponse, AxiosStatic } from 'axios';
import { MovieDb } from 'moviedb-promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock, type TestServer, startTestServer } from '../server/harness.js';
import { type ClientCall, type JudgedCalls, bodyOf, judgeCalls, libraryCalls, networkAndEpisodeGroup, reached } from './calls.js';

/**
 * moviedb-promise (npm) against the server through its base URL option: every call the library
 * offers, each one request, reading back after each write. The library sends api_key and
 * session_id in the query of a GET and in the JSON body of a POST or DELETE, and the literal
 * "{account_id}" as the account id when none is given: the server reads both as the real
 * service does (src/server/README.md, "Use marquee serve in your tests").
 */

// The library's own axios (CommonJS), whose default instance sends its requests: each answer is recorded there.
const axios = createRequire(import.meta.url)('axios') as AxiosStatic;

let t: TestServer;
const lines: string[] = [];
const { calls, call, record, attempted } = libraryCalls();
let judged: JudgedCalls;
const ids = { movie: 0, series: 0, person: 0, collection: 0, list: 0, account: 0, episodeImdb: '', credit: '', season: 0, episode: 0 };
let interceptor: { request?: number; response?: number } = {};

function recordAnswer(response: AxiosResponse | undefined): void {
  if (!response) return;
  const url = new URL(String(response.config.url));
  record({ method: String(response.config.method).toUpperCase(), path: url.pathname, status: response.status, body: response.data } satisfies Omit<ClientCall, 'call'>);
}

beforeAll(async () => {
  // The library compares a request token's expiry with the real time, so the server keeps the real time too.
  t = await startTestServer({ onUnimplemented: (line) => lines.push(line), clock: new TestClock(Date.now()) });
  interceptor.response = axios.interceptors.response.use(
    (response) => (recordAnswer(response), response),
    (error: AxiosError) => (recordAnswer(error.response), Promise.reject(error)),
  );
  // The library throttles to 50 requests a second by default; the server needs no such care.
  const api = new MovieDb(t.server.token, `${t.server.url}/3/`, 1000);

  // Sign in as the library does: a request token (approved here as a person would, by logging
  // in), then a session from it, which the library keeps and sends with every later call.
  const token = (await call('requestToken', () => api.requestToken()))?.request_token ?? '';
  const { username, password } = t.server.demoAccount;
  await t.client.call('validateWithLogin', { body: { username, password, request_token: token } });
  await call('retrieveSession', () => api.retrieveSession());
  ids.account = (await call('accountInfo', () => api.accountInfo()))?.id ?? 0;

  ids.movie = (await call('moviePopular', () => api.moviePopular()))?.results?.[0]?.id ?? 0;
  ids.series = (await call('tvPopular', () => api.tvPopular()))?.results?.[0]?.id ?? 0;
  const multi = await call('searchMulti', () => api.searchMulti({ query: 'the' }));
  ids.person = multi?.results?.find((r) => r.media_type === 'person')?.id ?? 1;
  ids.collection = (await call('searchCollection', () => api.searchCollection({ query: 'the' })))?.results?.[0]?.id ?? 1;
  const id = ids.movie;
  const series = ids.series;
  const episode = { id: series, season_number: 1, episode_number: 1 };
  const season = { id: series, season_number: 1 };
  ids.episodeImdb = (await call('episodeExternalIds', () => api.episodeExternalIds(episode)))?.imdb_id ?? 'tt0';
  ids.credit = (await call('movieCredits', () => api.movieCredits({ id })))?.cast?.[0]?.credit_id ?? '';
  ids.season = (await call('seasonInfo', () => api.seasonInfo(season)))?.id ?? 0;
  ids.episode = (await call('episodeInfo', () => api.episodeInfo(episode)))?.id ?? 0;
  const { network, episodeGroup } = await networkAndEpisodeGroup(t, series);
  // A company, a keyword and a review of the catalog, named by the popular film's own answers
  // (read with the server's own client, so the library's calls stay one per operation).
  const film = await t.client.call('movieDetails', { path: { movie_id: id } });
  const company = film.production_companies?.[0]?.id ?? 1;
  const keyword = (await t.client.call('movieKeywords', { path: { movie_id: id } })).keywords[0]?.id ?? 1;
  const review = (await t.client.call('movieReviews', { path: { movie_id: id } })).results[0]?.id ?? '';
  const person = ids.person;

  const reads: Array<[string, () => Promise<unknown>]> = [
    ['configuration', () => api.configuration()],
    ['countries', () => api.countries()],
    ['jobs', () => api.jobs()],
    ['languages', () => api.languages()],
    ['primaryTranslations', () => api.primaryTranslations()],
    ['timezones', () => api.timezones()],
    ['find', () => api.find({ id: ids.episodeImdb, external_source: 'imdb_id' } as never)],
    ['searchCompany', () => api.searchCompany({ query: 'the' })],
    ['searchKeyword', () => api.searchKeyword({ query: 'the' })],
    ['searchMovie', () => api.searchMovie({ query: 'the' })],
    ['searchPerson', () => api.searchPerson({ query: 'the' })],
    ['searchTv', () => api.searchTv({ query: 'the' })],
    ['searchList', () => api.searchList({ query: 'the' } as never)],
    ['collectionInfo', () => api.collectionInfo({ id: ids.collection })],
    ['collectionImages', () => api.collectionImages({ id: ids.collection })],
    ['collectionTranslations', () => api.collectionTranslations({ id: ids.collection })],
    ['discoverMovie', () => api.discoverMovie()],
    ['discoverTv', () => api.discoverTv()],
    ['trending', () => api.trending({ media_type: 'all', time_window: 'week' })],
    ['movieInfo', () => api.movieInfo({ id })],
    ['movieAccountStates', () => api.movieAccountStates({ id })],
    ['movieAlternativeTitles', () => api.movieAlternativeTitles({ id })],
    ['movieChanges', () => api.movieChanges({ id })],
    ['movieExternalIds', () => api.movieExternalIds({ id })],
    ['movieImages', () => api.movieImages({ id })],
    ['movieKeywords', () => api.movieKeywords({ id })],
    ['movieReleaseDates', () => api.movieReleaseDates({ id })],
    ['movieVideos', () => api.movieVideos({ id })],
    ['movieWatchProviders', () => api.movieWatchProviders({ id })],
    ['movieWatchProviderList', () => api.movieWatchProviderList({})],
    ['movieTranslations', () => api.movieTranslations({ id })],
    ['movieRecommendations', () => api.movieRecommendations({ id })],
    ['movieSimilar', () => api.movieSimilar({ id })],
    ['movieReviews', () => api.movieReviews({ id })],
    ['movieLists', () => api.movieLists({ id })],
    ['movieLatest', () => api.movieLatest()],
    ['movieNowPlaying', () => api.movieNowPlaying()],
    ['movieTopRated', () => api.movieTopRated()],
    ['upcomingMovies', () => api.upcomingMovies({})],
    ['tvInfo', () => api.tvInfo({ id: series })],
    ['tvAccountStates', () => api.tvAccountStates({ id: series })],
    ['tvAlternativeTitles', () => api.tvAlternativeTitles({ id: series })],
    ['tvChanges', () => api.tvChanges({ id: series })],
    ['tvContentRatings', () => api.tvContentRatings({ id: series })],
    ['tvCredits', () => api.tvCredits({ id: series })],
    ['tvAggregateCredits', () => api.tvAggregateCredits({ id: series })],
    ['episodeGroups', () => api.episodeGroups({ id: series })],
    ['tvExternalIds', () => api.tvExternalIds({ id: series })],
    ['tvImages', () => api.tvImages({ id: series })],
    ['tvKeywords', () => api.tvKeywords({ id: series })],
    ['tvRecommendations', () => api.tvRecommendations({ id: series })],
    ['tvReviews', () => api.tvReviews({ id: series })],
    ['tvScreenedTheatrically', () => api.tvScreenedTheatrically({ id: series })],
    ['tvSimilar', () => api.tvSimilar({ id: series })],
    ['tvTranslations', () => api.tvTranslations({ id: series })],
    ['tvVideos', () => api.tvVideos({ id: series })],
    ['tvWatchProviders', () => api.tvWatchProviders({ id: series })],
    ['tvWatchProviderList', () => api.tvWatchProviderList({})],
    ['tvLatest', () => api.tvLatest()],
    ['tvAiringToday', () => api.tvAiringToday()],
    ['tvOnTheAir', () => api.tvOnTheAir()],
    ['tvTopRated', () => api.tvTopRated()],
    ['seasonChanges', () => api.seasonChanges({ id: ids.season })],
    ['seasonAccountStates', () => api.seasonAccountStates(season)],
    ['seasonCredits', () => api.seasonCredits(season)],
    ['seasonAggregateCredits', () => api.seasonAggregateCredits(season)],
    ['seasonExternalIds', () => api.seasonExternalIds(season)],
    ['seasonImages', () => api.seasonImages(season)],
    ['seasonVideos', () => api.seasonVideos(season)],
    ['episodeChanges', () => api.episodeChanges({ id: ids.episode })],
    ['episodeAccountStates', () => api.episodeAccountStates(episode)],
    ['episodeCredits', () => api.episodeCredits(episode)],
    ['episodeImages', () => api.episodeImages(episode)],
    ['episodeTranslations', () => api.episodeTranslations(episode)],
    // The library's episodeVideos asks for the episode's translations (its own slip): it passes as that.
    ['episodeVideos', () => api.episodeVideos(episode)],
    ['personInfo', () => api.personInfo({ id: person })],
    ['personChanges', () => api.personChanges({ id: person })],
    ['personMovieCredits', () => api.personMovieCredits({ id: person })],
    ['personTvCredits', () => api.personTvCredits({ id: person })],
    ['personCombinedCredits', () => api.personCombinedCredits({ id: person })],
    ['personExternalIds', () => api.personExternalIds({ id: person })],
    ['personImages', () => api.personImages({ id: person })],
    ['personTaggedImages', () => api.personTaggedImages({ id: person })],
    ['personTranslations', () => api.personTranslations({ id: person })],
    ['personLatest', () => api.personLatest()],
    ['personPopular', () => api.personPopular()],
    ['creditInfo', () => api.creditInfo({ id: ids.credit })],
    ['genreMovieList', () => api.genreMovieList()],
    ['genreTvList', () => api.genreTvList()],
    ['keywordInfo', () => api.keywordInfo({ id: keyword })],
    ['keywordMovies', () => api.keywordMovies({ id: keyword })],
    ['companyInfo', () => api.companyInfo({ id: company })],
    ['companyAlternativeNames', () => api.companyAlternativeNames({ id: company })],
    ['companyImages', () => api.companyImages({ id: company })],
    ['changedMovies', () => api.changedMovies()],
    ['changedTvs', () => api.changedTvs()],
    ['changedPeople', () => api.changedPeople()],
    ['movieCertifications', () => api.movieCertifications()],
    ['tvCertifications', () => api.tvCertifications()],
    ['networkInfo', () => api.networkInfo({ id: network })],
    ['networkAlternativeNames', () => api.networkAlternativeNames({ id: network })],
    ['networkImages', () => api.networkImages({ id: network })],
    ['review', () => api.review({ id: review })],
    ['episodeGroup', () => api.episodeGroup({ id: episodeGroup })],
  ];
  for (const [name, run] of reads) await call(name, run);

  // Writes, each read back; the account id is left out, so the library sends "{account_id}".
  await call('movieRatingUpdate', () => api.movieRatingUpdate({ id, value: 8.5 }));
  await call('accountRatedMovies', () => api.accountRatedMovies());
  await call('movieRatingDelete', () => api.movieRatingDelete({ id }));
  await call('tvRatingUpdate', () => api.tvRatingUpdate({ id: series, value: 7 }));
  await call('accountRatedTv', () => api.accountRatedTv());
  await call('tvRatingDelete', () => api.tvRatingDelete({ id: series }));
  await call('episodeRatingUpdate', () => api.episodeRatingUpdate({ ...episode, value: 6.5 }));
  await call('accountRatedTvEpisodes', () => api.accountRatedTvEpisodes());
  await call('episodeRatingDelete', () => api.episodeRatingDelete(episode));
  await call('accountFavoriteUpdate', () => api.accountFavoriteUpdate({ media_type: 'movie', media_id: id, favorite: true } as never));
  await call('accountFavoriteMovies', () => api.accountFavoriteMovies());
  await call('accountFavoriteTv', () => api.accountFavoriteTv());
  await call('accountWatchlistUpdate', () => api.accountWatchlistUpdate({ media_type: 'tv', media_id: series, watchlist: true } as never));
  await call('accountTvWatchlist', () => api.accountTvWatchlist());
  await call('accountMovieWatchlist', () => api.accountMovieWatchlist());
  ids.list = Number((await call('createList', () => api.createList({ name: 'Watched in CI', description: 'moviedb-promise', language: 'en' })))?.list_id ?? 0);
  const list = { id: ids.list };
  await call('createListItem', () => api.createListItem({ ...list, media_id: id }));
  await call('listInfo', () => api.listInfo(list));
  await call('listStatus', () => api.listStatus({ ...list, movie_id: id } as never));
  await call('accountLists', () => api.accountLists({} as never));
  await call('removeListItem', () => api.removeListItem({ ...list, media_id: id }));
  await call('listInfo (after remove)', () => api.listInfo(list));
  await call('createListItem (again)', () => api.createListItem({ ...list, media_id: id }));
  await call('clearList', () => api.clearList({ ...list, confirm: true }));
  await call('deleteList', () => api.deleteList(list));
  await call('listInfo (after delete)', () => api.listInfo(list));
  // clearList sends confirm in the body, which the server reads there too (see src/server/README.md).
  judged = judgeCalls(calls, lines, { 'listInfo (after delete)': 404 });
});

afterAll(async () => {
  if (interceptor.response !== undefined) axios.interceptors.response.eject(interceptor.response);
  interceptor = {};
  await t?.dispose();
});

describe('moviedb-promise against marquee serve', () => {
  it('every call makes one request, and each of an implemented operation succeeds with its contract', () => {
    const names = calls.map((c) => c.call);
    expect(new Set(names).size).toBe(names.length);
    expect(calls.length).toBe(attempted());
    // Every call the library offers (its class's methods, but for its request plumbing) was made.
    const plumbing = new Set(['constructor', 'getEndpoint', 'getParams', 'makeRequest', 'normalizeParams', 'parseSearchParams']);
    const offered = Object.getOwnPropertyNames(MovieDb.prototype).filter((name) => !plumbing.has(name));
    expect(offered.length).toBe(138);
    expect(offered.filter((name) => !names.includes(name))).toEqual([]);
    expect(judged.implemented.length + judged.notImplemented.length + judged.offSpec.length).toBe(calls.length);
    // search/list is not an address of the interface (404 status_code 34, as the real service answers).
    expect(judged.offSpec.map((c) => c.call)).toEqual(['searchList']);
    expect(judged.notImplemented).toEqual([]);
    for (const name of ['requestToken', 'retrieveSession', 'accountInfo', 'movieRatingUpdate', 'accountFavoriteUpdate', 'createList', 'deleteList']) {
      expect(reached(judged, name), name).toBe(true);
    }
  });

  it('answers are about what was asked', () => {
    expect(ids.account).toBeGreaterThan(0);
    expect(bodyOf(calls, 'accountInfo')).toMatchObject({ id: ids.account, username: t.server.demoAccount.username });
    expect(bodyOf(calls, 'movieInfo')).toMatchObject({ id: ids.movie });
    expect(bodyOf(calls, 'tvInfo')).toMatchObject({ id: ids.series });
    expect(bodyOf(calls, 'seasonInfo')).toMatchObject({ season_number: 1 });
    expect(bodyOf(calls, 'episodeInfo')).toMatchObject({ season_number: 1, episode_number: 1 });
    expect(bodyOf(calls, 'personInfo')).toMatchObject({ id: ids.person });
    expect(bodyOf(calls, 'collectionInfo')).toMatchObject({ id: ids.collection });
    const found = bodyOf<{ tv_episode_results: Array<{ show_id: number }> }>(calls, 'find')!;
    expect(found.tv_episode_results).toEqual([expect.objectContaining({ show_id: ids.series, season_number: 1, episode_number: 1 })]);
  });

  it('ratings, favourites and the watchlist written with the session in the body read back', () => {
    const results = (name: string) => bodyOf<{ results: Array<{ id: number }> }>(calls, name)!.results.map((r) => r.id);
    expect(results('accountRatedMovies')).toContain(ids.movie);
    expect(results('accountRatedTv')).toContain(ids.series);
    expect(bodyOf<{ results: Array<{ show_id: number }> }>(calls, 'accountRatedTvEpisodes')!.results.map((r) => r.show_id)).toContain(ids.series);
    expect(results('accountFavoriteMovies')).toContain(ids.movie);
    expect(results('accountTvWatchlist')).toContain(ids.series);
    for (const name of ['movieRatingDelete', 'tvRatingDelete', 'episodeRatingDelete']) expect(bodyOf(calls, name), name).toMatchObject({ success: true });
  });

  it('a list: created, filled, read back, emptied and deleted', () => {
    expect(ids.list).toBeGreaterThan(0);
    const items = (name: string) => bodyOf<{ items: Array<{ id: number }> }>(calls, name)!.items.map((item) => item.id);
    expect(items('listInfo')).toEqual([ids.movie]);
    expect(bodyOf(calls, 'listStatus')).toMatchObject({ item_present: true });
    expect(items('listInfo (after remove)')).toEqual([]);
    const mine = bodyOf<{ results: Array<{ id: number; name: string }> }>(calls, 'accountLists')!;
    expect(mine.results).toContainEqual(expect.objectContaining({ id: ids.list, name: 'Watched in CI' }));
    expect(calls.find((c) => c.call === 'clearList')?.body).toMatchObject({ success: true, status_code: 12 });
    expect(calls.find((c) => c.call === 'listInfo (after delete)')?.body).toMatchObject({ status_code: 34 });
  });
});

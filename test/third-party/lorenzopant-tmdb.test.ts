import { TMDB } from '@lorenzopant/tmdb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestServer, startTestServer } from '../server/harness.js';
import { type JudgedCalls, bodyOf, judgeCalls, libraryCalls, networkAndEpisodeGroup, reached, redirectedFetch } from './calls.js';

/**
 * @lorenzopant/tmdb (npm) against the server: every v3 call the library offers, reading back
 * after each write. Version 1.26.0 has no base URL option and calls the global fetch, so the
 * test stands in for the global fetch, sending the same requests to the server instead.
 */

let t: TestServer;
const lines: string[] = [];
const { calls, call, record, attempted } = libraryCalls();
let judged: JudgedCalls;
const ids = { movie: 0, series: 0, person: 0, collection: 0, list: 0, account: 0, episodeImdb: '', credit: '', season: 0, episode: 0 };

beforeAll(async () => {
  t = await startTestServer({ onUnimplemented: (line) => lines.push(line) });
  vi.stubGlobal('fetch', redirectedFetch(t.server.url, record));
  const tmdb = new TMDB(t.server.token);

  const { username, password } = t.server.demoAccount;
  const token = (await call('authentication.create_request_token', () => tmdb.authentication.create_request_token()))?.request_token ?? '';
  await call('authentication.create_session_with_login', () => tmdb.authentication.create_session_with_login({ request_token: token, username, password }));
  const session_id = (await call('authentication.create_session', () => tmdb.authentication.create_session({ request_token: token })))?.session_id ?? '';
  const guest_session_id = (await call('authentication.create_guest_session', () => tmdb.authentication.create_guest_session()))?.guest_session_id ?? '';
  await call('authentication.validate_key', () => tmdb.authentication.validate_key());
  ids.account = (await call('account.details', () => tmdb.account.details({ account_id: 0, session_id } as never)))?.id ?? 0;

  ids.movie = (await call('movie_lists.popular', () => tmdb.movie_lists.popular()))?.results[0]?.id ?? 0;
  ids.series = (await call('tv_lists.popular', () => tmdb.tv_lists.popular()))?.results[0]?.id ?? 0;
  const multi = await call('search.multi', () => tmdb.search.multi({ query: 'the' }));
  ids.person = multi?.results.find((r) => r.media_type === 'person')?.id ?? 1;
  ids.collection = (await call('search.collections', () => tmdb.search.collections({ query: 'the' })))?.results[0]?.id ?? 1;
  const movie_id = ids.movie;
  const series_id = ids.series;
  const { network, episodeGroup } = await networkAndEpisodeGroup(t, series_id);
  const person_id = ids.person;
  const collection_id = ids.collection;
  // A company, a keyword and a review of the catalog, named by the popular film's own answers
  // (read with the server's own client, so the library's calls stay one per operation).
  const film = await t.client.call('movieDetails', { path: { movie_id: movie_id } });
  const company_id = film.production_companies?.[0]?.id ?? 1;
  const keyword_id = (await t.client.call('movieKeywords', { path: { movie_id: movie_id } })).keywords[0]?.id ?? 1;
  const review_id = (await t.client.call('movieReviews', { path: { movie_id: movie_id } })).results[0]?.id ?? '';
  const episode = { series_id, season_number: 1, episode_number: 1 };
  const season = { series_id, season_number: 1 };
  ids.episodeImdb = (await call('tv_episodes.external_ids', () => tmdb.tv_episodes.external_ids(episode)))?.imdb_id ?? 'tt0';
  // A credit, a season and an episode by the ids the catalog's answers give them.
  ids.credit = (await call('movies.credits (for its id)', () => tmdb.movies.credits({ movie_id })))?.cast[0]?.credit_id ?? '';
  ids.season = (await call('tv_seasons.details (for its id)', () => tmdb.tv_seasons.details(season)))?.id ?? 0;
  ids.episode = (await call('tv_episodes.details (for its id)', () => tmdb.tv_episodes.details(episode)))?.id ?? 0;
  const account_id = ids.account;

  const reads: Array<[string, () => Promise<unknown>]> = [
    ['certifications.movie_certifications', () => tmdb.certifications.movie_certifications()],
    ['certifications.tv_certifications', () => tmdb.certifications.tv_certifications()],
    ['changes.movie_list', () => tmdb.changes.movie_list()],
    ['changes.people_list', () => tmdb.changes.people_list()],
    ['changes.tv_list', () => tmdb.changes.tv_list()],
    ['collections.details', () => tmdb.collections.details({ collection_id })],
    ['collections.images', () => tmdb.collections.images({ collection_id })],
    ['collections.translations', () => tmdb.collections.translations({ collection_id })],
    ['companies.details', () => tmdb.companies.details({ company_id })],
    ['companies.alternative_names', () => tmdb.companies.alternative_names({ company_id })],
    ['companies.images', () => tmdb.companies.images({ company_id })],
    ['configuration.details', () => tmdb.configuration.details()],
    ['configuration.countries', () => tmdb.configuration.countries()],
    ['configuration.jobs', () => tmdb.configuration.jobs()],
    ['configuration.languages', () => tmdb.configuration.languages()],
    ['configuration.primary_translations', () => tmdb.configuration.primary_translations()],
    ['configuration.timezones', () => tmdb.configuration.timezones()],
    ['credits.details', () => tmdb.credits.details({ credit_id: ids.credit })],
    ['discover.movie', () => tmdb.discover.movie()],
    ['discover.tv', () => tmdb.discover.tv()],
    ['find.by_id', () => tmdb.find.by_id({ external_id: ids.episodeImdb, external_source: 'imdb_id' })],
    ['genres.movie_list', () => tmdb.genres.movie_list()],
    ['genres.tv_list', () => tmdb.genres.tv_list()],
    ['keywords.details', () => tmdb.keywords.details({ keyword_id })],
    ['keywords.movies', () => tmdb.keywords.movies({ keyword_id })],
    ['movie_lists.now_playing', () => tmdb.movie_lists.now_playing()],
    ['movie_lists.top_rated', () => tmdb.movie_lists.top_rated()],
    ['movie_lists.upcoming', () => tmdb.movie_lists.upcoming()],
    ['movies.details', () => tmdb.movies.details({ movie_id, append_to_response: ['images'] } as never)],
    ['movies.alternative_titles', () => tmdb.movies.alternative_titles({ movie_id })],
    ['movies.credits', () => tmdb.movies.credits({ movie_id })],
    ['movies.external_ids', () => tmdb.movies.external_ids({ movie_id })],
    ['movies.keywords', () => tmdb.movies.keywords({ movie_id })],
    ['movies.changes', () => tmdb.movies.changes({ movie_id })],
    ['movies.images', () => tmdb.movies.images({ movie_id })],
    ['movies.latest', () => tmdb.movies.latest()],
    ['movies.recommendations', () => tmdb.movies.recommendations({ movie_id })],
    ['movies.release_dates', () => tmdb.movies.release_dates({ movie_id })],
    ['movies.reviews', () => tmdb.movies.reviews({ movie_id })],
    ['movies.similar', () => tmdb.movies.similar({ movie_id })],
    ['movies.translations', () => tmdb.movies.translations({ movie_id })],
    ['movies.videos', () => tmdb.movies.videos({ movie_id })],
    ['movies.watch_providers', () => tmdb.movies.watch_providers({ movie_id })],
    ['networks.details', () => tmdb.networks.details({ network_id: network })],
    ['networks.alternative_names', () => tmdb.networks.alternative_names({ network_id: network })],
    ['networks.images', () => tmdb.networks.images({ network_id: network })],
    ['people.details', () => tmdb.people.details({ person_id })],
    ['people.changes', () => tmdb.people.changes({ person_id })],
    ['people.combined_credits', () => tmdb.people.combined_credits({ person_id })],
    ['people.external_ids', () => tmdb.people.external_ids({ person_id })],
    ['people.images', () => tmdb.people.images({ person_id })],
    ['people.latest', () => tmdb.people.latest()],
    ['people.movie_credits', () => tmdb.people.movie_credits({ person_id })],
    ['people.tagged_images', () => tmdb.people.tagged_images({ person_id })],
    ['people.translations', () => tmdb.people.translations({ person_id })],
    ['people.tv_credits', () => tmdb.people.tv_credits({ person_id })],
    ['people_lists.popular', () => tmdb.people_lists.popular()],
    ['reviews.details', () => tmdb.reviews.details({ review_id })],
    ['search.movies', () => tmdb.search.movies({ query: 'the' })],
    ['search.company', () => tmdb.search.company({ query: 'the' })],
    ['search.keyword', () => tmdb.search.keyword({ query: 'the' })],
    ['search.person', () => tmdb.search.person({ query: 'the' })],
    ['search.tv_series', () => tmdb.search.tv_series({ query: 'the' })],
    ['trending.all', () => tmdb.trending.all({ time_window: 'week' })],
    ['trending.movies', () => tmdb.trending.movies({ time_window: 'week' })],
    ['trending.tv', () => tmdb.trending.tv({ time_window: 'week' })],
    ['trending.people', () => tmdb.trending.people({ time_window: 'week' })],
    ['tv_episode_groups.details', () => tmdb.tv_episode_groups.details({ episode_group_id: episodeGroup })],
    ['tv_episodes.details', () => tmdb.tv_episodes.details(episode)],
    ['tv_episodes.changes', () => tmdb.tv_episodes.changes({ episode_id: ids.episode })],
    ['tv_episodes.credits', () => tmdb.tv_episodes.credits(episode)],
    ['tv_episodes.images', () => tmdb.tv_episodes.images(episode)],
    ['tv_episodes.translations', () => tmdb.tv_episodes.translations(episode)],
    ['tv_episodes.videos', () => tmdb.tv_episodes.videos(episode)],
    ['tv_lists.airing_today', () => tmdb.tv_lists.airing_today()],
    ['tv_lists.on_the_air', () => tmdb.tv_lists.on_the_air()],
    ['tv_lists.top_rated', () => tmdb.tv_lists.top_rated()],
    ['tv_seasons.details', () => tmdb.tv_seasons.details(season)],
    ['tv_seasons.aggregate_credits', () => tmdb.tv_seasons.aggregate_credits(season)],
    ['tv_seasons.changes', () => tmdb.tv_seasons.changes({ season_id: ids.season })],
    ['tv_seasons.credits', () => tmdb.tv_seasons.credits(season)],
    ['tv_seasons.external_ids', () => tmdb.tv_seasons.external_ids(season)],
    ['tv_seasons.images', () => tmdb.tv_seasons.images(season)],
    ['tv_seasons.translations', () => tmdb.tv_seasons.translations(season)],
    ['tv_seasons.videos', () => tmdb.tv_seasons.videos(season)],
    ['tv_seasons.watch_providers', () => tmdb.tv_seasons.watch_providers(season)],
    ['tv_series.details', () => tmdb.tv_series.details({ series_id })],
    ['tv_series.aggregate_credits', () => tmdb.tv_series.aggregate_credits({ series_id })],
    ['tv_series.alternative_titles', () => tmdb.tv_series.alternative_titles({ series_id })],
    ['tv_series.changes', () => tmdb.tv_series.changes({ series_id })],
    ['tv_series.content_ratings', () => tmdb.tv_series.content_ratings({ series_id })],
    ['tv_series.credits', () => tmdb.tv_series.credits({ series_id })],
    ['tv_series.episode_groups', () => tmdb.tv_series.episode_groups({ series_id })],
    ['tv_series.external_ids', () => tmdb.tv_series.external_ids({ series_id })],
    ['tv_series.images', () => tmdb.tv_series.images({ series_id })],
    ['tv_series.keywords', () => tmdb.tv_series.keywords({ series_id })],
    ['tv_series.latest', () => tmdb.tv_series.latest()],
    ['tv_series.lists', () => tmdb.tv_series.lists({ series_id })],
    ['tv_series.recommendations', () => tmdb.tv_series.recommendations({ series_id })],
    ['tv_series.reviews', () => tmdb.tv_series.reviews({ series_id })],
    ['tv_series.screened_theatrically', () => tmdb.tv_series.screened_theatrically({ series_id })],
    ['tv_series.similar', () => tmdb.tv_series.similar({ series_id })],
    ['tv_series.translations', () => tmdb.tv_series.translations({ series_id })],
    ['tv_series.videos', () => tmdb.tv_series.videos({ series_id })],
    ['tv_series.watch_providers', () => tmdb.tv_series.watch_providers({ series_id })],
    ['watch_providers.movie_providers', () => tmdb.watch_providers.movie_providers()],
    ['watch_providers.tv_providers', () => tmdb.watch_providers.tv_providers()],
    ['watch_providers.available_regions', () => tmdb.watch_providers.available_regions()],
  ];
  for (const [name, run] of reads) await call(name, run);

  // Writes, each read back.
  const session = { account_id, session_id };
  await call('account.add_favorite', () => tmdb.account.add_favorite(session, { media_type: 'movie', media_id: movie_id, favorite: true }));
  await call('account.add_to_watchlist', () => tmdb.account.add_to_watchlist(session, { media_type: 'tv', media_id: series_id, watchlist: true }));
  for (const name of ['favorite_movies', 'favorite_tv', 'watchlist_movies', 'watchlist_tv', 'rated_movies', 'rated_tv', 'rated_tv_episodes'] as const) {
    await call(`account.${name}`, (): Promise<unknown> => tmdb.account[name](session));
  }
  for (const name of ['rated_movies', 'rated_tv', 'rated_tv_episodes'] as const) {
    await call(`guest_sessions.${name}`, (): Promise<unknown> => tmdb.guest_sessions[name]({ guest_session_id }));
  }
  const created = await call('lists.create', () => tmdb.lists.create({ session_id }, { name: 'Watched in CI', description: 'made by @lorenzopant/tmdb', language: 'en' }));
  ids.list = created?.list_id ?? 0;
  const list = { list_id: ids.list, session_id };
  await call('lists.add_movie', () => tmdb.lists.add_movie(list, { media_id: movie_id }));
  await call('lists.details', () => tmdb.lists.details(list));
  await call('lists.check_item_status', () => tmdb.lists.check_item_status({ ...list, movie_id }));
  await call('account.lists', () => tmdb.account.lists(session));
  await call('lists.remove_movie', () => tmdb.lists.remove_movie(list, { media_id: movie_id }));
  await call('lists.check_item_status (after remove)', () => tmdb.lists.check_item_status({ ...list, movie_id }));
  await call('lists.add_movie (again)', () => tmdb.lists.add_movie(list, { media_id: movie_id }));
  await call('lists.clear', () => tmdb.lists.clear({ ...list, confirm: true }));
  await call('lists.details (after clear)', () => tmdb.lists.details(list));
  await call('lists.delete', () => tmdb.lists.delete(list));
  await call('lists.details (after delete)', () => tmdb.lists.details(list));
  await call('authentication.delete_session', () => tmdb.authentication.delete_session({ session_id }));
  judged = judgeCalls(calls, lines, { 'lists.details (after delete)': 404 });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t?.dispose();
});

describe('@lorenzopant/tmdb against marquee serve', () => {
  it('every call makes one request, and each of an implemented operation succeeds with its contract', () => {
    const names = calls.map((c) => c.call);
    expect(new Set(names).size).toBe(names.length);
    expect(calls.length).toBe(attempted());
    expect(attempted()).toBeGreaterThanOrEqual(140);
    expect(judged.implemented.length + judged.notImplemented.length + judged.offSpec.length).toBe(calls.length);
    for (const name of ['authentication.create_request_token', 'authentication.create_session_with_login', 'authentication.create_session', 'account.details']) {
      expect(reached(judged, name), name).toBe(true);
    }
    expect(bodyOf(calls, 'authentication.delete_session')).toMatchObject({ success: true });
  });

  it('answers are about what was asked', () => {
    expect(ids.account).toBeGreaterThan(0);
    expect(bodyOf(calls, 'account.details')).toMatchObject({ id: ids.account, username: t.server.demoAccount.username });
    expect(bodyOf(calls, 'movies.details')).toMatchObject({ id: ids.movie });
    expect(bodyOf(calls, 'tv_series.details')).toMatchObject({ id: ids.series });
    expect(bodyOf(calls, 'tv_seasons.details')).toMatchObject({ season_number: 1 });
    expect(bodyOf(calls, 'tv_episodes.details')).toMatchObject({ season_number: 1, episode_number: 1 });
    expect(bodyOf(calls, 'people.details')).toMatchObject({ id: ids.person });
    expect(bodyOf(calls, 'collections.details')).toMatchObject({ id: ids.collection });
    const found = bodyOf<{ tv_episode_results: Array<{ show_id: number }> }>(calls, 'find.by_id')!;
    expect(found.tv_episode_results).toEqual([expect.objectContaining({ show_id: ids.series, season_number: 1, episode_number: 1 })]);
  });

  it('a list: created, filled, read back, emptied and deleted', () => {
    expect(ids.list).toBeGreaterThan(0);
    const items = (name: string) => bodyOf<{ items: Array<{ id: number }> }>(calls, name)!.items.map((item) => item.id);
    expect(items('lists.details')).toEqual([ids.movie]);
    expect(bodyOf(calls, 'lists.check_item_status')).toMatchObject({ item_present: true });
    expect(bodyOf(calls, 'lists.check_item_status (after remove)')).toMatchObject({ item_present: false });
    const mine = bodyOf<{ results: Array<{ id: number; name: string }> }>(calls, 'account.lists')!;
    expect(mine.results).toContainEqual(expect.objectContaining({ id: ids.list, name: 'Watched in CI' }));
    expect(items('lists.details (after clear)')).toEqual([]);
    expect(calls.find((c) => c.call === 'lists.details (after delete)')?.body).toMatchObject({ status_code: 34 });
  });

  it('favourites and the watchlist read back once the server has both ends', () => {
    const results = (name: string) => bodyOf<{ results: Array<{ id: number }> }>(calls, name)!.results.map((r) => r.id);
    const readBacks: Array<[write: string, read: string, id: number]> = [
      ['account.add_favorite', 'account.favorite_movies', ids.movie],
      ['account.add_to_watchlist', 'account.watchlist_tv', ids.series],
    ];
    for (const [write, read, id] of readBacks) {
      if (reached(judged, write, read)) expect(results(read), `${write} -> ${read}`).toContain(id);
    }
  });
});

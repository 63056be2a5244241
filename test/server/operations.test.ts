import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallArgs } from '../../src/api/types.js';
import { type ModernResponseOf, type OperationKey, operationKeys } from '../../src/contract/index.js';
import { handlers } from '../../src/server/handlers/index.js';
import { FIXED_NOW, type TestServer, expectSchema, signIn, startTestServer } from './harness.js';

/**
 * Every operation of the table, end to end through our own client (which validates each answer
 * against the contract); each body is also checked here against the row's response schema.
 */

let t: TestServer;
let sessionId: string;
const exercised = new Set<OperationKey>();

async function call<K extends OperationKey>(key: K, args?: CallArgs<K>): Promise<ModernResponseOf<K>> {
  const body = await t.client.call(key, args);
  expectSchema(key, body);
  exercised.add(key);
  return body;
}

const today = new Date(FIXED_NOW).toISOString().slice(0, 10);
const inThreeWeeks = new Date(FIXED_NOW + 21 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestServer();
  sessionId = await signIn(t);
});

afterAll(async () => {
  await t.dispose();
});

describe('the handler map', () => {
  it('has exactly one handler per row of the operations table', () => {
    expect(Object.keys(handlers).sort()).toEqual([...operationKeys].sort());
    for (const key of operationKeys) expect(typeof handlers[key], key).toBe('function');
  });
});

describe('films', () => {
  it('E1 answers the newest film (the highest id)', async () => {
    const latest = await call('movieLatest');
    expect(latest.id).toBe(210); // 70% of 300 titles are films
    expect(latest.title).toBeTruthy();
  });

  it('film details, images and lists', async () => {
    const details = await call('movieDetails', { path: { movie_id: 1 } });
    expect(details.id).toBe(1);
    expect(details.belongs_to_collection?.id).toBe(1);
    const images = await call('movieImages', { path: { movie_id: 1 } });
    expect(images.posters[0]?.file_path).toBe(details.poster_path);
    expect(images.logos?.every((logo) => logo.file_path.endsWith('.png'))).toBe(true);
    const lists = await call('movieLists', { path: { movie_id: 1 } });
    expect(lists).toMatchObject({ id: 1, page: 1, total_results: 0 });
  });

  it('popular, top rated, now playing and upcoming are ordered and windowed', async () => {
    const popular = await call('popularMovies');
    expect(popular.results).toHaveLength(20);
    const popularity = popular.results.map((m) => m.popularity!);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));

    const topRated = await call('topRatedMovies', { query: { page: 2 } });
    expect(topRated.page).toBe(2);
    const ratings = topRated.results.map((m) => m.vote_average!);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

    const upcoming = await call('upcomingMovies');
    expect(upcoming.dates).toEqual({ minimum: today, maximum: inThreeWeeks });
    expect(upcoming.results.length).toBeGreaterThan(0);
    for (const movie of upcoming.results) {
      expect(movie.release_date! >= today && movie.release_date! <= inThreeWeeks, movie.release_date).toBe(true);
    }

    const nowPlaying = await call('nowPlayingMovies');
    expect(nowPlaying.dates.maximum).toBe(today);
    for (const movie of nowPlaying.results) expect(movie.release_date! <= today).toBe(true);
  });
});

describe('series', () => {
  it('E16 answers the newest series, in production with a next episode', async () => {
    const latest = await call('tvLatest');
    expect(latest.id).toBe(90);
    expect(latest.in_production).toBe(true);
    expect(latest.next_episode_to_air?.air_date! > today).toBe(true);
    expect(latest.last_episode_to_air?.air_date! <= today).toBe(true);
  });

  it('details, season, episode, images, external ids, keywords, popular', async () => {
    const details = await call('tvDetails', { path: { series_id: 1 } });
    const season = await call('seasonDetails', { path: { series_id: 1, season_number: 1 } });
    expect(season.episodes).toHaveLength(details.seasons.find((s) => s.season_number === 1)!.episode_count);
    const episode = await call('episodeDetails', { path: { series_id: 1, season_number: 1, episode_number: 1 } });
    expect(episode).toMatchObject({ season_number: 1, episode_number: 1 });
    // The real service names the series in a season's episodes, not in an episode's own details.
    expect(episode).not.toHaveProperty('show_id');
    expect(season.episodes[0]).toMatchObject({ show_id: 1, episode_number: 1 });
    expect(season.networks).toEqual(details.networks);
    const images = await call('episodeImages', { path: { series_id: 1, season_number: 1, episode_number: 1 } });
    expect(images.id).toBe(episode.id);
    expect(images.stills[0]?.file_path).toBe(episode.still_path);
    const ids = await call('episodeExternalIds', { path: { series_id: 1, season_number: 1, episode_number: 1 } });
    expect(Object.keys(ids).sort()).toEqual(['freebase_id', 'freebase_mid', 'id', 'imdb_id', 'tvdb_id', 'tvrage_id', 'wikidata_id']);
    const keywords = await call('tvKeywords', { path: { series_id: 1 } });
    expect(keywords.results.length).toBeGreaterThan(1);
    const popular = await call('popularTv');
    expect(popular.total_results).toBe(90);
  });
});

describe('people, collections, search', () => {
  it('person details, images and tagged images', async () => {
    const person = await call('personDetails', { path: { person_id: 1 } });
    const images = await call('personImages', { path: { person_id: 1 } });
    expect(person.profile_path).toMatch(/^\//);
    expect(images.profiles[0]?.file_path).toBe(person.profile_path);
    const tagged = await call('personTaggedImages', { path: { person_id: 1 } });
    expect(tagged.id).toBe(1);
    expect(tagged.results.length).toBeGreaterThan(0);
    expect(new Set(tagged.results.map((r) => r.media_type))).not.toContain(undefined);
  });

  it('a collection and searching for it', async () => {
    const collection = await call('collectionDetails', { path: { collection_id: 1 } });
    expect(collection.parts.length).toBeGreaterThanOrEqual(2);
    const found = await call('searchCollections', { query: { query: collection.name } });
    expect(found.results.map((c) => c.id)).toContain(1);
  });

  it('multi search mixes films, series and people with media_type', async () => {
    const found = await call('searchMulti', { query: { query: 'the' } });
    expect(found.total_results).toBeGreaterThan(20);
    const kinds = new Set(found.results.map((r) => r.media_type));
    const page2 = await call('searchMulti', { query: { query: 'the', page: 2 } });
    for (const r of page2.results) kinds.add(r.media_type);
    expect(kinds.has('movie')).toBe(true);
    const people = await call('searchMulti', { query: { query: (await call('personDetails', { path: { person_id: 2 } })).name } });
    expect(people.results.some((r) => r.media_type === 'person' && r.id === 2)).toBe(true);
  });
});

describe('reference data', () => {
  it('configuration points images at this server', async () => {
    const config = await call('configuration');
    expect(config.images.base_url).toBe(`${t.server.url}/t/p/`);
    expect(config.images.secure_base_url).toBe(`${t.server.url}/t/p/`);
    expect(config.images.poster_sizes).toContain('w342');
    expect(config.change_keys).toContain('tvdb_id');
  });

  it('TV and film certifications of at least 20 countries, CA-QC and PR included', async () => {
    const tv = await call('tvCertifications');
    expect(Object.keys(tv.certifications).length).toBeGreaterThanOrEqual(20);
    // In the service's order of the list (NR, TV-MA, TV-Y, ...), which is not the ladder's.
    const byOrder = <T extends { order: number }>(list: readonly T[]) => [...list].sort((a, b) => a.order - b.order);
    expect(byOrder(tv.certifications.US!).map((c) => c.certification)).toEqual(['NR', 'TV-Y', 'TV-Y7', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA']);
    expect(byOrder(tv.certifications.DE!).map((c) => [c.certification, c.order])).toEqual([['0', 1], ['6', 2], ['12', 3], ['16', 4], ['18', 5]]);
    expect(tv.certifications['CA-QC']).toBeDefined();
    expect(tv.certifications.PR).toBeDefined();
    const movie = await call('movieCertifications');
    expect(Object.keys(movie.certifications).length).toBeGreaterThanOrEqual(20);
    expect(movie.certifications.US!.map((c) => c.certification)).toContain('PG-13');
  });
});

describe('sessions, account, lists and ratings', () => {
  it('validate key, request token, login, session, guest session', async () => {
    expect(await call('validateKey')).toEqual({ success: true, status_code: 1, status_message: 'Success.' });
    const { request_token } = await call('requestToken');
    const { username, password } = t.server.demoAccount;
    await call('validateWithLogin', { body: { username, password, request_token } });
    const { session_id } = await call('createSession', { body: { request_token } });
    expect(session_id).toMatch(/^[0-9a-f]{40}$/);
    expect(await call('deleteSession', { body: { session_id } })).toEqual({ success: true });
    const guest = await call('createGuestSession');
    expect(guest.guest_session_id).toMatch(/^[0-9a-f]{40}$/);
  });

  it('account details and lists', async () => {
    const session = { sessionId };
    const account = await call('accountOfSession', { session });
    expect(await call('accountDetails', { path: { account_id: account.id }, session })).toEqual(account);
    expect(account.username).toBe(t.server.demoAccount.username);
    const created = await call('createList', { body: { name: 'Weekend', description: 'to watch' }, session });
    expect(created).toMatchObject({ success: true, status_code: 1, status_message: 'The item/record was created successfully.' });
    const listId = Number(created.list_id);
    expect(await call('addListItem', { path: { list_id: listId }, body: { media_id: 5 }, session })).toMatchObject({ status_code: 12 });
    await call('addListItem', { path: { list_id: listId }, body: { media_id: 6 }, session });
    expect(await call('listItemStatus', { path: { list_id: listId }, query: { movie_id: 5 } })).toEqual({ id: listId, item_present: true });
    expect(await call('removeListItem', { path: { list_id: listId }, body: { media_id: 5 }, session })).toMatchObject({ status_code: 13 });
    const details = await call('listDetails', { path: { list_id: listId } });
    expect(details.items.map((i) => i.id)).toEqual([6]);
    const lists = await call('accountLists', { path: { account_id: account.id }, session });
    expect(lists.results.find((l) => Number(l.id) === listId)?.item_count).toBe(1);
    expect(await call('clearList', { path: { list_id: listId }, query: { confirm: true }, session })).toMatchObject({ status_code: 12 });
    expect(await call('deleteList', { path: { list_id: listId }, session })).toMatchObject({ status_code: 13 });
  });

  it('rating an episode and reading it back', async () => {
    const session = { sessionId };
    const path = { series_id: 2, season_number: 1, episode_number: 2 };
    expect(await call('rateEpisode', { path, body: { value: 8.5 }, session })).toEqual({ success: true, status_code: 1, status_message: 'Success.' });
    const rated = await call('accountRatedEpisodes', { path: { account_id: 1 }, session });
    expect(rated.results.map((e) => [e.show_id, e.season_number, e.episode_number, e.rating])).toEqual([[2, 1, 2, 8.5]]);
    const states = await call('seasonAccountStates', { path: { series_id: 2, season_number: 1 }, session });
    expect(states.results.find((e) => e.episode_number === 2)?.rated).toEqual({ value: 8.5 });
    expect(await call('deleteEpisodeRating', { path, session })).toMatchObject({ status_code: 13 });
  });
});

describe('ratings of films and series, account states, watchlist and favourites', () => {
  it('rating a film and a series, reading them back in the rated lists and the account states', async () => {
    const session = { sessionId };
    expect(await call('rateMovie', { path: { movie_id: 4 }, body: { value: 7 }, session })).toMatchObject({ status_code: 1 });
    expect(await call('rateSeries', { path: { series_id: 3 }, body: { value: 6.5 }, session })).toMatchObject({ status_code: 1 });
    const movies = await call('accountRatedMovies', { path: { account_id: 1 }, session });
    expect(movies.results.map((m) => [m.id, m.rating])).toEqual([[4, 7]]);
    const series = await call('accountRatedSeries', { path: { account_id: 1 }, session });
    expect(series.results.map((s) => [s.id, s.rating])).toEqual([[3, 6.5]]);
    expect(await call('movieAccountStates', { path: { movie_id: 4 }, session })).toEqual({ id: 4, favorite: false, rated: { value: 7 }, watchlist: false });
    expect(await call('seriesAccountStates', { path: { series_id: 3 }, session })).toMatchObject({ id: 3, rated: { value: 6.5 } });
    const episode = { series_id: 3, season_number: 1, episode_number: 1 };
    expect(await call('episodeAccountStates', { path: episode, session })).toMatchObject({ rated: false });
    expect(await call('deleteMovieRating', { path: { movie_id: 4 }, session })).toMatchObject({ status_code: 13 });
    expect(await call('deleteSeriesRating', { path: { series_id: 3 }, session })).toMatchObject({ status_code: 13 });
  });

  it("a guest session's rated lists", async () => {
    const { guest_session_id } = await call('createGuestSession');
    const guest = { guestSessionId: guest_session_id };
    await call('rateMovie', { path: { movie_id: 5 }, body: { value: 9 }, session: guest });
    await call('rateSeries', { path: { series_id: 5 }, body: { value: 4 }, session: guest });
    await call('rateEpisode', { path: { series_id: 5, season_number: 1, episode_number: 2 }, body: { value: 3 }, session: guest });
    expect((await call('guestRatedMovies', { session: guest })).results.map((m) => [m.id, m.rating])).toEqual([[5, 9]]);
    expect((await call('guestRatedSeries', { session: guest })).results.map((s) => [s.id, s.rating])).toEqual([[5, 4]]);
    const episodes = await call('guestRatedEpisodes', { session: guest });
    expect(episodes.results.map((e) => [e.show_id, e.season_number, e.episode_number, e.rating])).toEqual([[5, 1, 2, 3]]);
  });

  it('the watchlist and the favourites', async () => {
    const session = { sessionId };
    const account = { account_id: 1 };
    await call('setWatchlist', { path: account, body: { media_type: 'movie', media_id: 8, watchlist: true }, session });
    await call('setWatchlist', { path: account, body: { media_type: 'tv', media_id: 9, watchlist: true }, session });
    await call('setFavorite', { path: account, body: { media_type: 'movie', media_id: 10, favorite: true }, session });
    await call('setFavorite', { path: account, body: { media_type: 'tv', media_id: 11, favorite: true }, session });
    expect((await call('watchlistMovies', { path: account, session })).results.map((m) => m.id)).toEqual([8]);
    expect((await call('watchlistSeries', { path: account, session })).results.map((s) => s.id)).toEqual([9]);
    expect((await call('favoriteMovies', { path: account, session })).results.map((m) => m.id)).toEqual([10]);
    expect((await call('favoriteSeries', { path: account, session })).results.map((s) => s.id)).toEqual([11]);
  });
});

describe('where to watch, videos, recommendations and similar titles', () => {
  it('answers each for a film and a series', async () => {
    const providers = await call('movieWatchProviders', { path: { movie_id: 1 } });
    expect(providers.id).toBe(1);
    expect((await call('seriesWatchProviders', { path: { series_id: 1 } })).id).toBe(1);
    expect((await call('watchProviderRegions')).results.map((r) => r.iso_3166_1)).toContain('DE');
    expect((await call('movieWatchProviderList', { query: { watch_region: 'DE' } })).results.length).toBeGreaterThan(0);
    expect((await call('seriesWatchProviderList')).results.length).toBeGreaterThan(0);
    expect((await call('movieVideos', { path: { movie_id: 1 } })).id).toBe(1);
    expect((await call('seriesVideos', { path: { series_id: 1 } })).id).toBe(1);
    for (const related of [
      await call('movieRecommendations', { path: { movie_id: 1 } }),
      await call('similarMovies', { path: { movie_id: 1 } }),
      await call('seriesRecommendations', { path: { series_id: 1 } }),
      await call('similarSeries', { path: { series_id: 1 } }),
    ]) {
      expect(related.results.length).toBeGreaterThan(0);
      expect(related.results.map((r) => r.id)).not.toContain(1);
    }
  });
});

describe('cast, crew and filmographies', () => {
  it('answers each for a film, a series, an episode and a person', async () => {
    const movie = await call('movieCredits', { path: { movie_id: 1 } });
    expect(movie.cast.length).toBeGreaterThan(0);
    expect((await call('seriesCredits', { path: { series_id: 1 } })).cast.length).toBeGreaterThan(0);
    expect((await call('seriesAggregateCredits', { path: { series_id: 1 } })).cast.length).toBeGreaterThan(0);
    expect((await call('episodeCredits', { path: { series_id: 1, season_number: 1, episode_number: 1 } })).id).toBe(10_101);
    const person = movie.cast[0]!.id;
    expect((await call('personCombinedCredits', { path: { person_id: person } })).cast.map((c) => c.id)).toContain(1);
    expect((await call('personMovieCredits', { path: { person_id: person } })).cast.map((c) => c.id)).toContain(1);
    expect((await call('personTvCredits', { path: { person_id: person } })).id).toBe(person);
  });
});

describe('find by external id', () => {
  it('a film by the IMDb id its details carry', async () => {
    const details = await call('movieDetails', { path: { movie_id: 3 } });
    const found = await call('findByExternalId', { path: { external_id: details.imdb_id! }, query: { external_source: 'imdb_id' } });
    expect(found.movie_results.map((m) => m.id)).toEqual([3]);
  });
});

describe('external ids', () => {
  it("a film's IMDb id is the one its details carry, and find names the film by it", async () => {
    for (const movieId of [1, 2, 3, 4, 5]) {
      const details = await call('movieDetails', { path: { movie_id: movieId } });
      const ids = await call('movieExternalIds', { path: { movie_id: movieId } });
      expect(ids).toMatchObject({ id: movieId, imdb_id: details.imdb_id });
      expect(Object.keys(ids).sort()).toEqual(['facebook_id', 'id', 'imdb_id', 'instagram_id', 'twitter_id', 'wikidata_id']);
    }
  });

  it("a series' IMDb id finds that series", async () => {
    const ids = await call('tvExternalIds', { path: { series_id: 4 } });
    expect(ids.id).toBe(4);
    const found = await call('findByExternalId', { path: { external_id: ids.imdb_id! }, query: { external_source: 'imdb_id' } });
    expect(found.tv_results.map((s) => s.id)).toEqual([4]);
    await expect(call('tvExternalIds', { path: { series_id: 999_999 } })).rejects.toMatchObject({ statusCode: 34 });
  });
});

describe('genres, trending, popular people and discover (more in discover.test.ts)', () => {
  it('answer on the embedded catalog', async () => {
    expect((await call('movieGenres')).genres.length).toBe(19);
    expect((await call('seriesGenres')).genres.length).toBe(16);
    for (const time_window of ['day', 'week'] as const) {
      expect((await call('trendingAll', { path: { time_window } })).results.length).toBe(20);
      expect((await call('trendingMovies', { path: { time_window } })).results.every((m) => m.media_type === 'movie')).toBe(true);
      expect((await call('trendingSeries', { path: { time_window } })).results.every((s) => s.media_type === 'tv')).toBe(true);
      expect((await call('trendingPeople', { path: { time_window } })).results.every((p) => p.media_type === 'person')).toBe(true);
    }
    expect((await call('popularPeople', { query: { page: 2 } })).page).toBe(2);
    const dramas = await call('discoverMovies', { query: { with_genres: '18', sort_by: 'primary_release_date.desc' } });
    expect(dramas.results.every((m) => m.genre_ids!.includes(18))).toBe(true);
    const series = await call('discoverSeries', { query: { with_genres: '10765|35', 'vote_average.gte': 6 } });
    expect(series.results.every((s) => s.vote_average >= 6)).toBe(true);
  });
});

describe('reference: configuration lists, credits, people, typed searches, changes (more in reference-operations.test.ts)', () => {
  it('answer on the embedded catalog', async () => {
    const countries = await call('configurationCountries', { query: { language: 'de-DE' } });
    expect(countries).toContainEqual({ iso_3166_1: 'DE', english_name: 'Germany', native_name: 'Deutschland' });
    expect((await call('configurationJobs')).find((d) => d.department === 'Directing')?.jobs).toContain('Director');
    expect(await call('configurationLanguages')).toContainEqual({ iso_639_1: 'de', english_name: 'German', name: 'Deutsch' });
    expect(await call('primaryTranslations')).toContain('pt-BR');
    expect((await call('configurationTimezones')).find((c) => c.iso_3166_1 === 'JP')?.zones).toEqual(['Asia/Tokyo']);

    const cast = (await call('movieCredits', { path: { movie_id: 3 } })).cast[0]!;
    const credit = await call('creditDetails', { path: { credit_id: cast.credit_id } });
    expect(credit).toMatchObject({ id: cast.credit_id, credit_type: 'cast', media_type: 'movie', media: { id: 3, character: cast.character }, person: { id: cast.id } });

    const person = await call('personDetails', { path: { person_id: 5 } });
    expect((await call('personExternalIds', { path: { person_id: 5 } })).imdb_id).toBe(person.imdb_id);
    const translations = (await call('personTranslations', { path: { person_id: 5 } })).translations;
    expect(translations.map((entry) => entry.data.biography)).toEqual(person.biography === '' ? [] : [person.biography]);
    const popular = await call('popularPeople');
    expect((await call('personLatest')).id).toBe(popular.total_results);

    const film = await call('movieDetails', { path: { movie_id: 4 } });
    const word = film.title.split(' ').find((w) => w.length >= 3)!;
    expect((await call('searchMovies', { query: { query: word } })).results.map((m) => m.id)).toContain(4);
    const series = await call('tvDetails', { path: { series_id: 4 } });
    expect((await call('searchSeries', { query: { query: series.name } })).results[0]!.id).toBe(4);
    expect((await call('searchPeople', { query: { query: person.name } })).results[0]!.id).toBe(5);

    // Companies and keywords: the names films carry, best match first, ids that open.
    const company = film.production_companies[0]!;
    const companies = await call('searchCompanies', { query: { query: company.name } });
    expect(companies.results[0]).toEqual({ id: company.id, logo_path: company.logo_path, name: company.name, origin_country: company.origin_country });
    const firstWord = company.name.split(' ')[0]!;
    const byWord = await call('searchCompanies', { query: { query: firstWord.toLowerCase() } });
    expect(byWord.results.length).toBeGreaterThan(1);
    expect(byWord.results.every((c) => c.name.toLowerCase().split(' ').some((w) => w.startsWith(firstWord.toLowerCase())))).toBe(true);
    const keyword = (await call('movieKeywords', { path: { movie_id: 4 } })).keywords[0]!;
    const keywords = await call('searchKeywords', { query: { query: keyword.name.toUpperCase() } });
    expect(keywords.results[0]).toEqual(keyword);
    expect((await call('keywordMovies', { path: { keyword_id: keywords.results[0]!.id } })).results.map((m) => m.id)).toContain(4);
    expect(await call('searchKeywords', { query: { query: 'zzzz no such keyword' } })).toEqual({ page: 1, results: [], total_pages: 0, total_results: 0 });

    const range = { start_date: '2025-03-10', end_date: today };
    const changed = await call('movieChangeList', { query: range });
    expect(changed.results.length).toBeGreaterThan(0);
    expect((await call('movieChanges', { path: { movie_id: changed.results[0]!.id }, query: range })).changes.length).toBeGreaterThan(0);
    const people = await call('personChangeList', { query: range });
    expect((await call('personChanges', { path: { person_id: people.results[0]!.id }, query: range })).changes.length).toBeGreaterThan(0);
    const edited = await call('seriesChangeList', { query: range });
    expect((await call('seriesChanges', { path: { series_id: edited.results[0]!.id }, query: range })).changes.length).toBeGreaterThan(0);
    // A season and an episode as their own answers name them: their logs answer (empty or not).
    const season = await call('seasonDetails', { path: { series_id: 1, season_number: 1 } });
    expect(Array.isArray((await call('seasonChanges', { path: { season_id: season.id }, query: range })).changes)).toBe(true);
    const episode = await call('episodeDetails', { path: { series_id: 1, season_number: 1, episode_number: 1 } });
    expect(Array.isArray((await call('episodeChanges', { path: { episode_id: episode.id }, query: range })).changes)).toBe(true);
  });
});

// --- tv-world: series listings and records, seasons, episodes, episode groups, networks ---
describe('tv-world operations (consistency in tv-world.test.ts)', () => {
  it('listings, records of a series, of its seasons and episodes, its episode groups and network', async () => {
    const airing = await call('airingTodaySeries');
    const onTheAir = await call('onTheAirSeries', { query: { timezone: 'Europe/Paris' } });
    expect(airing.results.every((s) => onTheAir.results.some((o) => o.id === s.id) || onTheAir.total_results > 20)).toBe(true);
    expect((await call('topRatedSeries')).results.length).toBeGreaterThan(0);
    const series_id = airing.results[0]!.id;
    const path = { series_id };
    expect((await call('seriesAlternativeTitles', { path })).id).toBe(series_id);
    expect((await call('seriesContentRatings', { path })).results.length).toBeGreaterThan(0);
    expect((await call('seriesImages', { path })).posters.length).toBeGreaterThanOrEqual(0);
    expect(await call('seriesLists', { path })).toMatchObject({ id: series_id, total_results: 0 });
    expect((await call('seriesScreenedTheatrically', { path })).id).toBe(series_id);
    expect((await call('seriesTranslations', { path })).translations.some((tr) => tr.iso_639_1 === 'en')).toBe(true);
    const season = { series_id, season_number: 1 };
    const seasonId = (await call('seasonDetails', { path: season })).id;
    for (const key of ['seasonAggregateCredits', 'seasonCredits', 'seasonExternalIds', 'seasonImages', 'seasonTranslations', 'seasonVideos', 'seasonWatchProviders'] as const) {
      expect((await call(key, { path: season })).id, key).toBe(seasonId);
    }
    const episode = { ...season, episode_number: 1 };
    const episodeId = (await call('episodeDetails', { path: episode })).id;
    expect((await call('episodeTranslations', { path: episode })).id).toBe(episodeId);
    expect((await call('episodeVideos', { path: episode })).id).toBe(episodeId);
    let group: string | undefined;
    for (let id = 1; id <= 60 && !group; id++) group = (await call('seriesEpisodeGroups', { path: { series_id: id } })).results[0]?.id;
    expect((await call('episodeGroupDetails', { path: { tv_episode_group_id: group! } })).id).toBe(group);
    const network_id = (await call('tvDetails', { path })).networks[0]!.id;
    expect((await call('networkDetails', { path: { network_id } })).id).toBe(network_id);
    expect((await call('networkAlternativeNames', { path: { network_id } })).id).toBe(network_id);
    expect((await call('networkImages', { path: { network_id } })).logos.length).toBeGreaterThan(0);
  });
});

// --- movie-world (more in movie-world.test.ts) ---
describe("a film's facts, reviews, collections' images and translations, companies and keywords", () => {
  it('answer with ids taken from the catalog', async () => {
    const movie_id = (await call('popularMovies')).results[0]!.id;
    const path = { movie_id };
    expect((await call('movieKeywords', { path })).keywords.length).toBeGreaterThan(0);
    expect((await call('movieAlternativeTitles', { path, query: { country: 'US' } })).titles.every((t) => t.iso_3166_1 === 'US')).toBe(true);
    expect((await call('movieReleaseDates', { path })).results.length).toBeGreaterThan(0);
    expect((await call('movieTranslations', { path })).translations[0]!.iso_639_1).toBe('en');
    const reviews = await call('movieReviews', { path });
    expect((await call('reviewDetails', { path: { review_id: reviews.results[0]!.id } })).media_id).toBe(movie_id);
    const series_id = (await call('popularTv')).results[0]!.id;
    expect((await call('seriesReviews', { path: { series_id } })).id).toBe(series_id);
    const collection_id = (await call('searchCollections', { query: { query: 'the' } })).results[0]!.id;
    expect((await call('collectionImages', { path: { collection_id } })).posters.length).toBeGreaterThan(0);
    expect((await call('collectionTranslations', { path: { collection_id } })).id).toBe(collection_id);
    const company_id = (await call('movieDetails', { path })).production_companies[0]!.id;
    expect((await call('companyDetails', { path: { company_id } })).id).toBe(company_id);
    expect((await call('companyAlternativeNames', { path: { company_id } })).id).toBe(company_id);
    expect((await call('companyImages', { path: { company_id } })).id).toBe(company_id);
    const keyword_id = (await call('movieKeywords', { path })).keywords[0]!.id;
    expect((await call('keywordDetails', { path: { keyword_id } })).id).toBe(keyword_id);
    expect((await call('keywordMovies', { path: { keyword_id } })).results.map((m) => m.id)).toContain(movie_id);
  });
});

describe('coverage', () => {
  it('exercised every operation of the table', () => {
    expect([...operationKeys].filter((key) => !exercised.has(key))).toEqual([]);
  });
});

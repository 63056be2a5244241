import type { CallArgs } from '../../src/api/types.js';
import { operationById, type OperationKey } from '../../src/contract/index.js';
import { fixtureNames, readFixture } from '../fixtures.js';
import { signIn, startTestServer } from '../server/harness.js';

/**
 * One modern body (or more) for every operation of the table: the recorded fixtures of the
 * spec's operations, and an answer of the embedded server for every operation (it emits the
 * full modern shape). Old-record variants are made from these.
 */
export interface ModernBody {
  readonly key: OperationKey;
  readonly source: string;
  readonly body: unknown;
}

const isErrorBody = (name: string) => name.startsWith('ERR-') || /-401/.test(name);

export function fixtureBodies(): ModernBody[] {
  return fixtureNames()
    .filter((name) => /^E\d+-/.test(name) && !isErrorBody(name) && !name.includes('.request.'))
    .map((name) => ({ key: operationById(/^(E\d+)-/.exec(name)![1]!)![0], source: name, body: readFixture(name) }));
}

/** Calls every operation of the table once on a fresh embedded server, in an order that works. */
export async function serverBodies(): Promise<ModernBody[]> {
  const t = await startTestServer();
  const bodies: ModernBody[] = [];
  const take = async <K extends OperationKey>(key: K, args?: CallArgs<K>) => {
    const body = await t.client.call(key, args);
    bodies.push({ key, source: 'embedded server', body });
    return body;
  };
  try {
    const sessionId = await signIn(t);
    const session = { sessionId };
    const episode = { series_id: 1, season_number: 1, episode_number: 1 };
    await take('movieLatest');
    await take('validateKey');
    await take('configuration');
    await take('tvCertifications');
    await take('movieCertifications');
    // Details with every part the server appends (old-record variants of the parts too); the
    // plain details come after, so a map keyed by operation keeps those.
    await take('movieDetails', { path: { movie_id: 1 }, query: { append_to_response: 'images' } });
    const popular = (await t.client.call('popularMovies')).results[0]!.id;
    await take('movieDetails', { path: { movie_id: popular }, query: { append_to_response: 'keywords,reviews,release_dates,alternative_titles,translations' } });
    await take('tvDetails', { path: { series_id: 1 }, query: { append_to_response: 'keywords' } });
    await take('episodeDetails', { path: episode, query: { append_to_response: 'images,external_ids' } });
    await take('personDetails', { path: { person_id: 1 }, query: { append_to_response: 'images' } });
    await take('movieDetails', { path: { movie_id: 1 }, query: { append_to_response: 'credits' } });
    await take('tvDetails', { path: { series_id: 1 }, query: { append_to_response: 'credits,aggregate_credits' } });
    await take('episodeDetails', { path: episode, query: { append_to_response: 'credits' } });
    await take('personDetails', { path: { person_id: 1 }, query: { append_to_response: 'combined_credits' } });
    await take('movieDetails', { path: { movie_id: 1 } });
    await take('movieCredits', { path: { movie_id: 1 } });
    await take('seriesCredits', { path: { series_id: 1 } });
    await take('seriesAggregateCredits', { path: { series_id: 1 } });
    await take('episodeCredits', { path: episode });
    await take('personCombinedCredits', { path: { person_id: 1 } });
    await take('personMovieCredits', { path: { person_id: 1 } });
    await take('personTvCredits', { path: { person_id: 1 } });
    await take('movieImages', { path: { movie_id: 1 } });
    await take('movieWatchProviders', { path: { movie_id: 1 } });
    await take('seriesWatchProviders', { path: { series_id: 1 } });
    await take('watchProviderRegions');
    await take('movieWatchProviderList', { query: { watch_region: 'DE' } });
    await take('seriesWatchProviderList');
    await take('movieVideos', { path: { movie_id: 1 } });
    await take('seriesVideos', { path: { series_id: 1 } });
    await take('movieRecommendations', { path: { movie_id: 1 } });
    await take('similarMovies', { path: { movie_id: 1 } });
    await take('seriesRecommendations', { path: { series_id: 1 } });
    await take('similarSeries', { path: { series_id: 1 } });
    await take('movieLists', { path: { movie_id: 1 } });
    await take('movieExternalIds', { path: { movie_id: 1 } });
    await take('popularMovies');
    await take('topRatedMovies');
    await take('nowPlayingMovies');
    await take('upcomingMovies');
    await take('collectionDetails', { path: { collection_id: 1 } });
    // movie-world: ids taken from the catalog's own answers
    const reviewed = await take('movieReviews', { path: { movie_id: popular } });
    await take('reviewDetails', { path: { review_id: reviewed.results[0]!.id } });
    await take('seriesReviews', { path: { series_id: (await t.client.call('popularTv')).results[0]!.id } });
    const { keywords } = await take('movieKeywords', { path: { movie_id: popular } });
    await take('keywordDetails', { path: { keyword_id: keywords[0]!.id } });
    await take('keywordMovies', { path: { keyword_id: keywords[0]!.id } });
    await take('movieAlternativeTitles', { path: { movie_id: popular } });
    await take('movieReleaseDates', { path: { movie_id: popular } });
    await take('movieTranslations', { path: { movie_id: popular } });
    await take('collectionImages', { path: { collection_id: 1 } });
    await take('collectionTranslations', { path: { collection_id: 1 } });
    const company = (await t.client.call('movieDetails', { path: { movie_id: popular } })).production_companies![0]!.id;
    await take('companyDetails', { path: { company_id: company } });
    await take('companyAlternativeNames', { path: { company_id: company } });
    await take('companyImages', { path: { company_id: company } });
    await take('tvLatest');
    await take('popularTv');
    await take('movieGenres');
    await take('seriesGenres');
    await take('trendingAll', { path: { time_window: 'day' } });
    await take('trendingMovies', { path: { time_window: 'week' } });
    await take('trendingSeries', { path: { time_window: 'day' } });
    await take('trendingPeople', { path: { time_window: 'week' } });
    await take('popularPeople');
    await take('discoverMovies', { query: { with_genres: '18|35', sort_by: 'vote_average.desc' } });
    await take('discoverSeries', { query: { 'vote_count.gte': 10 } });
    // --- tv-world: series listings and records, seasons, episodes, episode groups, networks ---
    await take('tvDetails', {
      path: { series_id: 1 },
      query: { append_to_response: 'alternative_titles,content_ratings,episode_groups,images,lists,screened_theatrically,translations' },
    });
    await take('seasonDetails', {
      path: { series_id: 1, season_number: 1 },
      query: { append_to_response: 'aggregate_credits,credits,external_ids,images,translations,videos,watch/providers' },
    });
    await take('episodeDetails', { path: episode, query: { append_to_response: 'translations,videos' } });
    await take('airingTodaySeries');
    await take('onTheAirSeries', { query: { timezone: 'America/New_York' } });
    await take('topRatedSeries');
    await take('seriesAlternativeTitles', { path: { series_id: 1 } });
    await take('seriesContentRatings', { path: { series_id: 1 } });
    await take('seriesImages', { path: { series_id: 1 } });
    await take('seriesLists', { path: { series_id: 1 } });
    await take('seriesScreenedTheatrically', { path: { series_id: 1 } });
    await take('seriesTranslations', { path: { series_id: 1 } });
    const season = { series_id: 1, season_number: 1 };
    await take('seasonAggregateCredits', { path: season });
    await take('seasonCredits', { path: season });
    await take('seasonExternalIds', { path: season });
    await take('seasonImages', { path: season });
    await take('seasonTranslations', { path: season });
    await take('seasonVideos', { path: season });
    await take('seasonWatchProviders', { path: season });
    await take('episodeTranslations', { path: episode });
    await take('episodeVideos', { path: episode });
    // The first series of the catalog with an episode group.
    for (let series_id = 1; series_id <= 60; series_id++) {
      const groups = await take('seriesEpisodeGroups', { path: { series_id } });
      const first = groups.results[0];
      if (first) {
        await take('episodeGroupDetails', { path: { tv_episode_group_id: first.id } });
        break;
      }
    }
    const { networks } = await t.client.call('tvDetails', { path: { series_id: 1 } });
    await take('networkDetails', { path: { network_id: networks[0]!.id } });
    await take('networkAlternativeNames', { path: { network_id: networks[0]!.id } });
    await take('networkImages', { path: { network_id: networks[0]!.id } });
    await take('tvDetails', { path: { series_id: 1 } });
    await take('tvKeywords', { path: { series_id: 1 } });
    await take('tvExternalIds', { path: { series_id: 1 } });
    await take('seasonDetails', { path: { series_id: 1, season_number: 1 } });
    await take('episodeDetails', { path: episode });
    await take('episodeImages', { path: episode });
    await take('episodeExternalIds', { path: episode });
    await take('personDetails', { path: { person_id: 1 } });
    await take('personImages', { path: { person_id: 1 } });
    await take('personTaggedImages', { path: { person_id: 1 } });
    await take('findByExternalId', { path: { external_id: 'tt10000001' }, query: { external_source: 'imdb_id' } });
    await take('searchMulti', { query: { query: 'the' } });
    await take('searchCollections', { query: { query: 'the' } });
    const account = await take('accountOfSession', { session });
    await take('accountDetails', { path: { account_id: account.id }, session });
    const { list_id: listId } = await take('createList', { body: { name: 'Old records', description: 'variants' }, session });
    await take('addListItem', { path: { list_id: listId }, body: { media_id: 1 }, session });
    await take('listDetails', { path: { list_id: listId } });
    await take('listItemStatus', { path: { list_id: listId }, query: { movie_id: 1 } });
    await take('accountLists', { path: { account_id: account.id }, session });
    await take('rateEpisode', { path: episode, body: { value: 8 }, session });
    await take('accountRatedEpisodes', { path: { account_id: account.id }, session });
    await take('seasonAccountStates', { path: { series_id: 1, season_number: 1 }, session });
    await take('episodeAccountStates', { path: episode, session });
    await take('deleteEpisodeRating', { path: episode, session });
    await take('rateMovie', { path: { movie_id: 1 }, body: { value: 7.5 }, session });
    await take('rateSeries', { path: { series_id: 1 }, body: { value: 6 }, session });
    await take('setWatchlist', { path: { account_id: account.id }, body: { media_type: 'movie', media_id: 1, watchlist: true }, session });
    await take('setFavorite', { path: { account_id: account.id }, body: { media_type: 'tv', media_id: 1, favorite: true }, session });
    await take('movieAccountStates', { path: { movie_id: 1 }, session });
    await take('seriesAccountStates', { path: { series_id: 1 }, session });
    await take('accountRatedMovies', { path: { account_id: account.id }, session });
    await take('accountRatedSeries', { path: { account_id: account.id }, session });
    await take('watchlistMovies', { path: { account_id: account.id }, session });
    await take('watchlistSeries', { path: { account_id: account.id }, session });
    await take('favoriteMovies', { path: { account_id: account.id }, session });
    await take('favoriteSeries', { path: { account_id: account.id }, session });
    await take('deleteMovieRating', { path: { movie_id: 1 }, session });
    await take('deleteSeriesRating', { path: { series_id: 1 }, session });
    await take('removeListItem', { path: { list_id: listId }, body: { media_id: 1 }, session });
    await take('clearList', { path: { list_id: listId }, query: { confirm: true }, session });
    await take('deleteList', { path: { list_id: listId }, session });
    const { guest_session_id } = await take('createGuestSession');
    const guest = { guestSessionId: guest_session_id };
    await t.client.call('rateMovie', { path: { movie_id: 2 }, body: { value: 8 }, session: guest });
    await t.client.call('rateSeries', { path: { series_id: 2 }, body: { value: 8 }, session: guest });
    await t.client.call('rateEpisode', { path: episode, body: { value: 8 }, session: guest });
    await take('guestRatedMovies', { session: guest });
    await take('guestRatedSeries', { session: guest });
    await take('guestRatedEpisodes', { session: guest });
    const { request_token } = await take('requestToken');
    const demo = t.server.demoAccount;
    await take('validateWithLogin', { body: { username: demo.username, password: demo.password, request_token } });
    const created = await take('createSession', { body: { request_token } });
    await take('deleteSession', { body: { session_id: created.session_id } });

    // --- reference: configuration lists, credits, people's ids and translations, typed searches, changes ---
    await take('configurationCountries', { query: { language: 'de-DE' } });
    await take('configurationJobs');
    await take('configurationLanguages');
    await take('primaryTranslations');
    await take('configurationTimezones');
    const movieCast = (await t.client.call('movieCredits', { path: { movie_id: 1 } })).cast;
    await take('creditDetails', { path: { credit_id: movieCast[0]!.credit_id } });
    const seriesCast = (await t.client.call('seriesCredits', { path: { series_id: 1 } })).cast;
    await take('creditDetails', { path: { credit_id: seriesCast[0]!.credit_id } });
    await take('personExternalIds', { path: { person_id: 1 } });
    await take('personLatest');
    await take('personTranslations', { path: { person_id: 1 } });
    await take('personDetails', { path: { person_id: 1 }, query: { append_to_response: 'external_ids,translations' } });
    await take('searchMovies', { query: { query: 'the' } });
    await take('searchSeries', { query: { query: 'the' } });
    await take('searchPeople', { query: { query: 'a' } });
    await take('searchCompanies', { query: { query: 'pictures' } });
    await take('searchKeywords', { query: { query: 'heist' } });
    // Two weeks of changes, and the log of records (a season, an episode) they name.
    const range = { start_date: '2025-03-01', end_date: '2025-03-14' };
    const movies = await take('movieChangeList', { query: range });
    await take('movieChanges', { path: { movie_id: movies.results[0]!.id }, query: range });
    const people = await take('personChangeList', { query: range });
    await take('personChanges', { path: { person_id: people.results[0]!.id }, query: range });
    const series = await take('seriesChangeList', { query: range });
    for (const { id } of series.results) {
      const { changes } = await take('seriesChanges', { path: { series_id: id }, query: range });
      const season = changes.find((change) => change.key === 'season')?.items[0]?.value as { season_id: number } | undefined;
      if (!season) continue;
      const log = await take('seasonChanges', { path: { season_id: season.season_id }, query: range });
      const episode = log.changes.find((change) => change.key === 'episode')?.items[0]?.value as { episode_id: number } | undefined;
      if (!episode) continue;
      await take('episodeChanges', { path: { episode_id: episode.episode_id }, query: range });
      break;
    }
  } finally {
    await t.dispose();
  }
  return bodies;
}

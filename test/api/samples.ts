import { operations, type OperationKey } from '../../src/contract/index.js';
import { fixtureNames, readFixture } from '../fixtures.js';

/**
 * For every operation of the table: arguments to call it with, and an answer that matches its
 * response schema. The spec's operations (E1..E22) answer with their recorded spec example;
 * the others with small bodies written here.
 */

function specExample(opId: string): unknown {
  const name = fixtureNames().find(
    (n) => n.startsWith(`${opId}-`) && n.endsWith('.spec.json') && !n.includes('.request.') && !/-\d{3}\./.test(n),
  );
  if (!name) throw new Error(`no spec example for ${opId}`);
  return readFixture(name);
}

const envelope = (code: number, message: string) => ({ success: true, status_code: code, status_message: message });
const listSummary = {
  description: 'Films to see', favorite_count: 0, id: 42, iso_639_1: 'en', item_count: 3,
  list_type: 'movie', name: 'Watchlist', poster_path: null,
};
const episode = {
  air_date: '2011-04-17', episode_number: 1, id: 63056, name: 'Winter Is Coming', overview: 'Lord Stark...',
  season_number: 1, vote_average: 7.8, vote_count: 120,
};
const review = {
  author: 'Goddard', author_details: { name: '', username: 'Goddard', avatar_path: null, rating: 9 },
  content: 'Pretty awesome movie.\r\n\r\n**Recommended.**', created_at: '2018-06-09T17:51:53.359Z',
  id: '5b1c13b9c3a36848f2026384', updated_at: '2021-06-23T15:58:09.421Z', url: 'https://www.themoviedb.org/review/5b1c13b9c3a36848f2026384',
};
const movieItem = {
  adult: false, backdrop_path: null, genre_ids: [18], id: 550, original_language: 'en', original_title: 'Fight Club',
  overview: 'A ticking-time-bomb insomniac...', popularity: 61.4, poster_path: null, release_date: '1999-10-15',
  title: 'Fight Club', video: false, vote_average: 8.4, vote_count: 26280,
};
const seriesItem = {
  adult: false, backdrop_path: null, first_air_date: '2011-04-17', genre_ids: [10765, 18], id: 1399, name: 'Game of Thrones',
  origin_country: ['US'], original_language: 'en', original_name: 'Game of Thrones', overview: 'Seven noble families...',
  popularity: 404.3, poster_path: null, vote_average: 8.4, vote_count: 21025,
};
const personItem = {
  adult: false, gender: 2, id: 287, known_for: [{ ...movieItem, media_type: 'movie' }], known_for_department: 'Acting',
  name: 'Brad Pitt', original_name: 'Brad Pitt', popularity: 24.1, profile_path: null,
};
const person = {
  adult: false, gender: 2, id: 819, known_for_department: 'Acting', name: 'Edward Norton', original_name: 'Edward Norton',
  popularity: 26.99, profile_path: '/8nytsqL59SFJTVYVrN72k6qkGgJ.jpg',
};
const NETWORK = { id: 49, logo_path: '/tuomPhY2UtuPTqqFnKMVHvSb724.png', name: 'HBO', origin_country: 'US' };
const page = <T>(results: T[]) => ({ page: 1, results, total_pages: 1, total_results: results.length });

const auxiliaryAnswers = {
  requestToken: { success: true, expires_at: '2016-08-26 17:04:39 UTC', request_token: 'ff5c7eeb5a8870efe3cd7fc5c282cffd26800ecd' },
  validateWithLogin: { success: true, expires_at: '2016-08-26 17:04:39 UTC', request_token: 'ff5c7eeb5a8870efe3cd7fc5c282cffd26800ecd' },
  createGuestSession: { success: true, guest_session_id: '1ce82ec1223641636ad4a60b07de3581', expires_at: '2016-08-27 16:26:40 UTC' },
  deleteSession: { success: true },
  accountOfSession: { id: 548, name: 'Ada', username: 'ada', include_adult: false, iso_639_1: 'en', iso_3166_1: 'GB' },
  accountDetails: { id: 548, name: 'Ada', username: 'ada', include_adult: false, iso_639_1: 'en', iso_3166_1: 'GB' },
  accountLists: page([listSummary]),
  accountRatedEpisodes: page([{ ...episode, rating: 8.5 }]),
  listDetails: {
    created_by: 'ada', description: 'Films to see', favorite_count: 0, id: '42', iso_639_1: 'en', item_count: 1,
    items: [{ id: 550, title: 'Fight Club' }], name: 'Watchlist', poster_path: null,
  },
  listItemStatus: { id: '42', item_present: true },
  clearList: envelope(12, 'The item/record was updated successfully.'),
  deleteList: envelope(13, 'The item/record was deleted successfully.'),
  deleteEpisodeRating: envelope(13, 'The item/record was deleted successfully.'),
  movieDetails: specExample('E1'),
  popularMovies: page([{ id: 550, title: 'Fight Club', vote_average: 8.4 }]),
  nowPlayingMovies: { ...page([{ id: 550, title: 'Fight Club' }]), dates: { maximum: '2024-05-01', minimum: '2024-04-01' } },
  topRatedMovies: page([{ id: 238, title: 'The Godfather' }]),
  tvDetails: specExample('E16'),
  seasonDetails: {
    air_date: '2011-04-17', episodes: [episode], id: 3624, name: 'Season 1', overview: '', poster_path: null,
    season_number: 1,
  },
  seasonAccountStates: { id: 3624, results: [{ id: 63056, episode_number: 1, rated: { value: 9 } }, { id: 63057, episode_number: 2, rated: false }] },
  episodeDetails: { ...episode, crew: [], guest_stars: [] },
  personDetails: {
    adult: false, also_known_as: [], biography: '', birthday: null, deathday: null, gender: 2, homepage: null,
    id: 287, imdb_id: 'nm0000093', known_for_department: 'Acting', name: 'Brad Pitt', place_of_birth: null,
    popularity: 10.5, profile_path: null,
  },
  movieCertifications: specExample('E21'),
  // The official OpenAPI's examples of a film's and a series' external ids.
  movieExternalIds: { id: 550, imdb_id: 'tt0137523', wikidata_id: 'Q190050', facebook_id: 'FightClub', instagram_id: null, twitter_id: null },
  tvExternalIds: {
    id: 1399, imdb_id: 'tt0944947', freebase_mid: '/m/0524b41', freebase_id: '/en/game_of_thrones', tvdb_id: 121361, tvrage_id: 24493,
    wikidata_id: 'Q23572', facebook_id: 'GameOfThrones', instagram_id: 'gameofthrones', twitter_id: 'GameOfThrones',
  },
  // The official OpenAPI's example of find by an IMDb id.
  findByExternalId: {
    movie_results: [{
      adult: false, backdrop_path: '/44immBwzhDVyjn87b3x3l9mlhAD.jpg', id: 934433, title: 'Scream VI', original_language: 'en',
      original_title: 'Scream VI', overview: 'Following the latest Ghostface killings...', poster_path: '/wDWwtvkRRlgTiUr6TyLSMX8FCuZ.jpg',
      media_type: 'movie', genre_ids: [27, 9648, 53], popularity: 853.917, release_date: '2023-03-08', video: false,
      vote_average: 7.388, vote_count: 708,
    }],
    person_results: [], tv_results: [], tv_episode_results: [], tv_season_results: [],
  },
  rateMovie: envelope(1, 'Success.'),
  deleteMovieRating: envelope(13, 'The item/record was deleted successfully.'),
  rateSeries: envelope(12, 'The item/record was updated successfully.'),
  deleteSeriesRating: envelope(13, 'The item/record was deleted successfully.'),
  // The official OpenAPI's example of account states (the same for films and series).
  movieAccountStates: { id: 550, favorite: true, rated: { value: 9.0 }, watchlist: false },
  seriesAccountStates: { id: 1399, favorite: false, rated: false, watchlist: true },
  episodeAccountStates: { id: 63056, rated: { value: 8.5 } },
  accountRatedMovies: page([{ ...movieItem, rating: 8.0 }]),
  accountRatedSeries: page([{ ...seriesItem, rating: 9.0 }]),
  guestRatedMovies: page([{ ...movieItem, rating: 8.5 }]),
  guestRatedSeries: page([{ ...seriesItem, rating: 8.5 }]),
  guestRatedEpisodes: page([{ ...episode, show_id: 1399, rating: 8.5 }]),
  setWatchlist: envelope(1, 'Success.'),
  setFavorite: envelope(13, 'The item/record was deleted successfully.'),
  watchlistMovies: page([movieItem]),
  watchlistSeries: page([seriesItem]),
  favoriteMovies: page([movieItem]),
  favoriteSeries: page([seriesItem]),
  // The official OpenAPI's examples, shortened.
  movieWatchProviders: {
    id: 550,
    results: {
      AE: {
        link: 'https://www.themoviedb.org/movie/550-fight-club/watch?locale=AE',
        flatrate: [{ logo_path: '/emthp39XA2YScoYL1p0sdbAH2WA.jpg', provider_id: 119, provider_name: 'Amazon Prime Video', display_priority: 12 }],
        rent: [{ logo_path: '/peURlLlr8jggOwK53fJ5wdQl05y.jpg', provider_id: 2, provider_name: 'Apple TV', display_priority: 1 }],
      },
    },
  },
  seriesWatchProviders: {
    id: 1399,
    results: { AR: { link: 'https://www.themoviedb.org/tv/1399-game-of-thrones/watch?locale=AR', flatrate: [{ logo_path: '/Ajqyt5aNxNGjmF9uOfxArGrdf3X.jpg', provider_id: 384, provider_name: 'HBO Max', display_priority: 5 }] } },
  },
  watchProviderRegions: { results: [{ iso_3166_1: 'AD', english_name: 'Andorra', native_name: 'Andorra' }] },
  movieWatchProviderList: {
    results: [{ display_priorities: { CA: 6, DE: 4 }, display_priority: 2, logo_path: '/peURlLlr8jggOwK53fJ5wdQl05y.jpg', provider_name: 'Apple TV', provider_id: 2 }],
  },
  seriesWatchProviderList: {
    results: [{ display_priorities: { US: 1 }, display_priority: 1, logo_path: '/pbpMk2JmcoNnQwx5JGpXngfoWtp.jpg', provider_name: 'Netflix', provider_id: 8 }],
  },
  movieVideos: {
    id: 550,
    results: [{
      iso_639_1: 'en', iso_3166_1: 'US', name: '#TBT Trailer', key: 'BdJKm16Co6M', site: 'YouTube', size: 1080, type: 'Trailer',
      official: true, published_at: '2014-10-02T19:20:22.000Z', id: '5c9294240e0a267cd516835f',
    }],
  },
  seriesVideos: { id: 1399, results: [] },
  movieRecommendations: page([{ ...movieItem, media_type: 'movie' }]),
  similarMovies: page([movieItem]),
  seriesRecommendations: page([{ ...seriesItem, media_type: 'tv' }]),
  similarSeries: page([seriesItem]),
  movieGenres: { genres: [{ id: 28, name: 'Action' }, { id: 18, name: 'Drama' }] },
  seriesGenres: { genres: [{ id: 10759, name: 'Action & Adventure' }] },
  trendingAll: page([{ ...movieItem, media_type: 'movie' }, { ...seriesItem, media_type: 'tv' }, { ...personItem, media_type: 'person' }]),
  trendingMovies: page([{ ...movieItem, media_type: 'movie' }]),
  trendingSeries: page([{ ...seriesItem, media_type: 'tv' }]),
  trendingPeople: page([{ ...personItem, media_type: 'person' }]),
  popularPeople: page([personItem]),
  discoverMovies: page([movieItem]),
  discoverSeries: page([seriesItem]),
  // The official OpenAPI's examples, shortened.
  movieCredits: {
    id: 550,
    cast: [{ ...person, cast_id: 4, character: 'The Narrator', credit_id: '52fe4250c3a36847f80149f3', order: 0 }],
    crew: [{ ...person, id: 376, name: 'Arnon Milchan', credit_id: '55731b8192514111610027d7', department: 'Production', job: 'Executive Producer' }],
  },
  seriesCredits: {
    id: 1399,
    cast: [{ ...person, id: 22970, name: 'Peter Dinklage', character: 'Tyrion Lannister', credit_id: '5256c8b219c2956ff6047cd8', order: 0 }],
    crew: [],
  },
  seriesAggregateCredits: {
    id: 1399,
    cast: [{
      ...person, id: 1223786, name: 'Emilia Clarke', order: 6, total_episode_count: 78,
      roles: [{ credit_id: '5256c8af19c2956ff60479f6', character: 'Daenerys Targaryen', episode_count: 78 }],
    }],
    crew: [{
      ...person, id: 6411, name: 'Deborah Riley', department: 'Art', total_episode_count: 43,
      jobs: [{ credit_id: '54eee9e5c3a3686d5800584e', job: 'Production Design', episode_count: 43 }],
    }],
  },
  episodeCredits: {
    id: 63056,
    cast: [{ ...person, id: 22970, name: 'Peter Dinklage', character: 'Tyrion Lannister', credit_id: '5256c8b219c2956ff6047cd8', order: 0 }],
    crew: [{ ...person, id: 44797, name: 'Timothy Van Patten', credit_id: '5256c8a219c2956ff6046e77', department: 'Directing', job: 'Director' }],
    guest_stars: [{ ...person, id: 119783, name: 'Joseph Mawle', character: 'Benjen Stark', credit_id: '5256c8b919c2956ff604836a', order: 62 }],
  },
  personCombinedCredits: {
    id: 31,
    cast: [
      { ...movieItem, id: 13, title: 'Forrest Gump', character: 'Forrest Gump', credit_id: '52fe420ec3a36847f800074f', order: 0, media_type: 'movie' },
      { ...seriesItem, character: 'Himself', credit_id: '52571af019c29571140d5c92', episode_count: 1, media_type: 'tv' },
    ],
    crew: [{ ...movieItem, credit_id: '5d818a63d34eb3002c4f8fea', department: 'Crew', job: 'Thanks', media_type: 'movie' }],
  },
  personMovieCredits: {
    id: 31,
    cast: [{ ...movieItem, id: 13, title: 'Forrest Gump', character: 'Forrest Gump', credit_id: '52fe420ec3a36847f800074f', order: 0 }],
    crew: [],
  },
  personTvCredits: {
    id: 31,
    cast: [{ ...seriesItem, character: 'Himself', credit_id: '52571af019c29571140d5c92', episode_count: 1 }],
    crew: [{ ...seriesItem, credit_id: '525734f3760ee3776a397211', department: 'Directing', episode_count: 1, job: 'Director' }],
  },

  // --- reference: configuration lists, credits, people's ids and translations, typed searches, changes ---
  configurationCountries: [{ iso_3166_1: 'AG', english_name: 'Antigua and Barbuda', native_name: 'Antigua & Barbuda' }],
  configurationJobs: [{ department: 'Directing', jobs: ['Director', 'Script Supervisor'] }],
  configurationLanguages: [{ iso_639_1: 'cs', english_name: 'Czech', name: 'Český' }, { iso_639_1: 'bi', english_name: 'Bislama', name: '' }],
  primaryTranslations: ['en-US', 'pt-BR'],
  configurationTimezones: [{ iso_3166_1: 'AD', zones: ['Europe/Andorra'] }],
  creditDetails: {
    credit_type: 'cast', department: 'Acting', job: 'Actor', media_type: 'movie', id: '52fe4250c3a36847f80149f3',
    media: { ...movieItem, media_type: 'movie', character: 'The Narrator' },
    person: { ...person, media_type: 'person' },
  },
  personExternalIds: {
    id: 31, freebase_mid: '/m/0bxtg', freebase_id: '/en/tom_hanks', imdb_id: 'nm0000158', tvrage_id: 14293, wikidata_id: 'Q2263',
    facebook_id: 'TomHanks', instagram_id: 'tomhanks', tiktok_id: 'tomhanks', twitter_id: 'tomhanks', youtube_id: null,
  },
  personLatest: {
    adult: false, also_known_as: [], biography: '', birthday: null, deathday: null, gender: 0, homepage: null, id: 4064343,
    imdb_id: null, known_for_department: null, name: 'Ángel Cruz', place_of_birth: null, popularity: 0, profile_path: null,
  },
  personTranslations: {
    id: 31,
    translations: [{ iso_3166_1: 'US', iso_639_1: 'en', name: 'English', english_name: 'English', data: { biography: 'Thomas Jeffrey Hanks...', name: 'Tom Hanks' } }],
  },
  searchMovies: page([movieItem]),
  searchSeries: page([seriesItem]),
  searchPeople: page([personItem]),
  searchCompanies: page([{ id: 3268, logo_path: '/tuomPhY2UtuPTqqFnKMVHvSb724.png', name: 'HBO', origin_country: 'US' }]),
  searchKeywords: page([{ id: 262419, name: 'lost' }]),
  movieChangeList: { ...page([{ id: 550, adult: false }, { id: 1120298, adult: null }]), total_pages: 1 },
  seriesChangeList: page([{ id: 1399, adult: false }]),
  personChangeList: page([{ id: 31, adult: false }]),
  movieChanges: {
    changes: [{
      key: 'images',
      items: [{ id: '643197b96dea3a00d4377270', action: 'added', time: '2023-04-08 16:35:05 UTC', iso_639_1: '', iso_3166_1: '', value: { poster: { file_path: '/s9ZrHprviFCx3azfWNBtt1LPSnL.jpg' } } }],
    }],
  },
  seriesChanges: { changes: [{ key: 'season', items: [{ id: '5717c8c69251414cfd00250f', action: 'updated', time: '2016-04-20 18:21:58 UTC', value: { season_id: 3624, season_number: 1 } }] }] },
  personChanges: { changes: [{ key: 'translations', items: [{ id: '640469a7e61e6d00963c33bb', action: 'added', time: '2023-03-05 10:06:31 UTC', iso_639_1: '', iso_3166_1: '', value: 'ca-ES' }] }] },
  seasonChanges: { changes: [{ key: 'episode', items: [{ id: '5717c8c69251414cfd00250f', action: 'updated', time: '2016-04-20 18:21:58 UTC', value: { episode_id: 63056, episode_number: 1 } }] }] },
  episodeChanges: {
    changes: [{ key: 'overview', items: [{ id: '54bd9ed7c3a3686c6b00da67', action: 'updated', time: '2015-01-20 00:18:31 UTC', iso_639_1: 'fr', value: 'Sur le continent...', original_value: 'Sur le continent de Westeros...' }] }],
  },
  // --- tv-world: series listings and records, seasons, episodes, episode groups, networks ---
  airingTodaySeries: page([seriesItem]),
  onTheAirSeries: page([seriesItem]),
  topRatedSeries: page([seriesItem]),
  seriesAlternativeTitles: { id: 1399, results: [{ iso_3166_1: 'BR', title: 'A Guerra dos Tronos', type: '' }] },
  seriesContentRatings: { id: 1399, results: [{ descriptors: [], iso_3166_1: 'US', rating: 'TV-MA' }] },
  seriesEpisodeGroups: {
    id: 1399,
    results: [{ description: '', episode_count: 73, group_count: 8, id: '5e9077d2e640d600151f32bd', name: 'Aired Order', network: NETWORK, type: 1 }],
  },
  seriesImages: { id: 1399, backdrops: [], logos: [], posters: [] },
  seriesLists: { id: 1399, ...page([{ ...listSummary, list_type: undefined, iso_3166_1: 'US' }]) },
  seriesScreenedTheatrically: { id: 1399, results: [{ id: 63103, episode_number: 10, season_number: 4 }] },
  seriesTranslations: {
    id: 1399,
    translations: [{ iso_3166_1: 'DE', iso_639_1: 'de', name: 'Deutsch', english_name: 'German', data: { name: 'Game of Thrones', overview: 'Sieben Familien...', homepage: '', tagline: '' } }],
  },
  seasonAggregateCredits: {
    id: 3624,
    cast: [{ ...person, order: 0, total_episode_count: 10, roles: [{ credit_id: '5256c8b219c2956ff6047cd8', character: 'Tyrion Lannister', episode_count: 10 }] }],
    crew: [],
  },
  seasonCredits: { id: 3624, cast: [{ ...person, character: 'Tyrion Lannister', credit_id: '5256c8b219c2956ff6047cd8', order: 0 }], crew: [] },
  seasonExternalIds: { id: 3624, freebase_mid: '/m/0gmd1gd', freebase_id: null, tvdb_id: 364731, tvrage_id: null, wikidata_id: 'Q1658029' },
  seasonImages: { id: 3624, posters: [] },
  seasonTranslations: { id: 3624, translations: [{ iso_3166_1: 'FR', iso_639_1: 'fr', name: 'Français', english_name: 'French', data: { name: 'Saison 1', overview: '' } }] },
  seasonVideos: { id: 3624, results: [] },
  seasonWatchProviders: { id: 3624, results: {} },
  episodeTranslations: { id: 63056, translations: [{ iso_3166_1: 'ES', iso_639_1: 'es', name: 'Español', english_name: 'Spanish', data: { name: 'Se acerca el invierno', overview: '' } }] },
  episodeVideos: { id: 63056, results: [] },
  episodeGroupDetails: {
    description: '', episode_count: 1, group_count: 1, id: '5acf93efc3a368739a0000a9', name: 'DVD Order', network: null, type: 3,
    groups: [{ id: '5acf93efc3a368739a0000aa', name: 'Disc 1', order: 1, locked: true, episodes: [{ ...episode, order: 0 }] }],
  },
  networkDetails: { headquarters: 'New York City, New York', homepage: 'https://www.hbo.com', ...NETWORK },
  networkAlternativeNames: { id: 49, results: [{ name: 'Home Box Office', type: '' }] },
  networkImages: {
    id: 49,
    logos: [{ aspect_ratio: 2.425, file_path: '/tuomPhY2UtuPTqqFnKMVHvSb724.png', height: 174, id: '5a7a67a40e0a26020a000091', file_type: '.svg', vote_average: 5.318, vote_count: 3, width: 422 }],
  },
  // --- movie-world: a film's keywords, other titles, release dates, reviews and translations;
  // reviews of series; collections' images and translations; companies; keywords ---
  movieAlternativeTitles: { id: 550, titles: [{ iso_3166_1: 'RS', title: 'Borilački klub', type: '' }] },
  movieKeywords: { id: 550, keywords: [{ id: 818, name: 'based on novel or book' }] },
  movieReleaseDates: {
    id: 550,
    results: [{
      iso_3166_1: 'US',
      release_dates: [{ certification: 'R', descriptors: [], iso_639_1: '', note: '', release_date: '1999-10-15T00:00:00.000Z', type: 3 }],
    }],
  },
  movieReviews: { id: 550, page: 1, results: [review], total_pages: 1, total_results: 1 },
  movieTranslations: {
    id: 550,
    translations: [{
      iso_3166_1: 'DE', iso_639_1: 'de', name: 'Deutsch', english_name: 'German',
      data: { homepage: '', overview: 'Ein Versicherungsangestellter...', runtime: 139, tagline: '', title: 'Fight Club' },
    }],
  },
  seriesReviews: { id: 1399, page: 1, results: [review], total_pages: 1, total_results: 1 },
  reviewDetails: { ...review, iso_639_1: 'en', media_id: 550, media_title: 'Fight Club', media_type: 'movie' },
  collectionImages: {
    id: 10,
    backdrops: [{ aspect_ratio: 1.778, height: 1080, iso_3166_1: null, iso_639_1: null, file_path: '/d8duYyyC9J5T825Hg7grmaabfxQ.jpg', vote_average: 5.4, vote_count: 30, width: 1920 }],
    posters: [],
  },
  collectionTranslations: {
    id: 10,
    translations: [{ iso_3166_1: 'FR', iso_639_1: 'fr', name: 'Français', english_name: 'French', data: { title: 'Star Wars - La Saga', overview: '', homepage: '' } }],
  },
  companyDetails: {
    description: '', headquarters: 'San Francisco, California', homepage: 'https://www.lucasfilm.com', id: 1,
    logo_path: '/o86DbpburjxrqAzEDhXZcyE8pDb.png', name: 'Lucasfilm Ltd.', origin_country: 'US', parent_company: null,
  },
  companyAlternativeNames: { id: 1, results: [{ name: 'Lucasfilm', type: '' }] },
  companyImages: {
    id: 1,
    logos: [{ aspect_ratio: 2.98, file_path: '/o86DbpburjxrqAzEDhXZcyE8pDb.png', file_type: '.svg', height: 99, id: '5aa080d6c3a3683fea00011e', vote_average: 5.384, vote_count: 2, width: 295 }],
  },
  keywordDetails: { id: 1701, name: 'hero' },
  keywordMovies: { id: 1701, page: 1, results: [movieItem], total_pages: 1, total_results: 1 },
} satisfies Partial<Record<OperationKey, unknown>>;

/** A valid answer for each operation. */
export function sampleAnswer(key: OperationKey): unknown {
  const spec = operations[key];
  if (/^E\d+$/.test(spec.id)) return specExample(spec.id);
  const answer = (auxiliaryAnswers as Partial<Record<OperationKey, unknown>>)[key];
  if (answer === undefined) throw new Error(`no sample answer for ${key}`);
  return answer;
}

/** A valid body for each operation that takes one. */
export const sampleBodies = {
  createSession: { request_token: 'ff5c7eeb5a8870efe3cd7fc5c282cffd26800ecd' },
  createList: { name: 'Watchlist', description: 'Films to see', language: 'en' },
  rateEpisode: { value: 8.5 },
  removeListItem: { media_id: 550 },
  addListItem: { media_id: 550 },
  validateWithLogin: { username: 'ada', password: 'correct horse', request_token: 'ff5c7eeb5a8870efe3cd7fc5c282cffd26800ecd' },
  deleteSession: { session_id: 'the-session-to-end' },
  rateMovie: { value: 8.5 },
  rateSeries: { value: 9 },
  setWatchlist: { media_type: 'movie', media_id: 11, watchlist: true },
  setFavorite: { media_type: 'tv', media_id: 1399, favorite: false },
} satisfies Partial<Record<OperationKey, unknown>>;

/** Sample value for a path or query parameter of the given type. */
export function sampleParam(
  type: 'integer' | 'number' | 'string' | 'boolean',
  name: string,
  values?: readonly string[],
): string | number | boolean {
  if (values) return values[0]!;
  if (type === 'integer') return name === 'page' ? 2 : 7;
  if (type === 'number') return 6.5;
  if (type === 'boolean') return true;
  return name === 'language' ? 'fr-FR' : name === 'region' ? 'GB' : `${name}-value`;
}

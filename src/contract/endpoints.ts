import { DISCOVER_MOVIE_QUERY, DISCOVER_TV_QUERY, TRENDING_WINDOWS } from './discover.js';
import { MAX_APPENDED_PARTS, MAX_PAGE } from './limits.js';
import type { ParamSpec } from './params.js';
import type { SessionUse } from './session.js';
import { EXTERNAL_SOURCES } from './vocabulary.js';

/**
 * Each operation of the table (operations.ts) as a request: its method, path, parameters, the
 * session it needs and the status of its success answer. The shapes of its bodies are in
 * operations.ts, one line per operation beside this row. Kept apart from them so that the
 * TUI's query layer, which needs only this, starts without building (or loading) a schema.
 */

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface EndpointSpec {
  readonly id: string;
  readonly summary: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly pathParams: Readonly<Record<string, ParamSpec>>;
  readonly query: Readonly<Record<string, ParamSpec>>;
  readonly session: SessionUse;
  /** HTTP status of a success answer from the real service. */
  readonly successStatus: number;
  readonly paged?: boolean;
  readonly deprecated?: boolean;
}

// Kept literal (`as const`), so each operation's parsed parameters are typed by their spec.
const id = (description: string) => ({ type: 'integer', required: true, description }) as const satisfies ParamSpec;
const language = {
  type: 'string',
  default: 'en-US',
  description: 'ISO 639-1 language, optionally with region (en-US)',
} as const satisfies ParamSpec;
const page = { type: 'integer', default: 1, description: `page 1..${MAX_PAGE}` } as const satisfies ParamSpec;
const region = { type: 'string', description: 'ISO 3166-1 country code' } as const satisfies ParamSpec;
const imageLanguages = {
  type: 'string',
  description: 'comma-separated ISO 639-1 codes; "null" selects untagged images',
} as const satisfies ParamSpec;
const query = { type: 'string', required: true, description: 'search text' } as const satisfies ParamSpec;
const videoLanguages = {
  type: 'string',
  description: 'comma-separated ISO 639-1 codes of videos to add to those in `language`; "null" adds untagged ones',
} as const satisfies ParamSpec;
/**
 * Parts of the record answered in the same request (each as its own operation answers, without
 * the id). A part the service does not know, or cannot answer for this caller, is left out.
 */
const appendToResponse = {
  type: 'string',
  description: `comma-separated parts to add, at most ${MAX_APPENDED_PARTS}: any sub-resource of the record (the rest of a GET path below the record's own, as credits or watch/providers; account_states with a session)`,
} as const satisfies ParamSpec;
const append_to_response = appendToResponse;
const includeAdult = { type: 'boolean', default: false } as const satisfies ParamSpec;
/** The order of a rated, watchlist or favourites list; newest first is created_at.desc. */
const sortByCreated = {
  type: 'string',
  default: 'created_at.asc',
  enum: ['created_at.asc', 'created_at.desc'],
  description: 'created_at.asc (oldest first) or created_at.desc (newest first)',
} as const satisfies ParamSpec;
const accountPath = { account_id: id('account id') } as const;
/** A guest session's rated lists name it in the path; the client fills it in from the session. */
const guestPath = {
  guest_session_id: { type: 'string', required: true, description: 'the guest session (taken from the kept session)' },
} as const satisfies Readonly<Record<string, ParamSpec>>;
const accountListQuery = { language, page, sort_by: sortByCreated } as const;
const moviePath = { movie_id: id('movie id') } as const;
const seriesPath = { series_id: id('TV series id') } as const;
/** Trending over the last day or the last week. */
const trendingPath = {
  time_window: { type: 'string', required: true, enum: TRENDING_WINDOWS, description: 'day or week' },
} as const satisfies Readonly<Record<string, ParamSpec>>;
/** The days a change list or change log covers: at most 14 days apart; the last day by default. */
const changeRange = {
  start_date: { type: 'string', description: 'YYYY-MM-DD; the day before end_date by default' },
  end_date: { type: 'string', description: 'YYYY-MM-DD, at most 14 days after start_date; today by default' },
  page,
} as const satisfies Readonly<Record<string, ParamSpec>>;
const seasonPath = { series_id: id('TV series id'), season_number: id('season number') } as const;
const networkPath = { network_id: id('network id') } as const;
/** Whose "today" airing today and on the air mean; an unknown zone counts as UTC. */
const timezone = { type: 'string', description: 'IANA time zone (America/New_York); UTC when absent' } as const satisfies ParamSpec;
const episodePath = {
  series_id: id('TV series id'),
  season_number: id('season number'),
  episode_number: id('episode number'),
} as const;

export const endpoints = {
  // --- the 22 operations of the spec ---
  movieLatest: {
    id: 'E1', summary: 'Latest movie', method: 'GET', path: '/3/movie/latest',
    pathParams: {}, query: {}, session: 'none', successStatus: 200,
  },
  createSession: {
    id: 'E2', summary: 'Create a session from an approved request token', method: 'POST',
    path: '/3/authentication/session/new', pathParams: {}, query: {}, session: 'none',
    successStatus: 200,
  },
  validateKey: {
    id: 'E3', summary: 'Validate the access token', method: 'GET', path: '/3/authentication',
    pathParams: {}, query: {}, session: 'none', successStatus: 200,
  },
  createList: {
    id: 'E4', summary: 'Create a list', method: 'POST', path: '/3/list', pathParams: {}, query: {},
    session: 'session', successStatus: 201,
  },
  rateEpisode: {
    id: 'E5', summary: 'Rate a TV episode', method: 'POST',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating',
    pathParams: episodePath, query: {}, session: 'session-or-guest',
    successStatus: 201,
  },
  removeListItem: {
    id: 'E6', summary: 'Remove a movie from a list', method: 'POST', path: '/3/list/{list_id}/remove_item',
    pathParams: { list_id: id('list id') }, query: {}, session: 'session',
    successStatus: 200,
  },
  addListItem: {
    id: 'E7', summary: 'Add a movie to a list', method: 'POST', path: '/3/list/{list_id}/add_item',
    pathParams: { list_id: id('list id') }, query: {}, session: 'session',
    successStatus: 201,
  },
  personTaggedImages: {
    id: 'E8', summary: 'Tagged images of a person (deprecated)', method: 'GET',
    path: '/3/person/{person_id}/tagged_images', pathParams: { person_id: id('person id') },
    query: { page }, session: 'none', successStatus: 200,
    paged: true, deprecated: true,
  },
  collectionDetails: {
    id: 'E9', summary: 'Collection details', method: 'GET', path: '/3/collection/{collection_id}',
    pathParams: { collection_id: id('collection id') }, query: { language, append_to_response }, session: 'none',
    successStatus: 200,
  },
  episodeImages: {
    id: 'E10', summary: 'Images of a TV episode', method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/images',
    pathParams: episodePath, query: { include_image_language: imageLanguages, language: { type: 'string' } },
    session: 'none', successStatus: 200,
  },
  searchCollections: {
    id: 'E11', summary: 'Search collections', method: 'GET', path: '/3/search/collection', pathParams: {},
    query: { query, include_adult: includeAdult, language, page, region }, session: 'none',
    successStatus: 200, paged: true,
  },
  movieLists: {
    id: 'E12', summary: 'Lists containing a movie', method: 'GET', path: '/3/movie/{movie_id}/lists',
    pathParams: { movie_id: id('movie id') }, query: { language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  personImages: {
    id: 'E13', summary: 'Profile images of a person', method: 'GET', path: '/3/person/{person_id}/images',
    pathParams: { person_id: id('person id') }, query: {}, session: 'none',
    successStatus: 200,
  },
  upcomingMovies: {
    id: 'E14', summary: 'Upcoming movies', method: 'GET', path: '/3/movie/upcoming', pathParams: {},
    query: { language, page, region }, session: 'none',
    successStatus: 200, paged: true,
  },
  tvKeywords: {
    id: 'E15', summary: 'Keywords of a TV series', method: 'GET', path: '/3/tv/{series_id}/keywords',
    pathParams: { series_id: id('TV series id') }, query: {}, session: 'none',
    successStatus: 200,
  },
  tvLatest: {
    id: 'E16', summary: 'Latest TV series', method: 'GET', path: '/3/tv/latest', pathParams: {},
    query: {}, session: 'none', successStatus: 200,
  },
  configuration: {
    id: 'E17', summary: 'Configuration (image addresses and sizes)', method: 'GET',
    path: '/3/configuration', pathParams: {}, query: {}, session: 'none',
    successStatus: 200,
  },
  popularTv: {
    id: 'E18', summary: 'Popular TV series', method: 'GET', path: '/3/tv/popular', pathParams: {},
    query: { language, page }, session: 'none', successStatus: 200, paged: true,
  },
  episodeExternalIds: {
    id: 'E19', summary: 'External ids of a TV episode', method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/external_ids',
    pathParams: episodePath, query: {}, session: 'none',
    successStatus: 200,
  },
  searchMulti: {
    id: 'E20', summary: 'Search movies, TV and people', method: 'GET', path: '/3/search/multi',
    pathParams: {}, query: { query, include_adult: includeAdult, language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  tvCertifications: {
    id: 'E21', summary: 'TV certifications by country', method: 'GET', path: '/3/certification/tv/list',
    pathParams: {}, query: {}, session: 'none', successStatus: 200,
  },
  movieImages: {
    id: 'E22', summary: 'Images of a movie', method: 'GET', path: '/3/movie/{movie_id}/images',
    pathParams: { movie_id: id('movie id') },
    query: { include_image_language: imageLanguages, language: { type: 'string' } },
    session: 'none', successStatus: 200,
  },
  // --- auxiliary operations of the real service ---
  requestToken: {
    id: 'auth.token', summary: 'Create a request token', method: 'GET', path: '/3/authentication/token/new',
    pathParams: {}, query: {}, session: 'none', successStatus: 200,
  },
  validateWithLogin: {
    id: 'auth.login', summary: 'Approve a request token with a user name and password', method: 'POST',
    path: '/3/authentication/token/validate_with_login', pathParams: {}, query: {}, session: 'none',
    successStatus: 200,
  },
  createGuestSession: {
    id: 'auth.guest', summary: 'Create a guest session', method: 'GET',
    path: '/3/authentication/guest_session/new', pathParams: {}, query: {}, session: 'none',
    successStatus: 200,
  },
  deleteSession: {
    id: 'auth.logout', summary: 'Delete a session (sign out)', method: 'DELETE',
    path: '/3/authentication/session', pathParams: {}, query: {}, session: 'none',
    successStatus: 200,
  },
  accountOfSession: {
    id: 'account.session', summary: 'The account of the session (learns its id)', method: 'GET', path: '/3/account',
    pathParams: {}, query: {}, session: 'session', successStatus: 200,
  },
  accountDetails: {
    id: 'account', summary: 'Account details by id', method: 'GET', path: '/3/account/{account_id}',
    pathParams: { account_id: id('account id') }, query: {}, session: 'session',
    successStatus: 200,
  },
  accountLists: {
    id: 'account.lists', summary: 'Lists of the account', method: 'GET', path: '/3/account/{account_id}/lists',
    pathParams: { account_id: id('account id') }, query: { page }, session: 'session',
    successStatus: 200, paged: true,
  },
  accountRatedEpisodes: {
    id: 'account.rated', summary: 'TV episodes the account rated', method: 'GET',
    path: '/3/account/{account_id}/rated/tv/episodes', pathParams: { account_id: id('account id') },
    query: { language, page, sort_by: { type: 'string', default: 'created_at.asc' } }, session: 'session',
    successStatus: 200, paged: true,
  },
  listDetails: {
    id: 'list', summary: 'A list and its movies', method: 'GET', path: '/3/list/{list_id}',
    pathParams: { list_id: id('list id') }, query: { language, page }, session: 'none',
    successStatus: 200,
  },
  listItemStatus: {
    id: 'list.status', summary: 'Whether a movie is on a list', method: 'GET',
    path: '/3/list/{list_id}/item_status', pathParams: { list_id: id('list id') },
    query: { language, movie_id: { type: 'integer', required: true } }, session: 'none',
    successStatus: 200,
  },
  clearList: {
    id: 'list.clear', summary: 'Remove every movie from a list', method: 'POST',
    path: '/3/list/{list_id}/clear', pathParams: { list_id: id('list id') },
    query: { confirm: { type: 'boolean', required: true } }, session: 'session',
    successStatus: 201,
  },
  deleteList: {
    id: 'list.delete', summary: 'Delete a list', method: 'DELETE', path: '/3/list/{list_id}',
    pathParams: { list_id: id('list id') }, query: {}, session: 'session',
    successStatus: 200,
  },
  deleteEpisodeRating: {
    id: 'rating.delete', summary: 'Delete my rating of a TV episode', method: 'DELETE',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating',
    pathParams: episodePath, query: {}, session: 'session-or-guest',
    successStatus: 200,
  },
  movieDetails: {
    id: 'movie', summary: 'Movie details', method: 'GET', path: '/3/movie/{movie_id}',
    pathParams: { movie_id: id('movie id') },
    query: { language, append_to_response, include_image_language: imageLanguages }, session: 'none',
    successStatus: 200,
  },
  movieExternalIds: {
    id: 'movie.external_ids', summary: "A film's ids elsewhere (IMDb, Wikidata...)", method: 'GET',
    path: '/3/movie/{movie_id}/external_ids', pathParams: { movie_id: id('movie id') }, query: {}, session: 'none',
    successStatus: 200,
  },
  popularMovies: {
    id: 'movie.popular', summary: 'Popular movies', method: 'GET', path: '/3/movie/popular', pathParams: {},
    query: { language, page, region }, session: 'none', successStatus: 200, paged: true,
  },
  nowPlayingMovies: {
    id: 'movie.now_playing', summary: 'Movies now playing', method: 'GET', path: '/3/movie/now_playing',
    pathParams: {}, query: { language, page, region }, session: 'none',
    successStatus: 200, paged: true,
  },
  topRatedMovies: {
    id: 'movie.top_rated', summary: 'Top rated movies', method: 'GET', path: '/3/movie/top_rated',
    pathParams: {}, query: { language, page, region }, session: 'none',
    successStatus: 200, paged: true,
  },
  tvDetails: {
    id: 'tv', summary: 'TV series details', method: 'GET', path: '/3/tv/{series_id}',
    pathParams: { series_id: id('TV series id') }, query: { language, append_to_response, include_image_language: imageLanguages },
    session: 'none', successStatus: 200,
  },
  tvExternalIds: {
    id: 'tv.external_ids', summary: "A series' ids elsewhere (IMDb, TheTVDB...)", method: 'GET',
    path: '/3/tv/{series_id}/external_ids', pathParams: { series_id: id('TV series id') }, query: {}, session: 'none',
    successStatus: 200,
  },
  seasonDetails: {
    id: 'tv.season', summary: 'A season and its episodes', method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}',
    pathParams: { series_id: id('TV series id'), season_number: id('season number') },
    query: { language, append_to_response, include_image_language: imageLanguages }, session: 'none',
    successStatus: 200,
  },
  seasonAccountStates: {
    id: 'tv.season.account_states', summary: "My ratings of a season's episodes, in one answer", method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/account_states',
    pathParams: { series_id: id('TV series id'), season_number: id('season number') },
    query: {}, session: 'session-or-guest', successStatus: 200,
  },
  episodeDetails: {
    id: 'tv.episode', summary: 'A TV episode', method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}',
    pathParams: episodePath, query: { language, append_to_response, include_image_language: imageLanguages },
    session: 'none',
    successStatus: 200,
  },
  personDetails: {
    id: 'person', summary: 'Person details', method: 'GET', path: '/3/person/{person_id}',
    pathParams: { person_id: id('person id') }, query: { language, append_to_response }, session: 'none',
    successStatus: 200,
  },
  findByExternalId: {
    id: 'find', summary: 'Films, series, episodes and people by an external id (IMDb...)', method: 'GET',
    path: '/3/find/{external_id}',
    pathParams: { external_id: { type: 'string', required: true, description: 'the id in the external source (tt0068646)' } },
    query: {
      external_source: { type: 'string', required: true, enum: EXTERNAL_SOURCES, description: `one of ${EXTERNAL_SOURCES.join(', ')}` },
      language,
    },
    session: 'none', successStatus: 200,
  },
  movieCertifications: {
    id: 'certification.movie', summary: 'Movie certifications by country', method: 'GET',
    path: '/3/certification/movie/list', pathParams: {}, query: {}, session: 'none',
    successStatus: 200,
  },
  // --- ratings of films and series, account states, rated lists (the account's and a guest's) ---
  rateMovie: {
    id: 'movie.rating', summary: 'Rate a movie', method: 'POST', path: '/3/movie/{movie_id}/rating',
    pathParams: moviePath, query: {}, session: 'session-or-guest',
    successStatus: 201,
  },
  deleteMovieRating: {
    id: 'movie.rating.delete', summary: 'Delete my rating of a movie', method: 'DELETE', path: '/3/movie/{movie_id}/rating',
    pathParams: moviePath, query: {}, session: 'session-or-guest', successStatus: 200,
  },
  rateSeries: {
    id: 'tv.rating', summary: 'Rate a TV series', method: 'POST', path: '/3/tv/{series_id}/rating',
    pathParams: seriesPath, query: {}, session: 'session-or-guest',
    successStatus: 201,
  },
  deleteSeriesRating: {
    id: 'tv.rating.delete', summary: 'Delete my rating of a TV series', method: 'DELETE', path: '/3/tv/{series_id}/rating',
    pathParams: seriesPath, query: {}, session: 'session-or-guest', successStatus: 200,
  },
  movieAccountStates: {
    id: 'movie.account_states', summary: 'My rating, watchlist and favourite state of a movie', method: 'GET',
    path: '/3/movie/{movie_id}/account_states', pathParams: moviePath, query: {}, session: 'session-or-guest',
    successStatus: 200,
  },
  seriesAccountStates: {
    id: 'tv.account_states', summary: 'My rating, watchlist and favourite state of a TV series', method: 'GET',
    path: '/3/tv/{series_id}/account_states', pathParams: seriesPath, query: {}, session: 'session-or-guest',
    successStatus: 200,
  },
  episodeAccountStates: {
    id: 'tv.episode.account_states', summary: 'My rating of a TV episode', method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/account_states',
    pathParams: episodePath, query: {}, session: 'session-or-guest',
    successStatus: 200,
  },
  accountRatedMovies: {
    id: 'account.rated.movies', summary: 'Movies the account rated', method: 'GET',
    path: '/3/account/{account_id}/rated/movies', pathParams: accountPath, query: accountListQuery, session: 'session',
    successStatus: 200, paged: true,
  },
  accountRatedSeries: {
    id: 'account.rated.tv', summary: 'TV series the account rated', method: 'GET',
    path: '/3/account/{account_id}/rated/tv', pathParams: accountPath, query: accountListQuery, session: 'session',
    successStatus: 200, paged: true,
  },
  guestRatedMovies: {
    id: 'guest.rated.movies', summary: 'Movies the guest session rated', method: 'GET',
    path: '/3/guest_session/{guest_session_id}/rated/movies', pathParams: guestPath, query: accountListQuery,
    session: 'guest-path', successStatus: 200, paged: true,
  },
  guestRatedSeries: {
    id: 'guest.rated.tv', summary: 'TV series the guest session rated', method: 'GET',
    path: '/3/guest_session/{guest_session_id}/rated/tv', pathParams: guestPath, query: accountListQuery,
    session: 'guest-path', successStatus: 200, paged: true,
  },
  guestRatedEpisodes: {
    id: 'guest.rated.episodes', summary: 'TV episodes the guest session rated', method: 'GET',
    path: '/3/guest_session/{guest_session_id}/rated/tv/episodes', pathParams: guestPath, query: accountListQuery,
    session: 'guest-path', successStatus: 200, paged: true,
  },
  // --- watchlist and favourites (a user session's; a guest session has neither) ---
  setWatchlist: {
    id: 'account.watchlist', summary: 'Add a movie or series to the watchlist, or remove it', method: 'POST',
    path: '/3/account/{account_id}/watchlist', pathParams: accountPath, query: {}, session: 'session',
    successStatus: 201,
  },
  setFavorite: {
    id: 'account.favorite', summary: 'Mark a movie or series as favourite, or unmark it', method: 'POST',
    path: '/3/account/{account_id}/favorite', pathParams: accountPath, query: {}, session: 'session',
    successStatus: 201,
  },
  watchlistMovies: {
    id: 'account.watchlist.movies', summary: 'Movies on the watchlist', method: 'GET',
    path: '/3/account/{account_id}/watchlist/movies', pathParams: accountPath, query: accountListQuery,
    session: 'session', successStatus: 200, paged: true,
  },
  watchlistSeries: {
    id: 'account.watchlist.tv', summary: 'TV series on the watchlist', method: 'GET',
    path: '/3/account/{account_id}/watchlist/tv', pathParams: accountPath, query: accountListQuery,
    session: 'session', successStatus: 200, paged: true,
  },
  favoriteMovies: {
    id: 'account.favorite.movies', summary: 'Favourite movies', method: 'GET',
    path: '/3/account/{account_id}/favorite/movies', pathParams: accountPath, query: accountListQuery,
    session: 'session', successStatus: 200, paged: true,
  },
  favoriteSeries: {
    id: 'account.favorite.tv', summary: 'Favourite TV series', method: 'GET',
    path: '/3/account/{account_id}/favorite/tv', pathParams: accountPath, query: accountListQuery,
    session: 'session', successStatus: 200, paged: true,
  },
  // --- where to watch, videos, recommendations and similar titles ---
  movieWatchProviders: {
    id: 'movie.watch_providers', summary: 'Where a movie can be watched, by region', method: 'GET',
    path: '/3/movie/{movie_id}/watch/providers', pathParams: moviePath, query: {}, session: 'none',
    successStatus: 200,
  },
  seriesWatchProviders: {
    id: 'tv.watch_providers', summary: 'Where a TV series can be watched, by region', method: 'GET',
    path: '/3/tv/{series_id}/watch/providers', pathParams: seriesPath, query: {}, session: 'none',
    successStatus: 200,
  },
  watchProviderRegions: {
    id: 'watch.regions', summary: 'Regions with watch providers', method: 'GET', path: '/3/watch/providers/regions',
    pathParams: {}, query: { language }, session: 'none', successStatus: 200,
  },
  movieWatchProviderList: {
    id: 'watch.providers.movie', summary: 'Watch providers of movies', method: 'GET', path: '/3/watch/providers/movie',
    pathParams: {}, query: { language, watch_region: region }, session: 'none',
    successStatus: 200,
  },
  seriesWatchProviderList: {
    id: 'watch.providers.tv', summary: 'Watch providers of TV series', method: 'GET', path: '/3/watch/providers/tv',
    pathParams: {}, query: { language, watch_region: region }, session: 'none',
    successStatus: 200,
  },
  movieVideos: {
    id: 'movie.videos', summary: 'Videos of a movie (trailers, teasers...)', method: 'GET', path: '/3/movie/{movie_id}/videos',
    pathParams: moviePath, query: { language, include_video_language: videoLanguages }, session: 'none',
    successStatus: 200,
  },
  seriesVideos: {
    id: 'tv.videos', summary: 'Videos of a TV series (trailers, teasers...)', method: 'GET', path: '/3/tv/{series_id}/videos',
    pathParams: seriesPath, query: { language, include_video_language: videoLanguages }, session: 'none',
    successStatus: 200,
  },
  movieRecommendations: {
    id: 'movie.recommendations', summary: 'Movies recommended with a movie', method: 'GET',
    path: '/3/movie/{movie_id}/recommendations', pathParams: moviePath, query: { language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  similarMovies: {
    id: 'movie.similar', summary: 'Movies similar to a movie', method: 'GET',
    path: '/3/movie/{movie_id}/similar', pathParams: moviePath, query: { language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  seriesRecommendations: {
    id: 'tv.recommendations', summary: 'TV series recommended with a TV series', method: 'GET',
    path: '/3/tv/{series_id}/recommendations', pathParams: seriesPath, query: { language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  similarSeries: {
    id: 'tv.similar', summary: 'TV series similar to a TV series', method: 'GET',
    path: '/3/tv/{series_id}/similar', pathParams: seriesPath, query: { language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  // --- genres, trending, popular people and discover ---
  movieGenres: {
    id: 'genre.movie.list', summary: 'Genres of films', method: 'GET', path: '/3/genre/movie/list',
    pathParams: {}, query: { language: { type: 'string', default: 'en', description: 'ISO 639-1 language of the names' } },
    session: 'none', successStatus: 200,
  },
  seriesGenres: {
    id: 'genre.tv.list', summary: 'Genres of TV series', method: 'GET', path: '/3/genre/tv/list',
    pathParams: {}, query: { language: { type: 'string', default: 'en', description: 'ISO 639-1 language of the names' } },
    session: 'none', successStatus: 200,
  },
  trendingAll: {
    id: 'trending.all', summary: 'Trending films, series and people (today or this week)', method: 'GET',
    path: '/3/trending/all/{time_window}', pathParams: trendingPath, query: { language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  trendingMovies: {
    id: 'trending.movie', summary: 'Trending films (today or this week)', method: 'GET',
    path: '/3/trending/movie/{time_window}', pathParams: trendingPath, query: { language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  trendingSeries: {
    id: 'trending.tv', summary: 'Trending TV series (today or this week)', method: 'GET',
    path: '/3/trending/tv/{time_window}', pathParams: trendingPath, query: { language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  trendingPeople: {
    id: 'trending.person', summary: 'Trending people (today or this week)', method: 'GET',
    path: '/3/trending/person/{time_window}', pathParams: trendingPath, query: { language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  popularPeople: {
    id: 'person.popular', summary: 'Popular people', method: 'GET', path: '/3/person/popular', pathParams: {},
    query: { language, page }, session: 'none', successStatus: 200, paged: true,
  },
  discoverMovies: {
    id: 'discover.movie', summary: 'Find films by genre, date, votes, runtime, language, company, provider, certification',
    method: 'GET', path: '/3/discover/movie', pathParams: {}, query: DISCOVER_MOVIE_QUERY, session: 'none',
    successStatus: 200, paged: true,
  },
  discoverSeries: {
    id: 'discover.tv', summary: 'Find TV series by genre, date, votes, runtime, language, network, company, provider',
    method: 'GET', path: '/3/discover/tv', pathParams: {}, query: DISCOVER_TV_QUERY, session: 'none',
    successStatus: 200, paged: true,
  },
  // --- cast and crew, and a person's filmography ---
  movieCredits: {
    id: 'movie.credits', summary: 'Cast and crew of a movie', method: 'GET', path: '/3/movie/{movie_id}/credits',
    pathParams: moviePath, query: { language }, session: 'none', successStatus: 200,
  },
  seriesCredits: {
    id: 'tv.credits', summary: "Cast and crew of a TV series' latest season", method: 'GET', path: '/3/tv/{series_id}/credits',
    pathParams: seriesPath, query: { language }, session: 'none', successStatus: 200,
  },
  seriesAggregateCredits: {
    id: 'tv.aggregate_credits', summary: 'Everyone in any episode of a TV series, with episode counts', method: 'GET',
    path: '/3/tv/{series_id}/aggregate_credits', pathParams: seriesPath, query: { language }, session: 'none',
    successStatus: 200,
  },
  episodeCredits: {
    id: 'tv.episode.credits', summary: 'Cast, crew and guest stars of a TV episode', method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/credits', pathParams: episodePath,
    query: { language }, session: 'none', successStatus: 200,
  },
  personCombinedCredits: {
    id: 'person.combined_credits', summary: "A person's movies and TV series, as cast and as crew", method: 'GET',
    path: '/3/person/{person_id}/combined_credits', pathParams: { person_id: id('person id') }, query: { language },
    session: 'none', successStatus: 200,
  },
  personMovieCredits: {
    id: 'person.movie_credits', summary: "A person's movies, as cast and as crew", method: 'GET',
    path: '/3/person/{person_id}/movie_credits', pathParams: { person_id: id('person id') }, query: { language },
    session: 'none', successStatus: 200,
  },
  personTvCredits: {
    id: 'person.tv_credits', summary: "A person's TV series, as cast and as crew", method: 'GET',
    path: '/3/person/{person_id}/tv_credits', pathParams: { person_id: id('person id') }, query: { language },
    session: 'none', successStatus: 200,
  },
  // --- reference: configuration lists, credits, people's ids and translations, typed searches, changes ---
  configurationCountries: {
    id: 'configuration.countries', summary: 'Countries (ISO 3166-1), named in English and in the language asked', method: 'GET',
    path: '/3/configuration/countries', pathParams: {}, query: { language }, session: 'none',
    successStatus: 200,
  },
  configurationJobs: {
    id: 'configuration.jobs', summary: 'Departments and their jobs', method: 'GET', path: '/3/configuration/jobs',
    pathParams: {}, query: {}, session: 'none', successStatus: 200,
  },
  configurationLanguages: {
    id: 'configuration.languages', summary: 'Languages (ISO 639-1)', method: 'GET', path: '/3/configuration/languages',
    pathParams: {}, query: {}, session: 'none', successStatus: 200,
  },
  primaryTranslations: {
    id: 'configuration.primary_translations', summary: 'Languages with a region the service translates into', method: 'GET',
    path: '/3/configuration/primary_translations', pathParams: {}, query: {}, session: 'none',
    successStatus: 200,
  },
  configurationTimezones: {
    id: 'configuration.timezones', summary: 'Time zones by country', method: 'GET', path: '/3/configuration/timezones',
    pathParams: {}, query: {}, session: 'none', successStatus: 200,
  },
  creditDetails: {
    id: 'credit', summary: 'One credit by the credit_id the credits answers give', method: 'GET', path: '/3/credit/{credit_id}',
    pathParams: { credit_id: { type: 'string', required: true, description: 'credit id (from a credits answer)' } },
    query: { language }, session: 'none', successStatus: 200,
  },
  personExternalIds: {
    id: 'person.external_ids', summary: 'External ids of a person (IMDb, Wikidata, social accounts)', method: 'GET',
    path: '/3/person/{person_id}/external_ids', pathParams: { person_id: id('person id') }, query: {}, session: 'none',
    successStatus: 200,
  },
  personLatest: {
    id: 'person.latest', summary: 'The person added last', method: 'GET', path: '/3/person/latest', pathParams: {},
    query: {}, session: 'none', successStatus: 200,
  },
  personTranslations: {
    id: 'person.translations', summary: "A person's biography by language", method: 'GET',
    path: '/3/person/{person_id}/translations', pathParams: { person_id: id('person id') }, query: {}, session: 'none',
    successStatus: 200,
  },
  searchMovies: {
    id: 'search.movie', summary: 'Search films by title', method: 'GET', path: '/3/search/movie', pathParams: {},
    query: {
      query, include_adult: includeAdult, language, page, region,
      year: { type: 'integer', description: 'a year the film was released in, in any country' },
      primary_release_year: { type: 'integer', description: 'the year of its first release' },
    },
    session: 'none', successStatus: 200, paged: true,
  },
  searchSeries: {
    id: 'search.tv', summary: 'Search TV series by name', method: 'GET', path: '/3/search/tv', pathParams: {},
    query: {
      query, include_adult: includeAdult, language, page,
      first_air_date_year: { type: 'integer', description: 'the year its first episode aired' },
      year: { type: 'integer', description: 'a year any of its episodes aired' },
    },
    session: 'none', successStatus: 200, paged: true,
  },
  searchPeople: {
    id: 'search.person', summary: 'Search people by name', method: 'GET', path: '/3/search/person', pathParams: {},
    query: { query, include_adult: includeAdult, language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  searchCompanies: {
    id: 'search.company', summary: 'Search production companies by name', method: 'GET', path: '/3/search/company',
    pathParams: {}, query: { query, page }, session: 'none', successStatus: 200,
    paged: true,
  },
  searchKeywords: {
    id: 'search.keyword', summary: 'Search keywords by name', method: 'GET', path: '/3/search/keyword', pathParams: {},
    query: { query, page }, session: 'none', successStatus: 200, paged: true,
  },
  movieChangeList: {
    id: 'changes.movie', summary: 'Films edited in a range of days (the last day by default)', method: 'GET',
    path: '/3/movie/changes', pathParams: {}, query: changeRange, session: 'none',
    successStatus: 200, paged: true,
  },
  seriesChangeList: {
    id: 'changes.tv', summary: 'TV series edited in a range of days (the last day by default)', method: 'GET',
    path: '/3/tv/changes', pathParams: {}, query: changeRange, session: 'none',
    successStatus: 200, paged: true,
  },
  personChangeList: {
    id: 'changes.person', summary: 'People edited in a range of days (the last day by default)', method: 'GET',
    path: '/3/person/changes', pathParams: {}, query: changeRange, session: 'none',
    successStatus: 200, paged: true,
  },
  movieChanges: {
    id: 'movie.changes', summary: 'What was edited on a film, key by key', method: 'GET', path: '/3/movie/{movie_id}/changes',
    pathParams: moviePath, query: changeRange, session: 'none', successStatus: 200,
  },
  seriesChanges: {
    id: 'tv.changes', summary: 'What was edited on a TV series, key by key', method: 'GET', path: '/3/tv/{series_id}/changes',
    pathParams: seriesPath, query: changeRange, session: 'none', successStatus: 200,
  },
  personChanges: {
    id: 'person.changes', summary: 'What was edited on a person, key by key', method: 'GET',
    path: '/3/person/{person_id}/changes', pathParams: { person_id: id('person id') }, query: changeRange, session: 'none',
    successStatus: 200,
  },
  seasonChanges: {
    id: 'tv.season.changes', summary: 'What was edited on a season (by the id its answers carry)', method: 'GET',
    path: '/3/tv/season/{season_id}/changes', pathParams: { season_id: id('season id (the `id` of a season answer)') },
    query: changeRange, session: 'none', successStatus: 200,
  },
  episodeChanges: {
    id: 'tv.episode.changes', summary: 'What was edited on an episode (by the id its answers carry)', method: 'GET',
    path: '/3/tv/episode/{episode_id}/changes', pathParams: { episode_id: id('episode id (the `id` of an episode answer)') },
    query: changeRange, session: 'none', successStatus: 200,
  },
  // --- tv-world: series listings and records, seasons, episodes, episode groups, networks ---
  airingTodaySeries: {
    id: 'tv.airing_today', summary: 'TV series with an episode airing today', method: 'GET', path: '/3/tv/airing_today',
    pathParams: {}, query: { language, page, timezone }, session: 'none', successStatus: 200, paged: true,
  },
  onTheAirSeries: {
    id: 'tv.on_the_air', summary: 'TV series with an episode airing in the next seven days', method: 'GET',
    path: '/3/tv/on_the_air', pathParams: {}, query: { language, page, timezone }, session: 'none',
    successStatus: 200, paged: true,
  },
  topRatedSeries: {
    id: 'tv.top_rated', summary: 'Top rated TV series', method: 'GET', path: '/3/tv/top_rated', pathParams: {},
    query: { language, page }, session: 'none', successStatus: 200, paged: true,
  },
  seriesAlternativeTitles: {
    id: 'tv.alternative_titles', summary: 'Other titles of a TV series, by country', method: 'GET',
    path: '/3/tv/{series_id}/alternative_titles', pathParams: seriesPath, query: {}, session: 'none',
    successStatus: 200,
  },
  seriesContentRatings: {
    id: 'tv.content_ratings', summary: "A TV series' rating in each country", method: 'GET',
    path: '/3/tv/{series_id}/content_ratings', pathParams: seriesPath, query: {}, session: 'none',
    successStatus: 200,
  },
  seriesEpisodeGroups: {
    id: 'tv.episode_groups', summary: "A TV series' episode groups (DVD order, story arcs...)", method: 'GET',
    path: '/3/tv/{series_id}/episode_groups', pathParams: seriesPath, query: {}, session: 'none',
    successStatus: 200,
  },
  seriesImages: {
    id: 'tv.images', summary: 'Posters, backdrops and logos of a TV series', method: 'GET',
    path: '/3/tv/{series_id}/images', pathParams: seriesPath,
    query: { include_image_language: imageLanguages, language: { type: 'string' } }, session: 'none',
    successStatus: 200,
  },
  seriesLists: {
    id: 'tv.lists', summary: 'Lists containing a TV series', method: 'GET', path: '/3/tv/{series_id}/lists',
    pathParams: seriesPath, query: { language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  seriesScreenedTheatrically: {
    id: 'tv.screened_theatrically', summary: 'Episodes of a TV series shown in cinemas', method: 'GET',
    path: '/3/tv/{series_id}/screened_theatrically', pathParams: seriesPath, query: {}, session: 'none',
    successStatus: 200,
  },
  seriesTranslations: {
    id: 'tv.translations', summary: "A TV series' name and overview in each language", method: 'GET',
    path: '/3/tv/{series_id}/translations', pathParams: seriesPath, query: {}, session: 'none',
    successStatus: 200,
  },
  seasonAggregateCredits: {
    id: 'tv.season.aggregate_credits', summary: 'Everyone in any episode of a season, with episode counts', method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/aggregate_credits', pathParams: seasonPath, query: { language },
    session: 'none', successStatus: 200,
  },
  seasonCredits: {
    id: 'tv.season.credits', summary: 'Cast and crew of a season', method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/credits', pathParams: seasonPath, query: { language },
    session: 'none', successStatus: 200,
  },
  seasonExternalIds: {
    id: 'tv.season.external_ids', summary: "A season's ids elsewhere (TheTVDB, Wikidata...)", method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/external_ids', pathParams: seasonPath, query: {}, session: 'none',
    successStatus: 200,
  },
  seasonImages: {
    id: 'tv.season.images', summary: 'Posters of a season', method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/images', pathParams: seasonPath,
    query: { include_image_language: imageLanguages, language: { type: 'string' } }, session: 'none',
    successStatus: 200,
  },
  seasonTranslations: {
    id: 'tv.season.translations', summary: "A season's name and overview in each language", method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/translations', pathParams: seasonPath, query: {}, session: 'none',
    successStatus: 200,
  },
  seasonVideos: {
    id: 'tv.season.videos', summary: 'Videos of a season (trailers, recaps...)', method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/videos', pathParams: seasonPath,
    query: { language, include_video_language: videoLanguages }, session: 'none', successStatus: 200,
  },
  seasonWatchProviders: {
    id: 'tv.season.watch_providers', summary: 'Where a season can be watched, by region', method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/watch/providers', pathParams: seasonPath, query: { language },
    session: 'none', successStatus: 200,
  },
  episodeTranslations: {
    id: 'tv.episode.translations', summary: "An episode's name and overview in each language", method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/translations', pathParams: episodePath,
    query: {}, session: 'none', successStatus: 200,
  },
  episodeVideos: {
    id: 'tv.episode.videos', summary: 'Videos of a TV episode', method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/videos', pathParams: episodePath,
    query: { language, include_video_language: videoLanguages }, session: 'none', successStatus: 200,
  },
  episodeGroupDetails: {
    id: 'tv.episode_group', summary: 'An episode group: its parts and their episodes, in order', method: 'GET',
    path: '/3/tv/episode_group/{tv_episode_group_id}',
    pathParams: { tv_episode_group_id: { type: 'string', required: true, description: 'episode group id (24 hex digits)' } },
    query: {}, session: 'none', successStatus: 200,
  },
  networkDetails: {
    id: 'network', summary: 'A television network', method: 'GET', path: '/3/network/{network_id}',
    pathParams: networkPath, query: {}, session: 'none', successStatus: 200,
  },
  networkAlternativeNames: {
    id: 'network.alternative_names', summary: 'Other names of a television network', method: 'GET',
    path: '/3/network/{network_id}/alternative_names', pathParams: networkPath, query: {}, session: 'none',
    successStatus: 200,
  },
  networkImages: {
    id: 'network.images', summary: 'Logos of a television network', method: 'GET', path: '/3/network/{network_id}/images',
    pathParams: networkPath, query: {}, session: 'none', successStatus: 200,
  },
  // --- movie-world: a film's keywords, other titles, release dates, reviews and translations;
  // reviews of series; collections' images and translations; companies; keywords ---
  movieAlternativeTitles: {
    id: 'movie.alternative_titles', summary: 'Other titles of a movie, by country', method: 'GET',
    path: '/3/movie/{movie_id}/alternative_titles', pathParams: moviePath,
    query: { country: { type: 'string', description: 'ISO 3166-1 country code: only the titles of that country' } },
    session: 'none', successStatus: 200,
  },
  movieKeywords: {
    id: 'movie.keywords', summary: 'Keywords of a movie', method: 'GET', path: '/3/movie/{movie_id}/keywords',
    pathParams: moviePath, query: {}, session: 'none', successStatus: 200,
  },
  movieReleaseDates: {
    id: 'movie.release_dates', summary: 'Release dates and certifications of a movie, by country', method: 'GET',
    path: '/3/movie/{movie_id}/release_dates', pathParams: moviePath, query: {}, session: 'none',
    successStatus: 200,
  },
  movieReviews: {
    id: 'movie.reviews', summary: 'User reviews of a movie', method: 'GET', path: '/3/movie/{movie_id}/reviews',
    pathParams: moviePath, query: { language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  movieTranslations: {
    id: 'movie.translations', summary: 'Translations of a movie (title, overview, tagline)', method: 'GET',
    path: '/3/movie/{movie_id}/translations', pathParams: moviePath, query: {}, session: 'none',
    successStatus: 200,
  },
  seriesReviews: {
    id: 'tv.reviews', summary: 'User reviews of a TV series', method: 'GET', path: '/3/tv/{series_id}/reviews',
    pathParams: seriesPath, query: { language, page }, session: 'none',
    successStatus: 200, paged: true,
  },
  reviewDetails: {
    id: 'review', summary: 'A review, whole', method: 'GET', path: '/3/review/{review_id}',
    pathParams: { review_id: { type: 'string', required: true, description: 'review id (24 hex digits)' } },
    query: {}, session: 'none', successStatus: 200,
  },
  collectionImages: {
    id: 'collection.images', summary: 'Images of a collection', method: 'GET', path: '/3/collection/{collection_id}/images',
    pathParams: { collection_id: id('collection id') },
    query: { include_image_language: imageLanguages, language: { type: 'string' } }, session: 'none',
    successStatus: 200,
  },
  collectionTranslations: {
    id: 'collection.translations', summary: 'Translations of a collection', method: 'GET',
    path: '/3/collection/{collection_id}/translations', pathParams: { collection_id: id('collection id') }, query: {},
    session: 'none', successStatus: 200,
  },
  companyDetails: {
    id: 'company', summary: 'A production company', method: 'GET', path: '/3/company/{company_id}',
    pathParams: { company_id: id('company id') }, query: { append_to_response }, session: 'none',
    successStatus: 200,
  },
  companyAlternativeNames: {
    id: 'company.alternative_names', summary: 'Other names of a production company', method: 'GET',
    path: '/3/company/{company_id}/alternative_names', pathParams: { company_id: id('company id') }, query: {},
    session: 'none', successStatus: 200,
  },
  companyImages: {
    id: 'company.images', summary: 'Logos of a production company', method: 'GET', path: '/3/company/{company_id}/images',
    pathParams: { company_id: id('company id') }, query: {}, session: 'none',
    successStatus: 200,
  },
  keywordDetails: {
    id: 'keyword', summary: 'A keyword', method: 'GET', path: '/3/keyword/{keyword_id}',
    pathParams: { keyword_id: id('keyword id') }, query: {}, session: 'none',
    successStatus: 200,
  },
  keywordMovies: {
    id: 'keyword.movies', summary: 'Movies with a keyword (deprecated: use discover with_keywords)', method: 'GET',
    path: '/3/keyword/{keyword_id}/movies', pathParams: { keyword_id: id('keyword id') },
    query: { include_adult: includeAdult, language, page }, session: 'none',
    successStatus: 200, paged: true, deprecated: true,
  },
} as const satisfies Record<string, EndpointSpec>;

export type Endpoints = typeof endpoints;

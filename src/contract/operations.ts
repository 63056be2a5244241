import * as z from 'zod';
import { appendablePartsOf } from './appendable.js';
import * as account from './schemas/account.js';
import * as auth from './schemas/auth.js';
import * as config from './schemas/configuration.js';
import * as discover from './schemas/discover.js';
import * as credits from './schemas/credits.js';
import * as companies from './schemas/companies.js';
import * as filmography from './schemas/filmography.js';
import * as keywords from './schemas/keywords.js';
import * as movieFacts from './schemas/movie-facts.js';
import * as reviews from './schemas/reviews.js';
import { findResults } from './schemas/find.js';
import * as movie from './schemas/movie.js';
import * as person from './schemas/person.js';
import * as rating from './schemas/rating.js';
import * as search from './schemas/search.js';
import * as tv from './schemas/tv.js';
import * as videos from './schemas/videos.js';
import * as watch from './schemas/watch-providers.js';
import * as episodeGroups from './schemas/episode-groups.js';
import * as networks from './schemas/networks.js';
import * as records from './schemas/series-records.js';
import { statusEnvelope } from './schemas/common.js';
import * as changes from './schemas/changes.js';
import * as configLists from './schemas/config-lists.js';
import * as credit from './schemas/credit.js';
import * as typedSearch from './schemas/typed-search.js';
import { endpoints, type EndpointSpec, type Endpoints, type HttpMethod } from './endpoints.js';
import type { ParamSpec, ParamValueOf, ParsedParams } from './params.js';
import { reader, type ReaderOf } from './reading.js';
import type { GUEST_PATH_PARAM } from './session.js';

/**
 * The table of operations: the single source of truth for the client's functions, the
 * server's routes and `marquee api` path matching. E1..E22 are the operations of the spec;
 * the others are real-service operations the TUI needs (all present in the official OpenAPI).
 * Each operation is its request (endpoints.ts: method, path, parameters, session, status) and
 * here the shapes of its body and its answer; the type makes a row missing on either side a
 * compile error.
 */

export type { HttpMethod };

export interface OperationSpec extends EndpointSpec {
  readonly body?: z.ZodType;
  /** The client's tolerant reader of the answer (see reading.ts). */
  readonly response: z.ZodType;
  /** The full modern shape of the answer: what the embedded server emits. */
  readonly modern: z.ZodType;
}

interface OperationSchemas {
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
}

/** The body each operation sends (writes) and the full modern shape of its answer. */
const schemas = {
  movieLatest: { response: movie.movieDetails },
  createSession: { body: auth.requestTokenBody, response: auth.sessionCreated },
  validateKey: { response: auth.validateKey },
  createList: { body: account.listCreateBody, response: account.listCreated },
  rateEpisode: { body: rating.ratingBody, response: statusEnvelope },
  removeListItem: { body: account.mediaIdBody, response: statusEnvelope },
  addListItem: { body: account.mediaIdBody, response: statusEnvelope },
  personTaggedImages: { response: person.taggedImages },
  collectionDetails: { response: search.collectionDetails },
  episodeImages: { response: tv.episodeImages },
  searchCollections: { response: search.collectionSearch },
  movieLists: { response: movie.movieLists },
  personImages: { response: person.personImages },
  upcomingMovies: { response: movie.upcomingMovies },
  tvKeywords: { response: tv.tvKeywords },
  tvLatest: { response: tv.tvDetails },
  configuration: { response: config.configuration },
  popularTv: { response: tv.tvList },
  episodeExternalIds: { response: tv.episodeExternalIds },
  searchMulti: { response: search.multiSearch },
  tvCertifications: { response: config.certifications },
  movieImages: { response: movie.movieImages },
  requestToken: { response: auth.requestToken },
  validateWithLogin: { body: auth.loginBody, response: auth.requestToken },
  createGuestSession: { response: auth.guestSession },
  deleteSession: { body: auth.sessionIdBody, response: auth.sessionDeleted },
  accountOfSession: { response: account.accountDetails },
  accountDetails: { response: account.accountDetails },
  accountLists: { response: account.accountLists },
  accountRatedEpisodes: { response: tv.ratedEpisodes },
  listDetails: { response: account.listDetails },
  listItemStatus: { response: account.listItemStatus },
  clearList: { response: statusEnvelope },
  deleteList: { response: statusEnvelope },
  deleteEpisodeRating: { response: statusEnvelope },
  movieDetails: { response: movie.movieDetails },
  movieExternalIds: { response: movie.movieExternalIds },
  popularMovies: { response: movie.movieList },
  nowPlayingMovies: { response: movie.upcomingMovies },
  topRatedMovies: { response: movie.movieList },
  tvDetails: { response: tv.tvDetails },
  tvExternalIds: { response: tv.tvExternalIds },
  seasonDetails: { response: tv.seasonDetails },
  seasonAccountStates: { response: tv.seasonAccountStates },
  episodeDetails: { response: tv.episodeDetails },
  personDetails: { response: person.personDetails },
  findByExternalId: { response: findResults },
  movieCertifications: { response: config.certifications },
  rateMovie: { body: rating.ratingBody, response: statusEnvelope },
  deleteMovieRating: { response: statusEnvelope },
  rateSeries: { body: rating.ratingBody, response: statusEnvelope },
  deleteSeriesRating: { response: statusEnvelope },
  movieAccountStates: { response: rating.accountStates },
  seriesAccountStates: { response: rating.accountStates },
  episodeAccountStates: { response: rating.episodeAccountStates },
  accountRatedMovies: { response: rating.ratedMovies },
  accountRatedSeries: { response: rating.ratedSeriesList },
  guestRatedMovies: { response: rating.ratedMovies },
  guestRatedSeries: { response: rating.ratedSeriesList },
  guestRatedEpisodes: { response: tv.ratedEpisodes },
  setWatchlist: { body: rating.watchlistBody, response: statusEnvelope },
  setFavorite: { body: rating.favoriteBody, response: statusEnvelope },
  watchlistMovies: { response: movie.movieList },
  watchlistSeries: { response: tv.tvList },
  favoriteMovies: { response: movie.movieList },
  favoriteSeries: { response: tv.tvList },
  movieWatchProviders: { response: watch.watchProviders },
  seriesWatchProviders: { response: watch.watchProviders },
  watchProviderRegions: { response: watch.watchProviderRegions },
  movieWatchProviderList: { response: watch.watchProviderList },
  seriesWatchProviderList: { response: watch.watchProviderList },
  movieVideos: { response: videos.videos },
  seriesVideos: { response: videos.videos },
  movieRecommendations: { response: movie.movieList },
  similarMovies: { response: movie.movieList },
  seriesRecommendations: { response: tv.recommendedSeriesList },
  similarSeries: { response: tv.tvList },
  movieGenres: { response: discover.genreList },
  seriesGenres: { response: discover.genreList },
  trendingAll: { response: discover.trendingAll },
  trendingMovies: { response: discover.trendingMovies },
  trendingSeries: { response: discover.trendingSeries },
  trendingPeople: { response: discover.trendingPeople },
  popularPeople: { response: discover.popularPeople },
  discoverMovies: { response: movie.movieList },
  discoverSeries: { response: tv.tvList },
  movieCredits: { response: credits.movieCredits },
  seriesCredits: { response: credits.tvCredits },
  seriesAggregateCredits: { response: credits.aggregateCredits },
  episodeCredits: { response: credits.episodeCredits },
  personCombinedCredits: { response: filmography.combinedCredits },
  personMovieCredits: { response: filmography.personMovieCredits },
  personTvCredits: { response: filmography.personTvCredits },
  configurationCountries: { response: configLists.countries },
  configurationJobs: { response: configLists.jobs },
  configurationLanguages: { response: configLists.languages },
  primaryTranslations: { response: configLists.primaryTranslations },
  configurationTimezones: { response: configLists.timezones },
  creditDetails: { response: credit.creditDetails },
  personExternalIds: { response: person.personExternalIds },
  personLatest: { response: person.personDetails },
  personTranslations: { response: person.personTranslations },
  searchMovies: { response: movie.movieList },
  searchSeries: { response: tv.tvList },
  searchPeople: { response: discover.popularPeople },
  searchCompanies: { response: typedSearch.companySearch },
  searchKeywords: { response: typedSearch.keywordSearch },
  movieChangeList: { response: changes.changedRecords },
  seriesChangeList: { response: changes.changedRecords },
  personChangeList: { response: changes.changedRecords },
  movieChanges: { response: changes.recordChanges },
  seriesChanges: { response: changes.recordChanges },
  personChanges: { response: changes.recordChanges },
  seasonChanges: { response: changes.recordChanges },
  episodeChanges: { response: changes.recordChanges },
  airingTodaySeries: { response: tv.tvList },
  onTheAirSeries: { response: tv.tvList },
  topRatedSeries: { response: tv.tvList },
  seriesAlternativeTitles: { response: records.seriesAlternativeTitles },
  seriesContentRatings: { response: records.seriesContentRatings },
  seriesEpisodeGroups: { response: records.seriesEpisodeGroups },
  seriesImages: { response: records.seriesImages },
  seriesLists: { response: records.seriesLists },
  seriesScreenedTheatrically: { response: records.screenedTheatrically },
  seriesTranslations: { response: records.seriesTranslations },
  seasonAggregateCredits: { response: credits.aggregateCredits },
  seasonCredits: { response: credits.tvCredits },
  seasonExternalIds: { response: records.seasonExternalIds },
  seasonImages: { response: records.seasonImages },
  seasonTranslations: { response: records.seasonTranslations },
  seasonVideos: { response: videos.videos },
  seasonWatchProviders: { response: watch.watchProviders },
  episodeTranslations: { response: records.episodeTranslations },
  episodeVideos: { response: videos.videos },
  episodeGroupDetails: { response: episodeGroups.episodeGroupDetails },
  networkDetails: { response: networks.networkDetails },
  networkAlternativeNames: { response: networks.networkAlternativeNames },
  networkImages: { response: networks.networkImages },
  movieAlternativeTitles: { response: movieFacts.alternativeTitles },
  movieKeywords: { response: movieFacts.movieKeywords },
  movieReleaseDates: { response: movieFacts.releaseDates },
  movieReviews: { response: reviews.reviews },
  movieTranslations: { response: movieFacts.movieTranslations },
  seriesReviews: { response: reviews.reviews },
  reviewDetails: { response: reviews.reviewDetails },
  collectionImages: { response: movieFacts.collectionImages },
  collectionTranslations: { response: movieFacts.collectionTranslations },
  companyDetails: { response: companies.companyDetails },
  companyAlternativeNames: { response: companies.companyAlternativeNames },
  companyImages: { response: companies.companyImages },
  keywordDetails: { response: keywords.keywordDetails },
  keywordMovies: { response: keywords.keywordMovies },
} as const satisfies { readonly [K in keyof Endpoints]: OperationSchemas };

type Schemas = typeof schemas;
/** Each operation's row: its request and its shapes, as one object. */
type JoinedOperations = { [K in keyof Endpoints]: Endpoints[K] & Schemas[K] };

/**
 * A record's details with every part append_to_response may add (appendable.ts), each optional
 * and shaped as its own operation answers without the id. The schema files name the parts our
 * client reads, for their types; the parts they do not name are added here, from the same table
 * the server appends from, so the two cannot drift apart.
 */
function withAppendableParts(key: keyof Endpoints, response: z.ZodType): z.ZodType {
  const parts = appendablePartsOf(key);
  if (parts.size === 0 || !(response instanceof z.ZodObject)) return response;
  const named = response.shape as Record<string, unknown>;
  const added = [...parts].flatMap(([name, partKey]) => {
    if (Object.hasOwn(named, name)) return [];
    const part: z.ZodType = schemas[partKey].response;
    if (!(part instanceof z.ZodObject)) return [];
    const withoutId = Object.hasOwn(part.shape, 'id') ? part.omit({ id: true }) : part;
    return [[name, withoutId.optional()] as const];
  });
  return added.length === 0 ? response : response.extend(Object.fromEntries(added));
}

const modernOperations = Object.fromEntries(
  Object.entries(endpoints).map(([key, endpoint]) => {
    const row: OperationSchemas = schemas[key as keyof Endpoints];
    return [key, { ...endpoint, ...row, response: withAppendableParts(key as keyof Endpoints, row.response) }];
  }),
) as unknown as JoinedOperations;

type ModernOperations = JoinedOperations;

/** Each row answers with the tolerant reader of its modern shape, which it keeps as `modern`. */
type WithReaders<T extends Record<string, { response: z.ZodType }>> = {
  [K in keyof T]: {
    readonly [P in keyof T[K]]: P extends 'response' ? ReaderOf<T[K]['response']> : T[K][P];
  } & { readonly modern: T[K]['response'] };
};

function withReaders<T extends Record<string, { response: z.ZodType }>>(table: T): WithReaders<T> {
  return Object.fromEntries(
    Object.entries(table).map(([key, row]) => {
      // Derived on first use: deriving all of them costs start-up time no screen needs yet.
      let derived: z.ZodType | undefined;
      const withReader = { ...row, modern: row.response };
      Object.defineProperty(withReader, 'response', { enumerable: true, get: () => (derived ??= reader(row.response)) });
      return [key, withReader];
    }),
  ) as WithReaders<T>;
}

export const operations: WithReaders<ModernOperations> = withReaders(modernOperations);

export type Operations = typeof operations;
export type OperationKey = keyof Operations;

/** What the client reads: the tolerant shape (absent and null fields allowed). */
export type ResponseOf<K extends OperationKey> = z.output<Operations[K]['response']>;
/** What the embedded server sends: the full modern shape. */
export type ModernResponseOf<K extends OperationKey> = z.output<Operations[K]['modern']>;
export type BodyOf<K extends OperationKey> = Operations[K] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;
/**
 * The path parameters a caller gives: a guest session in the path (a 'guest-path' operation)
 * is filled in by the client from the session, never spelt out.
 */
export type PathParamsOf<K extends OperationKey> = {
  [P in keyof Operations[K]['pathParams'] as Operations[K]['session'] extends 'guest-path'
    ? P extends typeof GUEST_PATH_PARAM ? never : P
    : P]: number | string;
};
export type QueryOf<K extends OperationKey> = {
  [P in keyof Operations[K]['query']]?: string | number | boolean;
};

/** An operation's path parameters as the service reads them: ids, and the text of an external id. */
export type PathValuesOf<K extends OperationKey> = {
  readonly [P in keyof Operations[K]['pathParams']]: Operations[K]['pathParams'][P] extends ParamSpec
    ? ParamValueOf<Operations[K]['pathParams'][P]>
    : never;
};

/** An operation's query as the service reads it: typed by the table, defaults applied. */
export type QueryValuesOf<K extends OperationKey> = ParsedParams<Endpoints[K]['query']>;

export const operationKeys = Object.keys(operations) as OperationKey[];

export function operationById(opId: string): [OperationKey, OperationSpec] | undefined {
  const key = operationKeys.find((k) => operations[k].id === opId);
  return key ? [key, operations[key]] : undefined;
}

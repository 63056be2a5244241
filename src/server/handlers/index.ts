import type { HandlerMap } from './context.js';
import * as account from './account.js';
import * as auth from './auth.js';
import * as changes from './changes.js';
import * as configLists from './config-lists.js';
import * as credit from './credit.js';
import * as collections from './collections.js';
import * as companies from './companies.js';
import * as discover from './discover.js';
import * as find from './find.js';
import * as keywords from './keywords.js';
import * as lists from './lists.js';
import * as marks from './marks.js';
import * as movieFacts from './movie-facts.js';
import * as movies from './movies.js';
import * as people from './people.js';
import * as rated from './rated.js';
import * as ratings from './ratings.js';
import * as reference from './reference.js';
import * as reviews from './reviews.js';
import * as related from './related.js';
import * as search from './search.js';
import * as trending from './trending.js';
import * as tv from './tv.js';
import * as watch from './watch-providers.js';
import * as networks from './networks.js';
import * as seasons from './seasons.js';
import * as seriesRecords from './series-records.js';

/** One handler per operation of the contract's table, by operation key. */
export const handlers: HandlerMap = {
  // --- the 22 operations of the spec ---
  movieLatest: movies.movieLatest,
  createSession: auth.createSession,
  validateKey: auth.validateKey,
  createList: lists.createList,
  rateEpisode: ratings.rateEpisode,
  removeListItem: lists.removeListItem,
  addListItem: lists.addListItem,
  personTaggedImages: people.personTaggedImages,
  collectionDetails: collections.collectionDetails,
  episodeImages: tv.episodeImages,
  searchCollections: search.searchCollections,
  movieLists: movies.movieLists,
  personImages: people.personImages,
  upcomingMovies: movies.upcomingMovies,
  tvKeywords: tv.tvKeywords,
  tvLatest: tv.tvLatest,
  configuration: reference.configuration,
  popularTv: tv.popularTv,
  episodeExternalIds: tv.episodeExternalIds,
  searchMulti: search.searchMulti,
  tvCertifications: reference.tvCertifications,
  movieImages: movies.movieImages,
  // --- auxiliary operations of the real service ---
  requestToken: auth.requestToken,
  validateWithLogin: auth.validateWithLogin,
  createGuestSession: auth.createGuestSession,
  deleteSession: auth.deleteSession,
  accountOfSession: account.accountOfSession,
  accountDetails: account.accountDetails,
  accountLists: account.accountLists,
  accountRatedEpisodes: account.accountRatedEpisodes,
  listDetails: lists.listDetails,
  listItemStatus: lists.listItemStatus,
  clearList: lists.clearList,
  deleteList: lists.deleteList,
  deleteEpisodeRating: ratings.deleteEpisodeRating,
  movieDetails: movies.movieDetails,
  movieExternalIds: movies.movieExternalIds,
  popularMovies: movies.popularMovies,
  nowPlayingMovies: movies.nowPlayingMovies,
  topRatedMovies: movies.topRatedMovies,
  tvDetails: tv.tvDetails,
  tvExternalIds: tv.tvExternalIds,
  seasonDetails: tv.seasonDetails,
  seasonAccountStates: ratings.seasonAccountStates,
  episodeDetails: tv.episodeDetails,
  personDetails: people.personDetails,
  findByExternalId: find.findByExternalId,
  movieCertifications: reference.movieCertifications,
  // --- ratings of films and series, account states, rated lists (the account's and a guest's) ---
  rateMovie: ratings.rateMovie,
  deleteMovieRating: ratings.deleteMovieRating,
  rateSeries: ratings.rateSeries,
  deleteSeriesRating: ratings.deleteSeriesRating,
  movieAccountStates: ratings.movieAccountStates,
  seriesAccountStates: ratings.seriesAccountStates,
  episodeAccountStates: ratings.episodeAccountStates,
  accountRatedMovies: rated.accountRatedMovies,
  accountRatedSeries: rated.accountRatedSeries,
  guestRatedMovies: rated.guestRatedMovies,
  guestRatedSeries: rated.guestRatedSeries,
  guestRatedEpisodes: rated.guestRatedEpisodes,
  // --- watchlist and favourites (a user session's; a guest session has neither) ---
  setWatchlist: marks.setWatchlist,
  setFavorite: marks.setFavorite,
  watchlistMovies: rated.watchlistMovies,
  watchlistSeries: rated.watchlistSeries,
  favoriteMovies: rated.favoriteMovies,
  favoriteSeries: rated.favoriteSeries,
  // --- where to watch, videos, recommendations and similar titles ---
  movieWatchProviders: watch.movieWatchProviders,
  seriesWatchProviders: watch.seriesWatchProviders,
  watchProviderRegions: watch.watchProviderRegions,
  movieWatchProviderList: watch.movieWatchProviderList,
  seriesWatchProviderList: watch.seriesWatchProviderList,
  movieVideos: related.movieVideos,
  seriesVideos: related.seriesVideos,
  movieRecommendations: related.movieRecommendations,
  similarMovies: related.similarMovies,
  seriesRecommendations: related.seriesRecommendations,
  similarSeries: related.similarSeries,
  // --- genres, trending, popular people and discover ---
  movieGenres: reference.movieGenres,
  seriesGenres: reference.seriesGenres,
  trendingAll: trending.trendingAll,
  trendingMovies: trending.trendingMovies,
  trendingSeries: trending.trendingSeries,
  trendingPeople: trending.trendingPeople,
  popularPeople: people.popularPeople,
  discoverMovies: discover.discoverMovies,
  discoverSeries: discover.discoverSeries,
  // --- cast and crew, and a person's filmography ---
  movieCredits: movies.movieCredits,
  seriesCredits: tv.seriesCredits,
  seriesAggregateCredits: tv.seriesAggregateCredits,
  episodeCredits: tv.episodeCredits,
  personCombinedCredits: people.personCombinedCredits,
  personMovieCredits: people.personMovieCredits,
  personTvCredits: people.personTvCredits,
  // --- reference: configuration lists, credits, people's ids and translations, typed searches, changes ---
  configurationCountries: configLists.configurationCountries,
  configurationJobs: configLists.configurationJobs,
  configurationLanguages: configLists.configurationLanguages,
  primaryTranslations: configLists.primaryTranslations,
  configurationTimezones: configLists.configurationTimezones,
  creditDetails: credit.creditDetails,
  personExternalIds: people.personExternalIds,
  personLatest: people.personLatest,
  personTranslations: people.personTranslations,
  searchMovies: search.searchMovies,
  searchSeries: search.searchSeries,
  searchPeople: search.searchPeople,
  searchCompanies: search.searchCompanies,
  searchKeywords: search.searchKeywords,
  movieChangeList: changes.movieChangeList,
  seriesChangeList: changes.seriesChangeList,
  personChangeList: changes.personChangeList,
  movieChanges: changes.movieChanges,
  seriesChanges: changes.seriesChanges,
  personChanges: changes.personChanges,
  seasonChanges: changes.seasonChanges,
  episodeChanges: changes.episodeChanges,
  // --- tv-world: series listings and records, seasons, episodes, episode groups, networks ---
  airingTodaySeries: seriesRecords.airingTodaySeries,
  onTheAirSeries: seriesRecords.onTheAirSeries,
  topRatedSeries: seriesRecords.topRatedSeries,
  seriesAlternativeTitles: seriesRecords.seriesAlternativeTitles,
  seriesContentRatings: seriesRecords.seriesContentRatings,
  seriesEpisodeGroups: seriesRecords.seriesEpisodeGroups,
  seriesImages: seriesRecords.seriesImages,
  seriesLists: seriesRecords.seriesLists,
  seriesScreenedTheatrically: seriesRecords.seriesScreenedTheatrically,
  seriesTranslations: seriesRecords.seriesTranslations,
  seasonAggregateCredits: seasons.seasonAggregateCredits,
  seasonCredits: seasons.seasonCredits,
  seasonExternalIds: seasons.seasonExternalIds,
  seasonImages: seasons.seasonImages,
  seasonTranslations: seasons.seasonTranslations,
  seasonVideos: seasons.seasonVideos,
  seasonWatchProviders: seasons.seasonWatchProviders,
  episodeTranslations: seasons.episodeTranslations,
  episodeVideos: seasons.episodeVideos,
  episodeGroupDetails: seriesRecords.episodeGroupDetails,
  networkDetails: networks.networkDetails,
  networkAlternativeNames: networks.networkAlternativeNames,
  networkImages: networks.networkImages,
  // --- movie-world: a film's keywords, other titles, release dates, reviews and translations;
  // reviews of series; collections' images and translations; companies; keywords ---
  movieAlternativeTitles: movieFacts.movieAlternativeTitles,
  movieKeywords: keywords.movieKeywords,
  movieReleaseDates: movieFacts.movieReleaseDates,
  movieReviews: reviews.movieReviews,
  movieTranslations: movieFacts.movieTranslations,
  seriesReviews: reviews.seriesReviews,
  reviewDetails: reviews.reviewDetails,
  collectionImages: collections.collectionImages,
  collectionTranslations: collections.collectionTranslations,
  companyDetails: companies.companyDetails,
  companyAlternativeNames: companies.companyAlternativeNames,
  companyImages: companies.companyImages,
  keywordDetails: keywords.keywordDetails,
  keywordMovies: keywords.keywordMovies,
};

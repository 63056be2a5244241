export * from './errors.js';
export * from './operations.js';
export * from './paths.js';
export * from './params.js';
export * from './limits.js';
export * from './session.js';
export * from './address.js';
export * from './validation.js';
export * from './rules.js';
export * from './text.js';
export * from './schemas/common.js';
export * from './schemas/movie.js';
export * from './schemas/tv.js';
export * from './schemas/person.js';
export * from './schemas/search.js';
export * from './schemas/account.js';
export * from './schemas/auth.js';
export * from './schemas/configuration.js';
export * from './schemas/find.js';
export {
  ratingBody, rated, accountStates, episodeAccountStates, ratedMovie, ratedMovies, ratedSeries, ratedSeriesList,
  MARKED_MEDIA_TYPES, watchlistBody, favoriteBody,
  type AccountStates, type EpisodeAccountStates, type RatedMovie, type RatedSeries, type MarkedMediaType,
  type WatchlistBody, type FavoriteBody,
} from './schemas/rating.js';
export * from './stale.js';
export * from './reading.js';
export * from './schemas/watch-providers.js';
export * from './schemas/videos.js';
export * from './locale.js';
export * from './schemas/discover.js';
export * from './discover.js';
export * from './schemas/credits.js';
export * from './schemas/filmography.js';
// --- tv-world: episode groups, networks, a series' other records ---
export { EPISODE_GROUP_TYPE_NAMES, type EpisodeGroupDetails } from './schemas/episode-groups.js';
export type { NetworkDetails } from './schemas/networks.js';
export type { SeriesEpisodeGroups } from './schemas/series-records.js';
// movie-world: reviews, companies, keywords, a film's other facts
export * from './schemas/reviews.js';
export * from './schemas/companies.js';
export * from './schemas/keywords.js';
export * from './schemas/movie-facts.js';

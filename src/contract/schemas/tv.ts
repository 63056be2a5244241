import * as z from 'zod';
import type { Read } from '../reading.js';
import { videos } from './videos.js';
import { watchProviders } from './watch-providers.js';
import {
  bool, dateOrEmpty, genre, imageEntry, int, keyword, nullableStr, num, paged,
  productionCompany, productionCountry, spokenLanguage, str,
} from './common.js';
import { aggregateCredits, episodeCredits, tvCredits } from './credits.js';
import { network } from './networks.js';
import * as records from './series-records.js';

/** Episode summary (spec 2.4: last_episode_to_air / next_episode_to_air, season episodes). */
export const episodeSummary = z.looseObject({
  air_date: nullableStr,
  episode_number: int,
  episode_type: str.optional(),
  id: int,
  name: str,
  overview: str,
  production_code: str.optional(),
  runtime: num.nullable().optional(),
  season_number: int,
  show_id: int.optional(),
  still_path: nullableStr.optional(),
  vote_average: num,
  vote_count: num,
});
export type EpisodeSummary = Read<typeof episodeSummary>;

export const seasonSummary = z.looseObject({
  air_date: nullableStr.optional(),
  episode_count: int,
  id: int,
  name: str,
  overview: str,
  poster_path: nullableStr,
  season_number: int,
  vote_average: num.optional(),
});
export type SeasonSummary = Read<typeof seasonSummary>;

export const creator = z.looseObject({
  id: int,
  credit_id: str.optional(),
  name: str,
  original_name: str.optional(),
  gender: int.optional(),
  profile_path: nullableStr.optional(),
});

export { network };

/** E15: the key is `results` (movie keywords use `keywords`). */
export const tvKeywords = z.looseObject({ id: int, results: z.array(keyword) });

/** E10 */
export const episodeImages = z.looseObject({ id: int, stills: z.array(imageEntry) });
export type EpisodeImages = Read<typeof episodeImages>;

/** E19; every identifier may be null in real data, and older recordings lack wikidata_id. */
export const episodeExternalIds = z.looseObject({
  id: int,
  imdb_id: nullableStr,
  freebase_mid: nullableStr,
  freebase_id: nullableStr,
  tvdb_id: num.nullable(),
  tvrage_id: num.nullable(),
  wikidata_id: nullableStr.optional(),
});
export type EpisodeExternalIds = Read<typeof episodeExternalIds>;

/** A series' ids elsewhere: an episode's, plus the social accounts the service keeps. */
export const tvExternalIds = episodeExternalIds.extend({
  facebook_id: nullableStr,
  instagram_id: nullableStr,
  twitter_id: nullableStr,
});

/**
 * A season's account states: the caller's rating of each of its episodes in one answer, `rated`
 * being `{ value }` or `false` for an episode not rated. `id` is the season's.
 */
export const seasonAccountStates = z.looseObject({
  id: int,
  results: z.array(
    z.looseObject({
      id: int,
      episode_number: int,
      rated: z.union([z.looseObject({ value: num }), z.literal(false)]),
    }),
  ),
});

/** TV series detail (spec 2.4), returned by E16 and by series details (with parts, below). */
const seriesRecord = z.looseObject({
  adult: bool,
  backdrop_path: nullableStr,
  created_by: z.array(creator),
  episode_run_time: z.array(num),
  first_air_date: nullableStr,
  genres: z.array(genre),
  homepage: nullableStr,
  id: int,
  in_production: bool,
  languages: z.array(str),
  last_air_date: nullableStr,
  last_episode_to_air: episodeSummary.nullable(),
  name: str,
  networks: z.array(network),
  next_episode_to_air: episodeSummary.nullable(),
  number_of_episodes: num,
  number_of_seasons: num,
  origin_country: z.array(str),
  original_language: str,
  original_name: str,
  overview: str,
  popularity: num,
  poster_path: nullableStr,
  production_companies: z.array(productionCompany),
  production_countries: z.array(productionCountry),
  seasons: z.array(seasonSummary),
  softcore: bool,
  spoken_languages: z.array(spokenLanguage),
  status: str,
  tagline: str,
  type: str,
  vote_average: num,
  vote_count: num,
});

/** Popular TV item (2.7), E18 results. */
export const tvListItem = z.looseObject({
  adult: bool.optional(),
  backdrop_path: nullableStr,
  first_air_date: dateOrEmpty.optional(),
  genre_ids: z.array(int),
  id: int,
  name: str,
  origin_country: z.array(str),
  original_language: str,
  original_name: str,
  overview: str,
  popularity: num,
  poster_path: nullableStr,
  softcore: bool,
  vote_average: num,
  vote_count: num,
});
export type TvListItem = Read<typeof tvListItem>;
export const tvList = paged(tvListItem);

/** Recommendations name the kind of each result (always "tv" here). */
export const recommendedSeriesList = paged(tvListItem.extend({ media_type: str.optional() }));

/**
 * Series details (the record above), with the parts asked for with append_to_response: each as
 * its own operation answers (a paged one's first page), without the id.
 */
export const tvDetails = seriesRecord.extend({
  keywords: tvKeywords.omit({ id: true }).optional(),
  credits: tvCredits.omit({ id: true }).optional(),
  aggregate_credits: aggregateCredits.omit({ id: true }).optional(),
  videos: videos.omit({ id: true }).optional(),
  'watch/providers': watchProviders.omit({ id: true }).optional(),
  recommendations: recommendedSeriesList.optional(),
  similar: tvList.optional(),
  external_ids: tvExternalIds.omit({ id: true }).optional(),
  alternative_titles: records.seriesAlternativeTitles.omit({ id: true }).optional(),
  content_ratings: records.seriesContentRatings.omit({ id: true }).optional(),
  episode_groups: records.seriesEpisodeGroups.omit({ id: true }).optional(),
  images: records.seriesImages.omit({ id: true }).optional(),
  lists: records.seriesLists.omit({ id: true }).optional(),
  screened_theatrically: records.screenedTheatrically.omit({ id: true }).optional(),
  translations: records.seriesTranslations.omit({ id: true }).optional(),
});
export type TvDetails = Read<typeof tvDetails>;

/** A person in an episode's credits. */
const creditedPerson = z.looseObject({
  id: int,
  credit_id: str.optional(),
  name: str,
  original_name: str.optional(),
  adult: bool.optional(),
  gender: int.optional(),
  known_for_department: nullableStr.optional(),
  popularity: num.optional(),
  profile_path: nullableStr.optional(),
});
export const crewMember = creditedPerson.extend({ job: str.optional(), department: str.optional() });
export const guestStar = creditedPerson.extend({ character: str.optional(), order: int.optional() });

/** An episode in its season's details: the summary with its crew and guest stars. */
export const seasonEpisode = episodeSummary.extend({
  crew: z.array(crewMember).optional(),
  guest_stars: z.array(guestStar).optional(),
});

/** An episode on its own: as in its season, but the real service does not repeat `show_id`. */
export const episodeDetails = seasonEpisode.omit({ show_id: true }).extend({
  /** Parts asked for with append_to_response: each as its own operation answers, without the id. */
  images: episodeImages.omit({ id: true }).optional(),
  external_ids: episodeExternalIds.omit({ id: true }).optional(),
  credits: episodeCredits.omit({ id: true }).optional(),
  translations: records.episodeTranslations.omit({ id: true }).optional(),
  videos: videos.omit({ id: true }).optional(),
});
export type EpisodeDetails = Read<typeof episodeDetails>;

export const seasonDetails = z.looseObject({
  _id: str.optional(),
  air_date: nullableStr,
  episodes: z.array(seasonEpisode),
  id: int,
  name: str,
  networks: z.array(network),
  overview: str,
  poster_path: nullableStr,
  season_number: int,
  vote_average: num.optional(),
  /** The caller's ratings (append_to_response=account_states with a session), without the id. */
  account_states: seasonAccountStates.omit({ id: true }).optional(),
  /** The other parts append_to_response may add, each as its own operation answers, without the id. */
  aggregate_credits: aggregateCredits.omit({ id: true }).optional(),
  credits: tvCredits.omit({ id: true }).optional(),
  external_ids: records.seasonExternalIds.omit({ id: true }).optional(),
  images: records.seasonImages.omit({ id: true }).optional(),
  translations: records.seasonTranslations.omit({ id: true }).optional(),
  videos: videos.omit({ id: true }).optional(),
  'watch/providers': watchProviders.omit({ id: true }).optional(),
});





/** An episode in the account's rated list: the summary plus my rating. */
export const ratedEpisode = episodeSummary.extend({ rating: num });
export const ratedEpisodes = paged(ratedEpisode);

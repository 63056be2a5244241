import * as z from 'zod';
import type { Read } from '../reading.js';
import { videos } from './videos.js';
import { watchProviders } from './watch-providers.js';
import {
  bool, dateOrEmpty, genre, imageEntry, int, listId, nullableStr, num, paged,
  productionCompany, productionCountry, spokenLanguage, str,
} from './common.js';
import { movieCredits } from './credits.js';
import { alternativeTitles, movieKeywords, movieTranslations, releaseDates } from './movie-facts.js';
import { reviews } from './reviews.js';

export const collectionRef = z.looseObject({
  id: int,
  name: str,
  poster_path: nullableStr.optional(),
  backdrop_path: nullableStr.optional(),
});

/** E22: the third array is `posters`; older data lacks `logos`. */
export const movieImages = z.looseObject({
  id: int,
  backdrops: z.array(imageEntry),
  logos: z.array(imageEntry).optional(),
  posters: z.array(imageEntry),
});
export type MovieImages = Read<typeof movieImages>;

/** Movie detail (spec 2.3), returned by E1 and by movie details. */
const movieRecord = z.looseObject({
  adult: bool,
  backdrop_path: nullableStr,
  belongs_to_collection: collectionRef.nullable(),
  budget: num,
  genres: z.array(genre),
  homepage: nullableStr,
  id: int,
  imdb_id: nullableStr,
  origin_country: z.array(str).optional(),
  original_language: str,
  original_title: str,
  overview: nullableStr,
  popularity: num,
  poster_path: nullableStr,
  production_companies: z.array(productionCompany),
  production_countries: z.array(productionCountry),
  release_date: dateOrEmpty,
  revenue: num,
  runtime: num.nullable(),
  /** Whether the film is marked as erotic though not adult; sent by the real service since 2025. */
  softcore: bool,
  spoken_languages: z.array(spokenLanguage),
  status: str,
  tagline: nullableStr,
  title: str,
  video: bool,
  vote_average: num,
  vote_count: num,
});

/**
 * A movie in a list (E14 items, popular/now playing/top rated, list items, collection parts).
 * Collection parts in newer data carry name/original_name instead of title/original_title, so
 * neither pair is required here; the item schema for each operation narrows where it can.
 */
/** A film's ids elsewhere; each may be null, as in real data. */
export const movieExternalIds = z.looseObject({
  id: int,
  imdb_id: nullableStr,
  wikidata_id: nullableStr,
  facebook_id: nullableStr,
  instagram_id: nullableStr,
  twitter_id: nullableStr,
});

export const movieListItem = z.looseObject({
  adult: bool.optional(),
  backdrop_path: nullableStr.optional(),
  genre_ids: z.array(int).optional(),
  id: int,
  media_type: str.optional(),
  original_language: str.optional(),
  original_title: str.optional(),
  overview: str.optional(),
  popularity: num.optional(),
  poster_path: nullableStr.optional(),
  release_date: dateOrEmpty.optional(),
  softcore: bool,
  title: str.optional(),
  name: str.optional(),
  original_name: str.optional(),
  video: bool.optional(),
  vote_average: num.optional(),
  vote_count: num.optional(),
});
export type MovieListItem = Read<typeof movieListItem>;

/** A titled movie item: every list of movies except collection parts has title. */
export const titledMovieItem = movieListItem.extend({ title: str });

export const movieList = paged(titledMovieItem);

export const upcomingMovies = paged(titledMovieItem).extend({
  dates: z.looseObject({ maximum: str, minimum: str }),
});

/** List summary (2.5), the element of account lists (the service's answer names no country there). */
export const listSummary = z.looseObject({
  description: str,
  favorite_count: num,
  id: listId,
  iso_639_1: str,
  item_count: num,
  list_type: str,
  name: str,
  poster_path: nullableStr,
});
export type ListSummary = Read<typeof listSummary>;

/** E12: lists containing a movie. */
/** The element of E12: a film's lists carry the owner's country in recorded answers. */
export const movieListSummary = listSummary.extend({ iso_3166_1: str });
export const movieLists = paged(movieListSummary).extend({ id: int });

/**
 * Film details (the record above), with the parts asked for with append_to_response: each as
 * its own operation answers (a paged one's first page), without the id.
 */
export const movieDetails = movieRecord.extend({
  images: movieImages.omit({ id: true }).optional(),
  videos: videos.omit({ id: true }).optional(),
  'watch/providers': watchProviders.omit({ id: true }).optional(),
  recommendations: movieList.optional(),
  similar: movieList.optional(),
  lists: movieLists.omit({ id: true }).optional(),
  credits: movieCredits.omit({ id: true }).optional(),
  external_ids: movieExternalIds.omit({ id: true }).optional(),
  keywords: movieKeywords.omit({ id: true }).optional(),
  reviews: reviews.omit({ id: true }).optional(),
  release_dates: releaseDates.omit({ id: true }).optional(),
  alternative_titles: alternativeTitles.omit({ id: true }).optional(),
  translations: movieTranslations.omit({ id: true }).optional(),
});
export type MovieDetails = Read<typeof movieDetails>;

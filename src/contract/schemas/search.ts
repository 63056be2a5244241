import * as z from 'zod';
import { openShape, type Read } from '../reading.js';
import { bool, dateOrEmpty, int, nullableStr, num, paged, str } from './common.js';
import { movieListItem } from './movie.js';

/** Collection part (2.6): a movie list item; newer data names it, older data titles it. */
export const collectionPart = movieListItem;

/** E9 */
export const collectionDetails = z.looseObject({
  backdrop_path: nullableStr,
  id: int,
  name: str,
  original_language: str.optional(),
  original_name: str.optional(),
  overview: str,
  parts: z.array(collectionPart),
  poster_path: nullableStr,
});

/** E11 result */
export const collectionSearchItem = z.looseObject({
  adult: bool.optional(),
  backdrop_path: nullableStr,
  id: int,
  name: str,
  original_language: str.optional(),
  original_name: str.optional(),
  overview: str.optional(),
  poster_path: nullableStr,
});
export type CollectionSearchItem = Read<typeof collectionSearchItem>;
export const collectionSearch = paged(collectionSearchItem);

export const multiMovie = z.looseObject({
  media_type: z.literal('movie'),
  id: int,
  title: str,
  original_title: str.optional(),
  original_language: str.optional(),
  overview: str.optional(),
  release_date: dateOrEmpty.optional(),
  softcore: bool,
  video: bool.optional(),
  poster_path: nullableStr.optional(),
  backdrop_path: nullableStr.optional(),
  genre_ids: z.array(int).optional(),
  popularity: num.optional(),
  vote_average: num.optional(),
  vote_count: num.optional(),
  adult: bool.optional(),
});

export const multiTv = z.looseObject({
  media_type: z.literal('tv'),
  id: int,
  name: str,
  original_name: str.optional(),
  original_language: str.optional(),
  overview: str.optional(),
  first_air_date: dateOrEmpty.optional(),
  origin_country: z.array(str).optional(),
  poster_path: nullableStr.optional(),
  backdrop_path: nullableStr.optional(),
  genre_ids: z.array(int).optional(),
  popularity: num.optional(),
  softcore: bool,
  vote_average: num.optional(),
  vote_count: num.optional(),
  adult: bool.optional(),
});

/** A film or series a person is known for: its keys are those of its kind. */
const knownFor = openShape(z.looseObject({
  id: int,
  media_type: str.optional(),
  title: str.optional(),
  name: str.optional(),
}));

export const multiPerson = z.looseObject({
  media_type: z.literal('person'),
  id: int,
  name: str,
  original_name: str.optional(),
  adult: bool.optional(),
  gender: int.optional(),
  known_for: z.array(knownFor).optional(),
  known_for_department: nullableStr.optional(),
  popularity: num.optional(),
  profile_path: nullableStr.optional(),
});

/** Some recordings also return collections from multi search. */
const multiCollection = z.looseObject({
  media_type: z.literal('collection'),
  id: int,
  title: str.optional(),
  name: str.optional(),
  poster_path: nullableStr.optional(),
});

/** E20 item, polymorphic on media_type. */
export const multiSearchItem = z.discriminatedUnion('media_type', [multiMovie, multiTv, multiPerson, multiCollection]);
export type MultiSearchItem = Read<typeof multiSearchItem>;
export const multiSearch = paged(multiSearchItem);

import * as z from 'zod';
import { openShape, type Read } from '../reading.js';
import { bool, imageEntry, int, nullableStr, num, paged, str } from './common.js';
import { combinedCredits } from './filmography.js';

/** E13 */
export const personImages = z.looseObject({ id: int, profiles: z.array(imageEntry) });

/** GET /3/person/{person_id}/external_ids: every key is there, null where the person has no such id. */
export const personExternalIds = z.looseObject({
  id: int,
  freebase_mid: nullableStr,
  freebase_id: nullableStr,
  imdb_id: nullableStr,
  tvrage_id: int.nullable(),
  wikidata_id: nullableStr,
  facebook_id: nullableStr,
  instagram_id: nullableStr,
  tiktok_id: nullableStr,
  twitter_id: nullableStr,
  youtube_id: nullableStr,
});

/** GET /3/person/{person_id}/translations: the biography (and name, "" when unchanged) by language. */
export const personTranslations = z.looseObject({
  id: int,
  translations: z.array(z.looseObject({
    iso_3166_1: str,
    iso_639_1: str,
    name: str,
    english_name: str,
    data: z.looseObject({ biography: str, name: str }),
  })),
});

export const personDetails = z.looseObject({
  adult: bool,
  also_known_as: z.array(str),
  biography: str,
  birthday: nullableStr,
  deathday: nullableStr,
  gender: int,
  homepage: nullableStr,
  id: int,
  imdb_id: nullableStr,
  known_for_department: nullableStr,
  name: str,
  place_of_birth: nullableStr,
  popularity: num,
  profile_path: nullableStr,
  /** Parts asked for with append_to_response: each as its own operation answers, without the id. */
  images: personImages.omit({ id: true }).optional(),
  combined_credits: combinedCredits.omit({ id: true }).optional(),
  external_ids: personExternalIds.omit({ id: true }).optional(),
  translations: personTranslations.omit({ id: true }).optional(),
});
export type PersonDetails = Read<typeof personDetails>;


/**
 * E8 (deprecated). `media` is a movie, a series or an episode depending on `media_type`;
 * its fields differ by kind, so only the id is required of it.
 */
export const taggedImage = imageEntry.extend({
  id: str,
  image_type: str,
  media_type: str,
  media: openShape(z.looseObject({
    id: int,
    media_type: str.optional(),
    name: str.optional(),
    title: str.optional(),
    air_date: nullableStr.optional(),
    episode_number: int.optional(),
    /** A series: how many of its episodes the person is in. */
    episode_count: int.optional(),
    season_number: int.optional(),
    show_id: int.optional(),
    still_path: nullableStr.optional(),
    poster_path: nullableStr.optional(),
  })),
});
export type TaggedImage = Read<typeof taggedImage>;
export const taggedImages = paged(taggedImage).extend({ id: int });

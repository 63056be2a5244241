import { z } from 'zod';
import { openShape, type Read } from '../reading.js';
import { bool, imageEntry, int, nullableStr, num, paged, str } from './common.js';
import { combinedCredits } from './filmography.js';

/** E13 */
export const personImages = z.looseObject({ id: int, profiles: z.array(imageEntry) });
export type PersonImages = Read<typeof personImages>;

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

import * as z from 'zod';
import { imageEntry, int, keyword, num, str } from './common.js';

/**
 * What the service knows about a film besides its details (keywords, other titles, release
 * dates by country, translations), and collections' images and translations.
 */

export const movieKeywords = z.looseObject({ id: int, keywords: z.array(keyword) });

/** `type` says what kind of title it is ("working title"); mostly "". */
export const alternativeTitles = z.looseObject({
  id: int,
  titles: z.array(z.looseObject({ iso_3166_1: str, title: str, type: str })),
});

/**
 * Release types: 1 premiere, 2 limited theatrical, 3 theatrical, 4 digital, 5 physical, 6 TV.
 * `certification` is a label of the country's rating system, "" when not rated.
 */
export const releaseDate = z.looseObject({
  certification: str,
  descriptors: z.array(str),
  iso_639_1: str,
  note: str,
  release_date: str,
  type: int,
});
export const releaseDates = z.looseObject({
  id: int,
  results: z.array(z.looseObject({ iso_3166_1: str, release_dates: z.array(releaseDate) })),
});

const translation = <D extends z.ZodType>(data: D) =>
  z.looseObject({ iso_3166_1: str, iso_639_1: str, name: str, english_name: str, data });

export const movieTranslations = z.looseObject({
  id: int,
  translations: z.array(
    translation(z.looseObject({ homepage: str, overview: str, runtime: num, tagline: str, title: str })),
  ),
});

export const collectionTranslations = z.looseObject({
  id: int,
  translations: z.array(translation(z.looseObject({ title: str, overview: str, homepage: str }))),
});

export const collectionImages = z.looseObject({
  id: int,
  backdrops: z.array(imageEntry),
  posters: z.array(imageEntry),
});

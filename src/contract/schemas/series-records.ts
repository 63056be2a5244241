import * as z from 'zod';
import { imageEntry, int, nullableStr, num, paged, str } from './common.js';
import { network } from './networks.js';

/**
 * What the service keeps about a series, a season or an episode beside its details: names
 * abroad, ratings per country, images, translations, ids elsewhere.
 */

export const seriesAlternativeTitles = z.looseObject({
  id: int,
  results: z.array(z.looseObject({ iso_3166_1: str, title: str, type: str })),
});

/** A series' rating in each country that rated it; `descriptors` name why (often empty). */
export const seriesContentRatings = z.looseObject({
  id: int,
  results: z.array(z.looseObject({ descriptors: z.array(str).optional(), iso_3166_1: str, rating: str })),
});

export const seriesImages = z.looseObject({
  id: int,
  backdrops: z.array(imageEntry),
  logos: z.array(imageEntry),
  posters: z.array(imageEntry),
});

export const seasonImages = z.looseObject({ id: int, posters: z.array(imageEntry) });

/** The episodes of a series shown in cinemas. */
export const screenedTheatrically = z.looseObject({
  id: int,
  results: z.array(z.looseObject({ id: int, episode_number: int, season_number: int })),
});

/** A season's ids elsewhere (the service keeps no IMDb id for seasons). */
export const seasonExternalIds = z.looseObject({
  id: int,
  freebase_mid: nullableStr,
  freebase_id: nullableStr,
  tvdb_id: num.nullable(),
  tvrage_id: num.nullable(),
  wikidata_id: nullableStr.optional(),
});

/** One language's text of a record; `data` holds the translated fields (name, overview...). */
function translations<T extends z.ZodRawShape>(data: T) {
  return z.looseObject({
    id: int,
    translations: z.array(
      z.looseObject({
        iso_3166_1: str,
        iso_639_1: str,
        name: str,
        english_name: str,
        data: z.looseObject(data),
      }),
    ),
  });
}

export const seriesTranslations = translations({ name: str, overview: str, homepage: nullableStr.optional(), tagline: str.optional() });
/** Seasons and episodes: a name (often empty, the season's number standing for it) and an overview. */
export const seasonTranslations = translations({ name: str, overview: str });
export const episodeTranslations = translations({ name: str, overview: str });

/**
 * A series' episode groups: other orders of its episodes. `type` is 1 Original air date,
 * 2 Absolute, 3 DVD, 4 Digital, 5 Story arc, 6 Production, 7 TV; ids are 24 hex digits.
 */
export const episodeGroupFields = {
  description: str,
  episode_count: int,
  group_count: int,
  id: str,
  name: str,
  /** The network the order comes from; null for orders no network made. */
  network: network.nullable(),
  type: int,
};

export const seriesEpisodeGroups = z.looseObject({
  id: int,
  results: z.array(z.looseObject(episodeGroupFields)),
});

/** Lists holding a series (lists on the embedded server hold films only, so none there). */
export const seriesLists = paged(
  z.looseObject({
    description: str,
    favorite_count: num,
    id: int,
    item_count: num,
    iso_639_1: str,
    iso_3166_1: str.optional(),
    name: str,
    poster_path: nullableStr,
  }),
).extend({ id: int });

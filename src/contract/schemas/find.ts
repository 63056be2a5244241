import * as z from 'zod';
import { bool, dateOrEmpty, int, nullableStr, num, str } from './common.js';
import { movieListItem } from './movie.js';
import { episodeSummary, tvListItem } from './tv.js';

const foundMovie = movieListItem.extend({ media_type: z.literal('movie').optional(), title: str });
const foundTv = tvListItem.extend({ media_type: z.literal('tv').optional() });
const foundEpisode = episodeSummary.extend({ media_type: z.literal('tv_episode').optional(), show_id: int });
const foundPerson = z.looseObject({
  adult: bool.optional(),
  gender: int.optional(),
  id: int,
  known_for: z.array(z.looseObject({ id: int, media_type: str.optional() })).optional(),
  known_for_department: nullableStr.optional(),
  media_type: z.literal('person').optional(),
  name: str,
  original_name: str.optional(),
  popularity: num.optional(),
  profile_path: nullableStr.optional(),
});
const foundSeason = z.looseObject({
  air_date: dateOrEmpty.nullable().optional(),
  id: int,
  name: str.optional(),
  season_number: int,
  show_id: int.optional(),
});

/**
 * Find by external id: every kind's array is there, most of them empty. An id that names
 * nothing is an answer with every array empty, not an error.
 */
export const findResults = z.looseObject({
  movie_results: z.array(foundMovie),
  person_results: z.array(foundPerson),
  tv_results: z.array(foundTv),
  tv_episode_results: z.array(foundEpisode),
  tv_season_results: z.array(foundSeason),
});
export type FindResults = z.infer<typeof findResults>;

import * as z from 'zod';
import type { Read } from '../reading.js';
import { dateOrEmpty, int, str } from './common.js';
import { titledMovieItem } from './movie.js';
import { tvListItem } from './tv.js';

/**
 * A person's filmography (combined, movie and TV credits): each title as lists show it, with
 * the credit (character or job) and, for a series, how many of its episodes the credit counts.
 */

/** A film in a person's credits: the film as lists show it, with the credit. */
const movieCast = titledMovieItem.extend({ character: str, credit_id: str, order: int });
const movieCrew = titledMovieItem.extend({ credit_id: str, department: str, job: str });
/** A series in a person's credits: the series, with the credit and how many episodes it counts. */
const tvCast = tvListItem.extend({ character: str, credit_id: str, episode_count: int });
const tvCrew = tvListItem.extend({ credit_id: str, department: str, episode_count: int, job: str });

/** GET /3/person/{person_id}/movie_credits */
export const personMovieCredits = z.looseObject({ id: int, cast: z.array(movieCast), crew: z.array(movieCrew) });

/** GET /3/person/{person_id}/tv_credits */
export const personTvCredits = z.looseObject({ id: int, cast: z.array(tvCast), crew: z.array(tvCrew) });

/** In combined credits, the air date of the first episode a series credit counts (null when it has none yet). */
const firstCreditAirDate = dateOrEmpty.nullable();

/** GET /3/person/{person_id}/combined_credits: films and series together, each naming its kind. */
export const combinedCredits = z.looseObject({
  id: int,
  cast: z.array(
    z.discriminatedUnion('media_type', [
      movieCast.extend({ media_type: z.literal('movie') }),
      tvCast.extend({ first_credit_air_date: firstCreditAirDate, media_type: z.literal('tv') }),
    ]),
  ),
  crew: z.array(
    z.discriminatedUnion('media_type', [
      movieCrew.extend({ media_type: z.literal('movie') }),
      tvCrew.extend({ first_credit_air_date: firstCreditAirDate, media_type: z.literal('tv') }),
    ]),
  ),
});
export type CombinedCredits = Read<typeof combinedCredits>;

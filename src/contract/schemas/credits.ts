import * as z from 'zod';
import type { Read } from '../reading.js';
import { bool, int, nullableStr, num, str } from './common.js';

/**
 * Who worked on what: a title's cast and crew (movie credits, a series' credits and aggregate
 * credits, an episode's credits with its guest stars); a person's filmography is in
 * filmography.ts. Field names are the real service's; `credit_id` names one credit.
 */

/** A person as a credit names them. */
export const creditedPerson = z.looseObject({
  adult: bool,
  gender: int,
  id: int,
  known_for_department: nullableStr,
  name: str,
  original_name: str,
  popularity: num,
  profile_path: nullableStr,
});

/** Someone in the cast of a series or an episode: the character, and the place in the billing. */
export const castCredit = creditedPerson.extend({ character: str, credit_id: str, order: int });

/** Someone in the crew: department and job as the service spells them ("Directing", "Director"). */
export const crewCredit = creditedPerson.extend({ credit_id: str, department: str, job: str });

/** GET /3/movie/{movie_id}/credits: a film's cast also carries its `cast_id`. */
export const movieCredits = z.looseObject({
  id: int,
  cast: z.array(castCredit.extend({ cast_id: int })),
  crew: z.array(crewCredit),
});
export type MovieCredits = Read<typeof movieCredits>;

/** GET /3/tv/{series_id}/credits: the cast and crew of the series' latest season. */
export const tvCredits = z.looseObject({ id: int, cast: z.array(castCredit), crew: z.array(crewCredit) });

/**
 * GET /3/tv/{series_id}/aggregate_credits: everyone who was in any episode, each with every
 * character (`roles`) or job (`jobs`) and how many episodes each one counts.
 */
export const aggregateCastCredit = creditedPerson.extend({
  roles: z.array(z.looseObject({ credit_id: str, character: str, episode_count: int })),
  total_episode_count: int,
  order: int,
});
export const aggregateCrewCredit = creditedPerson.extend({
  jobs: z.array(z.looseObject({ credit_id: str, job: str, episode_count: int })),
  department: str,
  total_episode_count: int,
});
export const aggregateCredits = z.looseObject({
  id: int,
  cast: z.array(aggregateCastCredit),
  crew: z.array(aggregateCrewCredit),
});
export type AggregateCredits = Read<typeof aggregateCredits>;

/** GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/credits */
export const episodeCredits = z.looseObject({
  id: int,
  cast: z.array(castCredit),
  crew: z.array(crewCredit),
  guest_stars: z.array(castCredit),
});

import * as z from 'zod';
import { str } from './common.js';
import { creditedPerson } from './credits.js';
import { movieListItem } from './movie.js';
import { episodeSummary, seasonSummary, tvListItem } from './tv.js';

/**
 * GET /3/credit/{credit_id}: one credit, as the credits answers name it by `credit_id`. Its
 * `media` is the film or series as lists show it, with the character (cast only); a series'
 * credit lists the seasons (a regular's) or the episodes (a guest's, a director's) it covers.
 */

const movieMedia = movieListItem.extend({ media_type: z.literal('movie'), character: str.optional() });
const seriesMedia = tvListItem.extend({
  media_type: z.literal('tv'),
  character: str.optional(),
  episodes: z.array(episodeSummary),
  seasons: z.array(seasonSummary.extend({ show_id: z.number() })),
});

export const creditDetails = z.looseObject({
  credit_type: str,
  department: str,
  job: str,
  media: z.discriminatedUnion('media_type', [movieMedia, seriesMedia]),
  media_type: str,
  id: str,
  person: creditedPerson.extend({ media_type: z.literal('person') }),
});

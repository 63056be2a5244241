import * as z from 'zod';
import { bool, int, str } from './common.js';
import { episodeGroupFields } from './series-records.js';
import { episodeSummary } from './tv.js';


/** An episode in a group: as its season lists it, with its place in the group. */
export const groupEpisode = episodeSummary.extend({ order: int });

/** An episode group with its parts and their episodes, in order. */
export const episodeGroupDetails = z.looseObject({
  ...episodeGroupFields,
  groups: z.array(
    z.looseObject({
      id: str,
      name: str,
      order: int,
      episodes: z.array(groupEpisode),
      locked: bool.optional(),
    }),
  ),
});

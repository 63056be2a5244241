import { z } from 'zod';
import type { Read } from '../reading.js';
import { bool, int, str } from './common.js';
import { episodeGroupFields } from './series-records.js';
import { episodeSummary } from './tv.js';

/** The names of the service's types of episode group. */
export const EPISODE_GROUP_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'Original air date',
  2: 'Absolute',
  3: 'DVD',
  4: 'Digital',
  5: 'Story arc',
  6: 'Production',
  7: 'TV',
};

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
export type EpisodeGroupDetails = Read<typeof episodeGroupDetails>;

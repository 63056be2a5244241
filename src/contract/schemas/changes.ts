import * as z from 'zod';
import { bool, paged, str } from './common.js';

/**
 * Changes: which films, series and people were edited in a range of days, and what was edited
 * on one of them (a film, series, person, season or episode), key by key.
 */

/** An entry of GET /3/{movie,tv,person}/changes; `adult` is null on some old records. */
export const changedRecord = z.looseObject({ id: z.number(), adult: bool.nullable() });
export const changedRecords = paged(changedRecord);

/**
 * One edit: `value` (and `original_value`, for an update) is whatever the key holds: a string,
 * a number, or an object such as an image's `{ poster: { file_path } }`.
 */
export const changeItem = z.looseObject({
  id: str,
  action: str,
  time: str,
  iso_639_1: str.optional(),
  iso_3166_1: str.optional(),
  value: z.unknown().optional(),
  original_value: z.unknown().optional(),
});

export const recordChanges = z.looseObject({
  changes: z.array(z.looseObject({ key: str, items: z.array(changeItem) })),
});

import * as z from 'zod';
import { LIST_RULES } from '../rules.js';
import { bool, int, listId, nullableStr, num, paged, str } from './common.js';
import { listSummary, movieListItem } from './movie.js';

export const accountDetails = z.looseObject({
  avatar: z.looseObject({
    gravatar: z.looseObject({ hash: nullableStr }),
    tmdb: z.looseObject({ avatar_path: nullableStr }),
  }),
  id: int,
  iso_639_1: str.optional(),
  iso_3166_1: str.optional(),
  name: str,
  include_adult: bool.optional(),
  username: str,
});

export const accountLists = paged(listSummary);

/** A user list as retrieved on its own; real data sends `id` as a string. */
export const listDetails = z.looseObject({
  created_by: str,
  description: str,
  favorite_count: num,
  id: listId,
  iso_639_1: str,
  item_count: num,
  items: z.array(movieListItem),
  name: str,
  poster_path: nullableStr,
  page: int.optional(),
  total_pages: int.optional(),
  total_results: int.optional(),
});

export const listItemStatus = z.looseObject({ id: listId, item_present: bool });

export const listCreateBody = z.strictObject({
  name: z.string().trim().min(1, LIST_RULES.messages.nameEmpty).max(LIST_RULES.nameMax, LIST_RULES.messages.nameLong),
  description: z.string().max(LIST_RULES.descriptionMax, LIST_RULES.messages.descriptionLong).default(''),
  language: z.string().regex(LIST_RULES.language, LIST_RULES.messages.language).default('en'),
});
export type ListCreateBody = z.input<typeof listCreateBody>;

export const listCreated = z.looseObject({
  success: bool.optional(),
  status_code: int,
  status_message: str,
  list_id: listId,
});

export const mediaIdBody = z.strictObject({ media_id: z.number().int().positive() });

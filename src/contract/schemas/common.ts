import * as z from 'zod';
import type { Read } from '../reading.js';

/**
 * Building blocks shared by every resource. Real responses vary between recordings
 * (int vs float, missing newer fields, extra keys), so objects are "loose": unknown keys are
 * kept, and only fields every recording has are required. Types stay strict: a string where
 * a number belongs is rejected with its field path.
 */

export const num = z.number();
export const int = z.number();
export const str = z.string();
export const bool = z.boolean();
export const nullableStr = z.string().nullable();

/** A YYYY-MM-DD date; real data also sends "" (and sometimes null) for unknown dates. */
export const dateOrEmpty = z.string();

/**
 * List ids are integers in list summaries but strings in list details (`"id":"1"`), and lists
 * made before 2013 have hex ids ("50941077760ee35e1500000c"). Digit strings become numbers;
 * other ids stay strings, which the list paths accept as they are.
 */
export const listId = z.union([
  z.number().int(),
  z.string().regex(/^\d+$/).transform(Number),
  z.string().regex(/^[0-9a-f]{24}$/, 'expected a list id'),
]);
export type ListId = number | string;

export const imageEntry = z.looseObject({
  aspect_ratio: num,
  file_path: str,
  height: num,
  width: num,
  /** The image's country; the real service sends it (null when untagged) since 2025. */
  iso_3166_1: nullableStr,
  iso_639_1: nullableStr.optional(),
  vote_average: num.optional(),
  vote_count: num.optional(),
});
export type ImageEntry = Read<typeof imageEntry>;

export const genre = z.looseObject({ id: int, name: str });
export const keyword = z.looseObject({ id: int, name: str });

export const productionCompany = z.looseObject({
  id: int,
  logo_path: nullableStr,
  name: str,
  origin_country: str.optional(),
});

export const productionCountry = z.looseObject({ iso_3166_1: str, name: str });

export const spokenLanguage = z.looseObject({
  english_name: str.optional(),
  iso_639_1: str,
  name: str,
});

/** The paged envelope: page, results, total_pages, total_results. */
export function paged<T extends z.ZodType>(item: T) {
  return z.looseObject({
    page: int,
    results: z.array(item),
    total_pages: int,
    total_results: int,
  });
}

/** Write results: status envelope (2.1). `success` is missing from some documented examples. */
export const statusEnvelope = z.looseObject({
  success: bool.optional(),
  status_code: int,
  status_message: str,
});

/** The error body of any non-2xx answer. Older bodies omit `success`; some send `failure`. */
export const serviceErrorBody = z.looseObject({
  success: z.literal(false).optional(),
  status_code: int,
  status_message: str,
});

/** Validation failures (HTTP 422) come as `{"errors": [...]}` with no status_code. */
export const errorsArrayBody = z.looseObject({ errors: z.array(str).min(1) });

import { stream } from './random.js';
import { KEYWORDS } from './words.js';

/**
 * Keywords: one list for films and series, each keyword with a stable id. A film's keywords
 * are drawn from the seed; the index holds them, so discover's with_keywords and a keyword's
 * films read the same lists the film's own keywords answer gives.
 */

export type Keyword = { id: number; name: string };

const FIRST_KEYWORD_ID = 1000;

/** Keyword ids: stable per keyword. */
export function keywordId(index: number): number {
  return FIRST_KEYWORD_ID + index;
}

/** The keyword an id names, or undefined for an id the catalog does not have. */
export function keywordById(id: number): Keyword | undefined {
  const name = KEYWORDS[id - FIRST_KEYWORD_ID];
  return Number.isInteger(id) && name !== undefined ? { id, name } : undefined;
}

/** Every keyword of the catalog, in id order (what the keyword search looks through). */
export function allKeywords(): Keyword[] {
  return KEYWORDS.map((name, i) => ({ id: keywordId(i), name }));
}

/** A film's keywords (1 to 6 of them), in the order the service lists them. */
export function movieKeywords(seed: number, movieId: number): Keyword[] {
  const r = stream(seed, 'movie-keywords', movieId);
  const indexes = r.sample(KEYWORDS.map((_, i) => i), r.int(1, 6));
  return indexes.map((i) => ({ id: keywordId(i), name: KEYWORDS[i]! }));
}

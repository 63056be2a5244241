import { MOVIE_CERTIFICATIONS } from './certifications.js';
import { stream } from './random.js';

/**
 * A film's certification in each country it is released in: a label of that country's real
 * rating system, drawn per (film, country) from the seed, so it never changes. Films not out
 * yet are not rated anywhere, and "not rated" labels (order 0) are never drawn.
 */
export function movieCertification(seed: number, id: number, region: string, released: boolean) {
  const rows = MOVIE_CERTIFICATIONS[region]?.filter(([, order]) => order > 0);
  if (!released || !rows || rows.length === 0) return undefined;
  const [certification, order] = stream(seed, 'movie-certification', id, region.charCodeAt(0), region.charCodeAt(1)).pick(rows);
  return { certification, order };
}

/** The order of a label in a country's rating system, or undefined when the country has no such label. */
export function certificationOrder(region: string, label: string): number | undefined {
  return MOVIE_CERTIFICATIONS[region]?.find(([certification]) => certification === label)?.[1];
}

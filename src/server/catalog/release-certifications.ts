import { ladder, MOVIE_CERTIFICATIONS, TV_CERTIFICATIONS } from './certifications.js';
import { stream } from './random.js';

/**
 * A film's certification in each country it is released in: a label of that country's real
 * rating system, drawn per (film, country) from the seed, so it never changes. Films not out
 * yet are not rated anywhere; every label is drawn, "not rated" (NR, UR) too, so that each
 * label's discover page lists films, as the service's do.
 */
export function movieCertification(seed: number, id: number, region: string, released: boolean) {
  const rows = ladder(MOVIE_CERTIFICATIONS, region);
  if (!released || !rows || rows.length === 0) return undefined;
  const [certification, order] = stream(seed, 'movie-certification', id, region.charCodeAt(0), region.charCodeAt(1)).pick(rows);
  return { certification, order };
}

/** The certification lists of films and of series. */
const TABLES = { movie: MOVIE_CERTIFICATIONS, tv: TV_CERTIFICATIONS } as const;

/** Whether a country has certifications of this kind at all. */
export function hasCertifications(kind: 'movie' | 'tv', country: string): boolean {
  return TABLES[kind][country] !== undefined;
}

/**
 * The order of a label in a country's rating system, or undefined when the country has no such
 * label. Labels are matched as the service writes them ("PG-13", not "pg-13").
 */
export function certificationOrder(kind: 'movie' | 'tv', region: string, label: string): number | undefined {
  return TABLES[kind][region]?.find(([certification]) => certification === label)?.[1];
}

/** A country's labels, mildest first, for messages that say what may be asked for. */
export function certificationLabels(kind: 'movie' | 'tv', region: string): string[] {
  return (ladder(TABLES[kind], region) ?? []).map(([certification]) => certification);
}

import { ladder, meansNotRated, MOVIE_CERTIFICATIONS, TV_CERTIFICATIONS } from './certifications.js';
import { RELEASE_REGIONS } from './languages.js';
import { stream } from './random.js';

/** The certification lists of films and of series. */
const TABLES = { movie: MOVIE_CERTIFICATIONS, tv: TV_CERTIFICATIONS } as const;

/**
 * The share of released titles that carry a country's "not rated" label (NR, UR) there, as some
 * do with the real service: a few where most titles are released, more where only a few are, so
 * that each such label has titles to list.
 */
const NOT_RATED_SHARE = 0.04;
const NOT_RATED_SHARE_ELSEWHERE = 0.3;
const MOST_TITLES: ReadonlySet<string> = new Set(['US', ...RELEASE_REGIONS]);

/**
 * A country's "not rated" label for a title, drawn from a stream of its own (so no other
 * generated value changes), or undefined: most titles are rated, and some countries have no
 * such label.
 */
export function notRatedLabel(seed: number, kind: 'movie' | 'tv', id: number, region: string): readonly [string, number] | undefined {
  const labels = ladder(TABLES[kind], region)?.filter(meansNotRated) ?? [];
  if (labels.length === 0) return undefined;
  const r = stream(seed, `${kind}-not-rated`, id, region.charCodeAt(0), region.charCodeAt(1));
  if (!r.chance(MOST_TITLES.has(region) ? NOT_RATED_SHARE : NOT_RATED_SHARE_ELSEWHERE)) return undefined;
  const [certification, order] = r.pick(labels);
  return [certification, order];
}

/**
 * A film's certification in each country it is released in: a label of that country's real
 * rating system, drawn per (film, country) from the seed, so it never changes. Films not out
 * yet are not rated anywhere; a few released ones carry the country's "not rated" label (NR,
 * UR: meansNotRated), as with the real service.
 */
export function movieCertification(seed: number, id: number, region: string, released: boolean) {
  const rows = ladder(MOVIE_CERTIFICATIONS, region)?.filter((row) => !meansNotRated(row));
  if (!released || !rows || rows.length === 0) return undefined;
  const notRated = notRatedLabel(seed, 'movie', id, region);
  if (notRated) return { certification: notRated[0], order: notRated[1] };
  const [certification, order] = stream(seed, 'movie-certification', id, region.charCodeAt(0), region.charCodeAt(1)).pick(rows);
  return { certification, order };
}

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

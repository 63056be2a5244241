import { stream } from './random.js';

/**
 * Recommendations and similar titles: other titles of the catalog that share genres with one,
 * found by walking the catalog in an order drawn from the title (so every title gets its own
 * neighbours, the same each time) and keeping those that share enough genres. Never the title
 * itself, only titles that exist; at most MAX_RELATED, the two pages the service answers.
 */

export const MAX_RELATED = 40;
/** How many titles are looked at: bounded, so a 100,000-title catalog answers as fast as a small one. */
const CANDIDATES = 1500;

export interface RelatedSource {
  readonly count: number;
  genresOf(id: number): readonly number[];
  popularityOf(id: number): number;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The related titles of `id`: `minShared` genres in common at least ("similar" asks for more
 * than "recommendations"), ordered by genres shared, then by popularity when `byPopularity`.
 */
export function relatedTitles(seed: number, name: string, source: RelatedSource, id: number, minShared: number, byPopularity: boolean): number[] {
  const { count } = source;
  if (count < 2) return [];
  const genres = new Set(source.genresOf(id));
  const r = stream(seed, name, id);
  // A step coprime with the count visits every other title once before coming back.
  let step = r.int(1, count - 1);
  while (gcd(step, count) !== 1) step = (step % (count - 1)) + 1;
  const found: Array<{ id: number; shared: number; rank: number }> = [];
  let candidate = id - 1;
  for (let i = 0; i < Math.min(CANDIDATES, count - 1); i++) {
    candidate = (candidate + step) % count;
    const other = candidate + 1;
    if (other === id) continue;
    const shared = source.genresOf(other).filter((g) => genres.has(g)).length;
    if (shared < Math.min(minShared, genres.size)) continue;
    found.push({ id: other, shared, rank: byPopularity ? source.popularityOf(other) : i });
    if (found.length >= MAX_RELATED * 2) break;
  }
  return found
    .sort((a, b) => b.shared - a.shared || (byPopularity ? b.rank - a.rank : a.rank - b.rank))
    .slice(0, MAX_RELATED)
    .map((entry) => entry.id);
}

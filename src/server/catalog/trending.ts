import type { TrendingWindow } from '../../contract/index.js';
import { stream } from './random.js';

/**
 * Trending: what people look at today, or over the past week. It follows popularity, with a
 * drift drawn for each title and day from the seed: the same day always gives the same order,
 * the next day a somewhat different one, and the week (the mean of its seven days' drift)
 * moves more slowly than the day.
 */

export type TrendingKind = 'movie' | 'tv' | 'person';

/** Titles and people considered: the most popular of each kind (the real service's list is as short). */
export const TRENDING_POOL = 500;

const KIND_CODES: Readonly<Record<TrendingKind, number>> = { movie: 1, tv: 2, person: 3 };

/** How much one title is talked about on one day, relative to its popularity: 0.4 to 1.6. */
function drift(seed: number, kind: TrendingKind, id: number, day: number): number {
  return 0.4 + 1.2 * stream(seed, 'trending', KIND_CODES[kind], id, day).next();
}

export function trendingScore(
  seed: number, kind: TrendingKind, id: number, popularity: number, window: TrendingWindow, today: number,
): number {
  if (window === 'day') return popularity * drift(seed, kind, id, today);
  let sum = 0;
  for (let day = today - 6; day <= today; day++) sum += drift(seed, kind, id, day);
  return (popularity * sum) / 7;
}

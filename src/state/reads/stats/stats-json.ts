import type { AccountFigures } from './figures.js';
import type { StatsData } from './read.js';

/**
 * `marquee export --format stats-json`: the figures the Stats view draws, for other tools.
 * Versioned like Marquee's own format; each bar's `refs` name titles by kind and TMDB id, and
 * `titles` gives each one's name and year under the key "movie:ID" or "tv:ID".
 */

export const STATS_FORMAT = 'marquee-stats';
export const STATS_FORMAT_VERSION = 1;

export interface StatsDocument extends AccountFigures {
  readonly format: typeof STATS_FORMAT;
  readonly version: typeof STATS_FORMAT_VERSION;
  readonly exported_at: string;
  readonly titles: Readonly<Record<string, { readonly name: string; readonly year: number | null }>>;
}

export function statsDocument(figures: AccountFigures, data: Pick<StatsData, 'titles'>, now: Date): StatsDocument {
  return {
    format: STATS_FORMAT,
    version: STATS_FORMAT_VERSION,
    exported_at: now.toISOString(),
    ...figures,
    titles: Object.fromEntries([...data.titles].sort(([a], [b]) => a.localeCompare(b)).map(([key, info]) => [key, { name: info.name, year: info.year }])),
  };
}

// What a series is made of before any record is drawn from it: the plan that the series factory,
// its credits, records and episode groups all read, kept apart so they need not import the factory.

/** One season of a series: its number (0 = specials), size and the day its first episode airs. */
export interface SeasonPlan {
  number: number;
  episodeCount: number;
  /** Days from today. */
  startOffset: number;
}

export interface SeriesCore {
  id: number;
  name: string;
  originalName: string;
  originalLanguage: string;
  alternativeNames: string[];
  originCountry: string;
  popularity: number;
  voteAverage: number;
  voteCount: number;
  genreIds: number[];
  inProduction: boolean;
  /**
   * In production, but the episodes still to come have no dates yet (between announcements):
   * no next episode to air, and those episodes' air dates are null.
   */
  unscheduled: boolean;
  seasons: SeasonPlan[];
  runtime: number;
}

/** Regular episodes air weekly; specials every couple of months, never in the future. */
export function airOffset(season: SeasonPlan, episode: number): number {
  return season.number === 0 ? Math.min(-1, season.startOffset + (episode - 1) * 60) : season.startOffset + (episode - 1) * 7;
}

import type { AccountFigures, Bar, PersonBar, RuntimeBar, SeriesBar, VersusCrowd } from '../../../state/index.js';

/**
 * The Stats view's figures, in the order `]` and `[` step through them: each a title, its
 * bars, and what a bar's value is (titles counted, or minutes watched). A person's bar opens
 * the person; every other bar lists the titles behind it.
 */

export interface Figure {
  readonly id: string;
  readonly title: string;
  readonly bars: readonly Bar[];
  /** A timeline: drawn with a sparkline above its rows. */
  readonly timeline?: boolean;
  /** What the bar measures: titles (the count), my mean rating (of 10), or minutes watched. */
  readonly measure: 'count' | 'mean' | 'minutes';
  /** Whether the rows say my mean (not on the ratings' own steps, where it is the step). */
  readonly means?: boolean;
  /** What the figure says when it has no bars. */
  readonly empty: string;
  /** One line above the bars (my mean against the crowd's, the undated ratings). */
  readonly summary?: string;
}

const mean = (value: number | null) => (value === null ? '–' : value.toFixed(2));

/** "7.12 against the crowd's 6.80 for the same 40 films: kinder by 0.32". */
export function crowdLine(what: string, versus: VersusCrowd): string {
  if (versus.count === 0 || versus.mine === null || versus.crowd === null || versus.difference === null) return `No ${what} rated that the crowd voted on.`;
  const by = Math.abs(versus.difference).toFixed(2);
  const verdict = versus.difference < 0 ? `harsher than the crowd by ${by}` : versus.difference > 0 ? `kinder than the crowd by ${by}` : 'just as the crowd';
  return `My mean ${mean(versus.mine)} against the crowd's ${mean(versus.crowd)} for the same ${versus.count} ${what}: ${verdict}.`;
}

export const isPersonBar = (bar: Bar): bar is PersonBar => typeof (bar as PersonBar).personId === 'number';
export const isSeriesBar = (bar: Bar): bar is SeriesBar => typeof (bar as SeriesBar).seriesId === 'number';
export const isRuntimeBar = (bar: Bar): bar is RuntimeBar => typeof (bar as RuntimeBar).minutes === 'number';

/** "41h 20m" */
export function hoursAndMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${String(minutes % 60).padStart(2, '0')}m` : `${minutes}m`;
}

/** "142 of 300 ratings carry a date: …": said over the dated figures when not every rating is in them. */
export function datedLine(dated: number, total: number): string {
  return `${dated} of ${total} ${total === 1 ? 'rating carries' : 'ratings carry'} a date: those written or imported through Marquee${dated === 0 ? '' : ' (or dated by the service)'}.`;
}

/** The figures, in order; `seriesName` names a series by its id (the series figure's labels are ids). */
export function figureList(f: AccountFigures, seriesName: (id: number) => string): Figure[] {
  const undated = f.totals.undated > 0 ? datedLine(f.totals.dated, f.totals.dated + f.totals.undated) : undefined;
  const noDate = 'No rating carries a date: the service gives none, and none was written or imported through Marquee.';
  return [
    { id: 'ratings.films', title: 'My ratings of films', bars: f.ratings.films, measure: 'count', means: false, empty: 'No films rated.', summary: crowdLine('films', f.versusCrowd.films) },
    { id: 'ratings.series', title: 'My ratings of series', bars: f.ratings.series, measure: 'count', means: false, empty: 'No series rated.', summary: crowdLine('series', f.versusCrowd.series) },
    { id: 'perMonth', title: 'Titles rated per month', bars: f.perMonth, timeline: true, measure: 'count', empty: noDate, summary: undated },
    { id: 'perWeek', title: 'Titles rated per week', bars: f.perWeek, timeline: true, measure: 'count', empty: noDate, summary: undated },
    { id: 'episodesPerWeek', title: 'Episodes rated per week', bars: f.episodesPerWeek, timeline: true, measure: 'count', empty: 'No rated episode carries a date: those written or imported through Marquee do.', summary: undated },
    { id: 'byDecade', title: 'By release decade', bars: f.byDecade, measure: 'count', empty: 'No rated title has a release date.' },
    { id: 'byYear', title: 'By release year', bars: f.byYear, measure: 'count', empty: 'No rated title has a release date.' },
    { id: 'byGenre', title: 'By genre (share of titles, my mean)', bars: f.byGenre, measure: 'count', empty: 'No genres known.' },
    { id: 'byCountry', title: 'By country of origin', bars: f.byCountry, measure: 'count', empty: 'No countries known.' },
    { id: 'byLanguage', title: 'By original language', bars: f.byLanguage, measure: 'count', empty: 'No languages known.' },
    { id: 'directors.highest', title: 'Directors and creators I rate highest', bars: f.directors.highest, measure: 'mean', empty: 'Nobody directed two of the titles rated yet.' },
    { id: 'directors.most', title: 'Directors and creators I see most', bars: f.directors.most, measure: 'count', empty: 'Nobody directed two of the titles rated yet.' },
    { id: 'cast.highest', title: 'Cast I rate highest', bars: f.cast.highest, measure: 'mean', empty: 'Nobody plays in two of the titles rated yet.' },
    { id: 'cast.most', title: 'Cast I see most', bars: f.cast.most, measure: 'count', empty: 'Nobody plays in two of the titles rated yet.' },
    {
      id: 'episodes', title: "Series' episodes I rated (Enter: the heat map of its seasons)", measure: 'count', empty: 'No episodes rated.',
      bars: f.episodesBySeries.map((bar) => ({ ...bar, label: seriesName(bar.seriesId) })),
    },
    { id: 'runtime', title: 'Runtime watched per year (films and episodes rated)', bars: f.runtimePerYear, measure: 'minutes', empty: 'No dated rating of a title with a known runtime.', summary: undated },
  ];
}

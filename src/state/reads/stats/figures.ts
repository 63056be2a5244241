/**
 * The account's statistics, computed from what it rated and what the catalog says of each
 * title. Pure: no requests, no clock, no terminal. The Stats view draws these figures and
 * `marquee export --format stats-json` writes them; both read them from `accountFigures`.
 *
 * Every bar names the titles behind it (`refs`), so that every figure is a link to a list.
 */

/** A film or a series, as a bar names it. */
export interface StatsTitle {
  readonly kind: 'movie' | 'tv';
  readonly id: number;
}

/** A rated film or series, as the account's rated lists give it. */
export interface RatedTitle extends StatsTitle {
  readonly name: string;
  /** My rating, 0.5..10. */
  readonly rating: number;
  /** When I rated it (ISO date or date-time), where the service says. */
  readonly ratedAt: string | null;
  /** The service's vote average (0..10); null when nobody voted. */
  readonly voteAverage: number | null;
  /** Release or first air date, YYYY-MM-DD, where known. */
  readonly releaseDate: string | null;
}

/** A rated episode, as the account's rated episodes give it. */
export interface RatedEpisode {
  readonly seriesId: number;
  readonly season: number;
  readonly episode: number;
  readonly name: string;
  readonly rating: number;
  readonly ratedAt: string | null;
  /** The episode's runtime in minutes, where the service gives it. */
  readonly runtime: number | null;
}

export interface PersonRef {
  readonly id: number;
  readonly name: string;
}

/** What the catalog says of a title, as its details (with credits) give it. */
export interface TitleFacts {
  readonly genres: readonly { readonly id: number; readonly name: string }[];
  /** A film's runtime, or a series' usual episode runtime, in minutes. */
  readonly runtime: number | null;
  /** Countries of origin (ISO 3166-1), the first being the main one. */
  readonly countries: readonly string[];
  /** Original language (ISO 639-1). */
  readonly language: string | null;
  readonly directors: readonly PersonRef[];
  /** The top-billed cast, in billing order. */
  readonly cast: readonly PersonRef[];
}

export interface StatsInput {
  readonly films: readonly RatedTitle[];
  readonly series: readonly RatedTitle[];
  readonly episodes: readonly RatedEpisode[];
  /** Facts per title, keyed by `statsTitleKey`; a title without facts is left out of the figures that need them. */
  readonly facts: ReadonlyMap<string, TitleFacts>;
}

/** One bar (or row) of a figure. */
export interface Bar {
  /** What it shows: "7.5", "2024-03", "1990s", "Drama", "FR", a person's name. */
  readonly label: string;
  /** How many titles (or episodes) it counts. */
  readonly count: number;
  /** My mean rating of them, rounded to 2 decimals; null when it counts none. */
  readonly mean: number | null;
  /** The titles behind it. */
  readonly refs: readonly StatsTitle[];
}

/** A person's row: a bar that opens the person. */
export interface PersonBar extends Bar {
  readonly personId: number;
}

/** A genre's row: its share of the rated titles. */
export interface GenreBar extends Bar {
  /** count / rated titles, rounded to 3 decimals. */
  readonly share: number;
}

/** A series whose episodes I rated: its bar opens its heat map. */
export interface SeriesBar extends Bar {
  readonly seriesId: number;
}

/** Minutes watched in a year: films' runtimes and episodes' runtimes of what I rated then. */
export interface RuntimeBar extends Bar {
  readonly filmMinutes: number;
  readonly episodeMinutes: number;
  readonly minutes: number;
}

export interface VersusCrowd {
  /** Titles with both my rating and a service vote average. */
  readonly count: number;
  readonly mine: number | null;
  readonly crowd: number | null;
  /** mine - crowd: below zero, I am harsher than the crowd. */
  readonly difference: number | null;
}

export interface AccountFigures {
  /**
   * How many of each were rated, and how many of all those ratings carry a date (the service's,
   * or the record of ratings written or imported through Marquee) or none: only dated ratings
   * are in the timelines and the runtime per year.
   */
  readonly totals: { readonly films: number; readonly series: number; readonly episodes: number; readonly dated: number; readonly undated: number };
  /** 20 bars each, 0.5 to 10. */
  readonly ratings: { readonly films: readonly Bar[]; readonly series: readonly Bar[] };
  readonly versusCrowd: { readonly films: VersusCrowd; readonly series: VersusCrowd };
  /** Films and series rated per month and per week (Monday), every period from the first to the last, zeros included. */
  readonly perMonth: readonly Bar[];
  readonly perWeek: readonly Bar[];
  /** Episodes rated per week; refs are the episodes' series. */
  readonly episodesPerWeek: readonly Bar[];
  /** By release decade and year, oldest first. */
  readonly byDecade: readonly Bar[];
  readonly byYear: readonly Bar[];
  /** Most rated first. */
  readonly byGenre: readonly GenreBar[];
  readonly byCountry: readonly Bar[];
  readonly byLanguage: readonly Bar[];
  /** People behind at least `minimumPersonTitles` rated titles: highest mean first, and most seen first. */
  readonly directors: { readonly highest: readonly PersonBar[]; readonly most: readonly PersonBar[] };
  readonly cast: { readonly highest: readonly PersonBar[]; readonly most: readonly PersonBar[] };
  /** By the year I rated it. */
  readonly runtimePerYear: readonly RuntimeBar[];
  /** The series whose episodes I rated, most rated first: count and mean of the episodes (label: the series id). */
  readonly episodesBySeries: readonly SeriesBar[];
}

export interface FigureOptions {
  /** A person counts once they are behind this many rated titles, so one film does not top the list. */
  readonly minimumPersonTitles?: number;
  /** Rows kept of each people list. */
  readonly peopleRows?: number;
}

export const MINIMUM_PERSON_TITLES = 2;
const PEOPLE_ROWS = 20;
/** The rating steps of the service: 0.5, 1, ..., 10. */
export const RATING_STEPS: readonly number[] = Array.from({ length: 20 }, (_, i) => (i + 1) / 2);

export const statsTitleKey = (ref: StatsTitle): string => `${ref.kind}:${ref.id}`;

const round = (value: number, places: number) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};
const meanOf = (values: readonly number[]): number | null =>
  values.length === 0 ? null : round(values.reduce((sum, v) => sum + v, 0) / values.length, 2);
const refOf = (title: StatsTitle): StatsTitle => ({ kind: title.kind, id: title.id });
/** The step a rating falls on (the service keeps halves; anything else rounds to the nearest). */
const stepOf = (rating: number) => Math.min(10, Math.max(0.5, Math.round(rating * 2) / 2));
const stepLabel = (step: number) => (Number.isInteger(step) ? String(step) : step.toFixed(1));

/** Accumulates titles under labels, keeping each title once per label. */
class Groups {
  private readonly groups = new Map<string, { refs: StatsTitle[]; ratings: number[]; seen: Set<string> }>();
  add(label: string, ref: StatsTitle, rating: number): void {
    let group = this.groups.get(label);
    if (!group) this.groups.set(label, (group = { refs: [], ratings: [], seen: new Set() }));
    const key = statsTitleKey(ref);
    if (group.seen.has(key)) return;
    group.seen.add(key);
    group.refs.push(refOf(ref));
    group.ratings.push(rating);
  }
  /** Counts without deduplicating (episodes: several of one series in a week). */
  addCounted(label: string, ref: StatsTitle, rating: number): void {
    let group = this.groups.get(label);
    if (!group) this.groups.set(label, (group = { refs: [], ratings: [], seen: new Set() }));
    group.ratings.push(rating);
    const key = statsTitleKey(ref);
    if (!group.seen.has(key)) {
      group.seen.add(key);
      group.refs.push(refOf(ref));
    }
  }
  get(label: string): Bar {
    const group = this.groups.get(label);
    return { label, count: group?.ratings.length ?? 0, mean: group ? meanOf(group.ratings) : null, refs: group?.refs ?? [] };
  }
  labels(): string[] {
    return [...this.groups.keys()];
  }
}

function distribution(titles: readonly RatedTitle[]): Bar[] {
  const groups = new Groups();
  for (const title of titles) groups.add(stepLabel(stepOf(title.rating)), title, title.rating);
  return RATING_STEPS.map((step) => groups.get(stepLabel(step)));
}

function versusCrowd(titles: readonly RatedTitle[]): VersusCrowd {
  const voted = titles.filter((t) => t.voteAverage !== null && t.voteAverage > 0);
  const mine = meanOf(voted.map((t) => t.rating));
  const crowd = meanOf(voted.map((t) => t.voteAverage!));
  return { count: voted.length, mine, crowd, difference: mine === null || crowd === null ? null : round(mine - crowd, 2) };
}

/** YYYY-MM-DD of a date or date-time the service gave, or null when it is not one. */
const dayOf = (value: string | null): string | null => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);
const dayMs = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The Monday of the week a day is in. */
export const weekOf = (day: string): string => {
  const ms = dayMs(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return isoDay(ms - weekday * 86_400_000);
};
const monthOf = (day: string) => day.slice(0, 7);
const nextMonth = (month: string) => {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
const nextWeek = (week: string) => isoDay(dayMs(week) + 7 * 86_400_000);

/** Every period from the first label to the last, in order, zeros included: a sparkline's x axis. */
function timeline(groups: Groups, next: (label: string) => string): Bar[] {
  const labels = groups.labels().sort();
  if (labels.length === 0) return [];
  const bars: Bar[] = [];
  for (let label = labels[0]!; label <= labels.at(-1)!; label = next(label)) bars.push(groups.get(label));
  return bars;
}

function byRelease(titles: readonly RatedTitle[]): { byDecade: Bar[]; byYear: Bar[] } {
  const decades = new Groups();
  const years = new Groups();
  for (const title of titles) {
    const year = title.releaseDate && /^\d{4}/.test(title.releaseDate) ? Number(title.releaseDate.slice(0, 4)) : null;
    if (year === null) continue;
    decades.add(`${Math.floor(year / 10) * 10}s`, title, title.rating);
    years.add(String(year), title, title.rating);
  }
  return {
    byDecade: decades.labels().sort().map((label) => decades.get(label)),
    byYear: years.labels().sort().map((label) => years.get(label)),
  };
}

const mostFirst = (a: Bar, b: Bar) => b.count - a.count || (b.mean ?? 0) - (a.mean ?? 0) || a.label.localeCompare(b.label);
const highestFirst = (a: Bar, b: Bar) => (b.mean ?? 0) - (a.mean ?? 0) || b.count - a.count || a.label.localeCompare(b.label);

function people(
  titles: readonly RatedTitle[],
  facts: ReadonlyMap<string, TitleFacts>,
  pick: (facts: TitleFacts) => readonly PersonRef[],
  minimum: number,
  rows: number,
): { highest: PersonBar[]; most: PersonBar[] } {
  const groups = new Groups();
  const names = new Map<string, PersonRef>();
  for (const title of titles) {
    const known = facts.get(statsTitleKey(title));
    if (!known) continue;
    for (const person of pick(known)) {
      const key = String(person.id);
      if (!names.has(key)) names.set(key, person);
      groups.add(key, title, title.rating);
    }
  }
  const bars: PersonBar[] = groups
    .labels()
    .map((key) => ({ ...groups.get(key), label: names.get(key)!.name, personId: names.get(key)!.id }))
    .filter((bar) => bar.count >= minimum);
  return { highest: [...bars].sort(highestFirst).slice(0, rows), most: [...bars].sort(mostFirst).slice(0, rows) };
}

export function accountFigures(input: StatsInput, options: FigureOptions = {}): AccountFigures {
  const minimum = options.minimumPersonTitles ?? MINIMUM_PERSON_TITLES;
  const peopleRows = options.peopleRows ?? PEOPLE_ROWS;
  const titles = [...input.films, ...input.series];

  const months = new Groups();
  const weeks = new Groups();
  const episodeWeeks = new Groups();
  let undated = 0;
  for (const title of titles) {
    const day = dayOf(title.ratedAt);
    if (day === null) {
      undated++;
      continue;
    }
    months.add(monthOf(day), title, title.rating);
    weeks.add(weekOf(day), title, title.rating);
  }
  for (const episode of input.episodes) {
    const day = dayOf(episode.ratedAt);
    if (day === null) {
      undated++;
      continue;
    }
    episodeWeeks.addCounted(weekOf(day), { kind: 'tv', id: episode.seriesId }, episode.rating);
  }

  const genres = new Groups();
  const countries = new Groups();
  const languages = new Groups();
  for (const title of titles) {
    const known = input.facts.get(statsTitleKey(title));
    if (!known) continue;
    for (const genre of known.genres) genres.add(genre.name, title, title.rating);
    for (const country of known.countries) countries.add(country, title, title.rating);
    if (known.language) languages.add(known.language, title, title.rating);
  }

  // Minutes per year of rating: a film's runtime, an episode's own runtime or else its series' usual one.
  const runtime = new Map<string, { film: number; episode: number; groups: Groups }>();
  const yearEntry = (year: string) => {
    let entry = runtime.get(year);
    if (!entry) runtime.set(year, (entry = { film: 0, episode: 0, groups: new Groups() }));
    return entry;
  };
  for (const film of input.films) {
    const day = dayOf(film.ratedAt);
    const minutes = input.facts.get(statsTitleKey(film))?.runtime ?? null;
    if (day === null || minutes === null || minutes <= 0) continue;
    const entry = yearEntry(day.slice(0, 4));
    entry.film += minutes;
    entry.groups.add('all', film, film.rating);
  }
  for (const episode of input.episodes) {
    const day = dayOf(episode.ratedAt);
    const minutes = episode.runtime ?? input.facts.get(statsTitleKey({ kind: 'tv', id: episode.seriesId }))?.runtime ?? null;
    if (day === null || minutes === null || minutes <= 0) continue;
    const entry = yearEntry(day.slice(0, 4));
    entry.episode += minutes;
    entry.groups.addCounted('all', { kind: 'tv', id: episode.seriesId }, episode.rating);
  }

  const bySeries = new Groups();
  for (const episode of input.episodes) bySeries.addCounted(String(episode.seriesId), { kind: 'tv', id: episode.seriesId }, episode.rating);

  return {
    totals: {
      films: input.films.length, series: input.series.length, episodes: input.episodes.length,
      dated: titles.length + input.episodes.length - undated, undated,
    },
    ratings: { films: distribution(input.films), series: distribution(input.series) },
    versusCrowd: { films: versusCrowd(input.films), series: versusCrowd(input.series) },
    perMonth: timeline(months, nextMonth),
    perWeek: timeline(weeks, nextWeek),
    episodesPerWeek: timeline(episodeWeeks, nextWeek),
    ...byRelease(titles),
    byGenre: genres
      .labels()
      .map((label) => genres.get(label))
      .sort(mostFirst)
      .map((bar) => ({ ...bar, share: round(bar.count / titles.length, 3) })),
    byCountry: countries.labels().map((label) => countries.get(label)).sort(mostFirst),
    byLanguage: languages.labels().map((label) => languages.get(label)).sort(mostFirst),
    directors: people(titles, input.facts, (f) => f.directors, minimum, peopleRows),
    cast: people(titles, input.facts, (f) => f.cast, minimum, peopleRows),
    runtimePerYear: [...runtime.keys()].sort().map((year) => {
      const entry = runtime.get(year)!;
      return { ...entry.groups.get('all'), label: year, filmMinutes: entry.film, episodeMinutes: entry.episode, minutes: entry.film + entry.episode };
    }),
    episodesBySeries: bySeries
      .labels()
      .map((label) => ({ ...bySeries.get(label), seriesId: Number(label) }))
      .sort(mostFirst),
  };
}

/** One episode's cell of a series' heat map. */
export interface HeatCell {
  readonly episode: number;
  readonly name: string;
  /** My rating, or null when I did not rate it. */
  readonly mine: number | null;
  /** The service's vote average, or null when nobody voted. */
  readonly crowd: number | null;
}

export interface HeatSeason {
  readonly season: number;
  readonly cells: readonly HeatCell[];
  readonly mine: number | null;
  readonly crowd: number | null;
}

/** A season as its details give it: each episode's number, name and votes. */
export interface SeasonEpisodes {
  readonly season: number;
  readonly episodes: readonly { readonly episode: number; readonly name: string; readonly voteAverage: number | null; readonly voteCount: number | null }[];
}

/**
 * A series' episodes season by season: my rating of each beside the service's vote, and each
 * season's means. Specials (season 0) come last, as they are not part of the run.
 */
export function seasonHeatMap(seasons: readonly SeasonEpisodes[], mine: readonly RatedEpisode[]): HeatSeason[] {
  const rated = new Map(mine.map((e) => [`${e.season}:${e.episode}`, e.rating]));
  const order = (s: SeasonEpisodes) => (s.season === 0 ? Number.MAX_SAFE_INTEGER : s.season);
  return [...seasons]
    .sort((a, b) => order(a) - order(b))
    .map((season) => {
      const cells = [...season.episodes]
        .sort((a, b) => a.episode - b.episode)
        .map((e) => ({
          episode: e.episode,
          name: e.name,
          mine: rated.get(`${season.season}:${e.episode}`) ?? null,
          crowd: e.voteAverage !== null && (e.voteCount ?? 1) > 0 && e.voteAverage > 0 ? e.voteAverage : null,
        }));
      return {
        season: season.season,
        cells,
        mine: meanOf(cells.flatMap((c) => (c.mine === null ? [] : [c.mine]))),
        crowd: meanOf(cells.flatMap((c) => (c.crowd === null ? [] : [c.crowd]))),
      };
    });
}

import { MAX_PAGE } from '../../../contract/limits.js';
import type { ResponseOf } from '../../../contract/index.js';
import { ServiceError } from '../../../api/errors.js';
import { eachLimited } from '../calendar.js';
import type { CatalogApi } from '../../deps.js';
import type { RatedEpisode, RatedTitle, StatsInput, TitleFacts, StatsTitle } from './figures.js';
import { statsTitleKey } from './figures.js';
import { ratedAtPicker, type DatedRating } from '../../../storage/rating-dates.js';

/**
 * Reads what the statistics need with as few requests as the interface allows: the account's
 * (or a guest session's) three rated lists page by page, then each rated title's details with
 * its credits appended (one request per title, a few in flight at once; the client's rate
 * limit paces them further and its cache answers titles already read).
 */

/** Whose ratings: an account (by id) or the guest session the client holds. */
export type StatsRater = { readonly kind: 'user'; readonly accountId: number } | { readonly kind: 'guest' };

/** Where the reading is: `done` of `total` steps (pages of the lists, then one per title). */
export interface StatsProgress {
  readonly done: number;
  readonly total: number;
}

export interface StatsReadOptions {
  readonly progress?: (progress: StatsProgress) => void;
  /** Title details in flight at once. */
  readonly parallel?: number;
  /**
   * The record of when ratings written or imported through Marquee were given: the date of an
   * item the service gives no date for, when the record's value is the one the service holds
   * (a value changed elsewhere since has no date anyone knows).
   */
  readonly recorded?: readonly DatedRating[];
}

/** Billed actors kept of each title: the leads, not every extra. */
const CAST_KEPT = 10;
const PARALLEL_READS = 4;
/** The oldest first, so that the figures' timelines read left to right. */
const OLDEST_FIRST = { sort_by: 'created_at.asc' } as const;

/** What a list of the titles behind a bar shows of each, and its preview. */
export interface StatsTitleInfo {
  readonly name: string;
  readonly year: number | null;
  readonly date: string | null;
  readonly originalTitle: string | null;
  readonly originalLanguage: string | null;
  readonly voteAverage: number | null;
  readonly voteCount: number | null;
  readonly popularity: number | null;
  readonly genreIds: readonly number[];
  readonly overview: string | null;
  readonly posterPath: string | null;
}

/** Read data plus, for each title, what a list of the titles behind a bar shows. */
export interface StatsData extends StatsInput {
  readonly titles: ReadonlyMap<string, StatsTitleInfo>;
}

type Client = Pick<CatalogApi, 'call'>;
type Paged<T> = { readonly results?: readonly T[] | null; readonly total_pages?: number | null };

const voteOf = (average: number | null | undefined, count: number | null | undefined) =>
  typeof average === 'number' && average > 0 && (count ?? 1) > 0 ? average : null;
const yearOf = (date: string | null | undefined) => (date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null);

/** Facts of a film from its details with credits. */
export function filmFacts(details: ResponseOf<'movieDetails'>): TitleFacts {
  const countries = details.origin_country?.length ? details.origin_country : (details.production_countries ?? []).map((c) => c.iso_3166_1);
  return {
    genres: (details.genres ?? []).map((g) => ({ id: g.id, name: g.name ?? String(g.id) })),
    runtime: typeof details.runtime === 'number' && details.runtime > 0 ? details.runtime : null,
    countries: countries.filter((c): c is string => typeof c === 'string' && c.length > 0),
    language: details.original_language || null,
    directors: (details.credits?.crew ?? []).filter((c) => c.job === 'Director').map((c) => ({ id: c.id, name: c.name ?? String(c.id) })),
    cast: [...(details.credits?.cast ?? [])]
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
      .slice(0, CAST_KEPT)
      .map((c) => ({ id: c.id, name: c.name ?? String(c.id) })),
  };
}

/** Facts of a series from its details with credits; its creators stand where a film's directors do. */
export function seriesFacts(details: ResponseOf<'tvDetails'>): TitleFacts {
  const runtimes = (details.episode_run_time ?? []).filter((m) => typeof m === 'number' && m > 0);
  return {
    genres: (details.genres ?? []).map((g) => ({ id: g.id, name: g.name ?? String(g.id) })),
    runtime: runtimes.length > 0 ? runtimes[0]! : null,
    countries: (details.origin_country ?? []).filter((c): c is string => typeof c === 'string' && c.length > 0),
    language: details.original_language || null,
    directors: (details.created_by ?? []).map((c) => ({ id: c.id, name: c.name ?? String(c.id) })),
    cast: [...(details.credits?.cast ?? [])]
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
      .slice(0, CAST_KEPT)
      .map((c) => ({ id: c.id, name: c.name ?? String(c.id) })),
  };
}

export async function readStatsData(client: Client, rater: StatsRater, options: StatsReadOptions = {}): Promise<StatsData> {
  const report = options.progress ?? (() => {});
  let done = 0;
  // Until the first pages are in, the total is the three first pages; then the pages and titles known.
  let total = 3;
  const step = () => report({ done: ++done, total });

  const pages = async <T>(load: (page: number) => Promise<Paged<T>>): Promise<T[]> => {
    const out: T[] = [];
    for (let page = 1; page <= MAX_PAGE; page++) {
      const answer = await load(page);
      if (page === 1) total += Math.max(0, Math.min(MAX_PAGE, answer.total_pages ?? 1) - 1);
      step();
      const results = answer.results ?? [];
      out.push(...results);
      if (results.length === 0 || page >= Math.min(MAX_PAGE, answer.total_pages ?? MAX_PAGE)) break;
    }
    return out;
  };
  report({ done, total });
  const [films, series, episodes] =
    rater.kind === 'user'
      ? await Promise.all([
          pages((page) => client.call('accountRatedMovies', { path: { account_id: rater.accountId }, query: { ...OLDEST_FIRST, page } })),
          pages((page) => client.call('accountRatedSeries', { path: { account_id: rater.accountId }, query: { ...OLDEST_FIRST, page } })),
          pages((page) => client.call('accountRatedEpisodes', { path: { account_id: rater.accountId }, query: { ...OLDEST_FIRST, page } })),
        ])
      : await Promise.all([
          pages((page) => client.call('guestRatedMovies', { query: { ...OLDEST_FIRST, page } })),
          pages((page) => client.call('guestRatedSeries', { query: { ...OLDEST_FIRST, page } })),
          pages((page) => client.call('guestRatedEpisodes', { query: { ...OLDEST_FIRST, page } })),
        ]);

  const dateOf = ratedAtPicker(options.recorded ?? []);
  const ratedFilms: RatedTitle[] = films.map((f) => ({
    kind: 'movie', id: f.id, name: f.title ?? String(f.id), rating: f.rating, ratedAt: dateOf(f, { kind: 'movie', id: f.id }, f.rating),
    voteAverage: voteOf(f.vote_average, f.vote_count), releaseDate: f.release_date || null,
  }));
  const ratedSeries: RatedTitle[] = series.map((s) => ({
    kind: 'tv', id: s.id, name: s.name ?? String(s.id), rating: s.rating, ratedAt: dateOf(s, { kind: 'tv', id: s.id }, s.rating),
    voteAverage: voteOf(s.vote_average, s.vote_count), releaseDate: s.first_air_date || null,
  }));
  const ratedEpisodes: RatedEpisode[] = episodes.flatMap((e) =>
    typeof e.show_id === 'number'
      ? [{
          seriesId: e.show_id, season: e.season_number, episode: e.episode_number, name: e.name ?? '',
          rating: e.rating, ratedAt: dateOf(e, { kind: 'episode', id: e.show_id, season: e.season_number, episode: e.episode_number }, e.rating), runtime: typeof e.runtime === 'number' && e.runtime > 0 ? e.runtime : null,
        }]
      : [],
  );

  // Each title once: the rated films and series, and the series of rated episodes (for their runtime and name).
  const wanted = new Map<string, StatsTitle>();
  for (const title of [...ratedFilms, ...ratedSeries]) wanted.set(statsTitleKey(title), { kind: title.kind, id: title.id });
  for (const episode of ratedEpisodes) wanted.set(`tv:${episode.seriesId}`, { kind: 'tv', id: episode.seriesId });
  total += wanted.size;
  report({ done, total });

  const facts = new Map<string, TitleFacts>();
  const titles = new Map<string, StatsTitleInfo>();
  type Details = ResponseOf<'movieDetails'> | ResponseOf<'tvDetails'>;
  const infoOf = (details: Details, name: string | null | undefined, original: string | null | undefined, date: string | null | undefined): StatsTitleInfo => ({
    name: name ?? String(details.id),
    year: yearOf(date),
    date: date || null,
    originalTitle: original ?? null,
    originalLanguage: details.original_language || null,
    voteAverage: details.vote_average ?? null,
    voteCount: details.vote_count ?? null,
    popularity: details.popularity ?? null,
    genreIds: (details.genres ?? []).map((g) => g.id),
    overview: details.overview ?? null,
    posterPath: details.poster_path ?? null,
  });
  await eachLimited([...wanted.values()], options.parallel ?? PARALLEL_READS, async (ref) => {
    try {
      await readTitle(ref);
    } catch (error) {
      // A title the service no longer has (404) keeps its rating in the counts but adds no facts.
      if (!(error instanceof ServiceError && error.httpStatus === 404)) throw error;
    }
    step();
  });
  return { films: ratedFilms, series: ratedSeries, episodes: ratedEpisodes, facts, titles };

  async function readTitle(ref: StatsTitle): Promise<void> {
    if (ref.kind === 'movie') {
      const details = await client.call('movieDetails', { path: { movie_id: ref.id }, query: { append_to_response: 'credits' } });
      facts.set(statsTitleKey(ref), filmFacts(details));
      titles.set(statsTitleKey(ref), infoOf(details, details.title, details.original_title, details.release_date));
    } else {
      const details = await client.call('tvDetails', { path: { series_id: ref.id }, query: { append_to_response: 'credits' } });
      facts.set(statsTitleKey(ref), seriesFacts(details));
      titles.set(statsTitleKey(ref), infoOf(details, details.name, details.original_name, details.first_air_date));
    }
  }
}

import type { MovieListItem, TrendingItem, TrendingWindow, TvListItem } from '../../contract/index.js';
import { MOVIE_SORTS, TV_SORTS, listFilterText } from '../../contract/discover.js';
import { pagedOperationSource, type PagedSource } from '../slices/queries.js';

/**
 * Discover and Trending as reads: what the Discover form's filters ask of the service, and
 * which trending list a view shows. The form's values are widget state (they live in the
 * screen); these turn them into the operation and its query.
 */

export type TitleKind = 'movie' | 'tv';

export interface DiscoverFilters {
  readonly kind: TitleKind;
  /** Genre ids of the kind's list. */
  readonly genres: readonly number[];
  /** All of the genres (AND), or any of them (OR). */
  readonly genreMatch: 'all' | 'any';
  /** First release (films) or first air date (series) from this year on, up to that one; as typed. */
  readonly yearFrom: string;
  readonly yearTo: string;
  /** The lowest vote average, as typed ("7", "6.5"). */
  readonly voteFloor: string;
  /** ISO 639-1 original language, or undefined for any. */
  readonly language: string | undefined;
  readonly sort: string;
  /** The country whose certifications the label is of (ISO 3166-1), or undefined for any. */
  readonly certificationCountry: string | undefined;
  /** A label of that country's ladder ("PG-13"), or undefined for any. */
  readonly certification: string | undefined;
  /** That label or any milder one (certification.lte), instead of that label only. */
  readonly certificationOrBelow: boolean;
}

export const NO_FILTERS: Omit<DiscoverFilters, 'kind'> = {
  genres: [], genreMatch: 'all', yearFrom: '', yearTo: '', voteFloor: '', language: undefined, sort: 'popularity.desc',
  certificationCountry: undefined, certification: undefined, certificationOrBelow: false,
};

/**
 * The filters kept in a Discover entry, with the defaults of any they lack (an entry made
 * before a filter was added).
 */
export function withDefaults(filters: Partial<Omit<DiscoverFilters, 'kind'>> | undefined): Omit<DiscoverFilters, 'kind'> {
  return { ...NO_FILTERS, ...filters };
}

export function sortsOf(kind: TitleKind): readonly string[] {
  return kind === 'movie' ? MOVIE_SORTS : TV_SORTS;
}

/** The sort to keep when the kind changes: the same order where the other kind has it (popularity, votes). */
export function sortForKind(kind: TitleKind, sort: string): string {
  return sortsOf(kind).includes(sort) ? sort : 'popularity.desc';
}

/**
 * What discover is asked: the form's filters (every field), or part of them with the ids a
 * title source adds (a keyword's, a network's, a company's). A field left out asks for any.
 */
export type DiscoverAsk = Pick<DiscoverFilters, 'kind'> &
  Partial<Omit<DiscoverFilters, 'kind'>> & {
    /** Keyword ids, all of them (AND). */
    readonly keywords?: readonly number[];
    /** Network ids (series), all of them. */
    readonly networks?: readonly number[];
    /** Production company ids, all of them. */
    readonly companies?: readonly number[];
  };

/**
 * The query of discover for what is asked: the one place that writes discover's parameter names
 * (screens ask for a source, see title-sources.ts). What was typed goes as it is (a year range
 * the wrong way round too): the service says what it refuses, and the screen shows its message.
 * A sort left out is left to the service (popularity first), so the query stays as short as asked.
 */
export function discoverQuery(filters: DiscoverAsk): Record<string, string> {
  const query: Record<string, string> = filters.sort ? { sort_by: filters.sort } : {};
  if (filters.genres && filters.genres.length > 0) {
    query.with_genres = listFilterText({ mode: filters.genreMatch === 'any' ? 'or' : 'and', values: filters.genres.map(String) });
  }
  const [from, to] = filters.kind === 'movie' ? ['primary_release_date.gte', 'primary_release_date.lte'] : ['first_air_date.gte', 'first_air_date.lte'];
  if (filters.yearFrom?.trim()) query[from] = `${filters.yearFrom.trim()}-01-01`;
  if (filters.yearTo?.trim()) query[to] = `${filters.yearTo.trim()}-12-31`;
  if (filters.voteFloor?.trim()) query['vote_average.gte'] = filters.voteFloor.trim();
  if (filters.language) query.with_original_language = filters.language;
  // A label means something only in its country: both go, or neither.
  if (filters.certificationCountry && filters.certification) {
    query.certification_country = filters.certificationCountry;
    query[filters.certificationOrBelow ? 'certification.lte' : 'certification'] = filters.certification;
  }
  const ids = (values: readonly number[]) => listFilterText({ mode: 'and', values: values.map(String) });
  if (filters.keywords?.length) query.with_keywords = ids(filters.keywords);
  if (filters.networks?.length) query.with_networks = ids(filters.networks);
  if (filters.companies?.length) query.with_companies = ids(filters.companies);
  return query;
}

export type DiscoverSource =
  | { readonly kind: 'movie'; readonly source: PagedSource<MovieListItem> }
  | { readonly kind: 'tv'; readonly source: PagedSource<TvListItem> };

export function discoverSource(filters: DiscoverAsk): DiscoverSource {
  const query = discoverQuery(filters);
  return filters.kind === 'movie'
    ? { kind: 'movie', source: pagedOperationSource('discoverMovies', { query }) }
    : { kind: 'tv', source: pagedOperationSource('discoverSeries', { query }) };
}

export type TrendingKind = 'all' | 'movie' | 'tv' | 'person';

/** Trending of a kind over a window: every kind's items are tagged with their media_type. */
export function trendingSource(kind: TrendingKind, window: TrendingWindow): PagedSource<TrendingItem> {
  const path = { time_window: window };
  switch (kind) {
    case 'all':
      return pagedOperationSource('trendingAll', { path });
    case 'movie':
      return pagedOperationSource('trendingMovies', { path });
    case 'tv':
      return pagedOperationSource('trendingSeries', { path });
    case 'person':
      return pagedOperationSource('trendingPeople', { path });
  }
}

import type { SqlParam } from '../sqlite.js';

/**
 * Discover over the catalog's index: a filter already read and checked (see the discover
 * handlers) turned into one SQL query. Each order has an index that yields its rows in that
 * order, so a page is read by walking the index and stopping after it, never by sorting every
 * match; ties go by id, in the direction the index walks.
 */

export type TitleKind = 'movie' | 'tv';

/** Ids in a column of the index: ",12,40," so that instr(column, ',12,') finds one. */
export function idList(ids: readonly (number | string)[]): string {
  return `,${ids.join(',')},`;
}

export interface Range {
  readonly gte?: number;
  readonly lte?: number;
}

/** A list of ids every one of which (all) or some of which (any) a title must have. */
export interface IdMatch {
  readonly mode: 'and' | 'or';
  readonly ids: readonly number[];
}

export interface TitleFilter {
  readonly kind: TitleKind;
  /** Genre bits (see genres.ts): all of `all`, at least one of `any`, none of `none`. */
  readonly genres: { readonly all: number; readonly any: number; readonly none: number };
  /** The first release (films) or first air date (series), as day offsets from today. */
  readonly released: Range;
  readonly voteAverage: Range;
  readonly voteCount: Range;
  readonly runtime: Range;
  readonly originalLanguages?: readonly string[];
  readonly originCountries?: readonly string[];
  /** Films released in this country. */
  readonly region?: string;
  readonly companies?: IdMatch;
  readonly withoutCompanies?: readonly number[];
  readonly keywords?: IdMatch;
  readonly withoutKeywords?: readonly number[];
  /** Series on any of these networks. */
  readonly networks?: readonly number[];
  /** Films rated in this country from one order of its rating system to another. */
  readonly certification?: { readonly country: string; readonly from: number; readonly to: number };
  /** Films flagged as videos are left out unless asked for. */
  readonly includeVideo: boolean;
  /** A filter no title can match (a genre of the other kind asked for): the answer is empty. */
  readonly matchesNothing: boolean;
  readonly sort: string;
}

/** Orders films and series share. */
const SHARED_ORDERS = {
  'popularity.desc': 'popularity DESC, id',
  'popularity.asc': 'popularity ASC, id DESC',
  'vote_average.desc': 'vote_average DESC, vote_count DESC, id',
  'vote_average.asc': 'vote_average ASC, vote_count ASC, id DESC',
  'vote_count.desc': 'vote_count DESC, id DESC',
  'vote_count.asc': 'vote_count ASC, id',
};

const ORDERS: Readonly<Record<TitleKind, Readonly<Record<string, string>>>> = {
  movie: {
    ...SHARED_ORDERS,
    'revenue.desc': 'revenue DESC, id DESC',
    'revenue.asc': 'revenue ASC, id',
    'primary_release_date.desc': 'release_offset DESC, id DESC',
    'primary_release_date.asc': 'release_offset ASC, id',
    'title.desc': 'title COLLATE NOCASE DESC, id DESC',
    'title.asc': 'title COLLATE NOCASE ASC, id',
    'original_title.desc': 'original_title COLLATE NOCASE DESC, id DESC',
    'original_title.asc': 'original_title COLLATE NOCASE ASC, id',
  },
  tv: {
    ...SHARED_ORDERS,
    'first_air_date.desc': 'first_air_offset DESC, id DESC',
    'first_air_date.asc': 'first_air_offset ASC, id',
    'name.desc': 'name COLLATE NOCASE DESC, id DESC',
    'name.asc': 'name COLLATE NOCASE ASC, id',
    'original_name.desc': 'original_name COLLATE NOCASE DESC, id DESC',
    'original_name.asc': 'original_name COLLATE NOCASE ASC, id',
  },
};

export interface DiscoverSql {
  readonly table: 'movies' | 'series';
  readonly where: string;
  readonly params: SqlParam[];
  readonly orderBy: string;
}

export function discoverSql(filter: TitleFilter): DiscoverSql {
  const movie = filter.kind === 'movie';
  const orderBy = ORDERS[filter.kind][filter.sort];
  if (orderBy === undefined) throw new RangeError(`no order ${filter.sort} for ${filter.kind}`);
  const clauses: string[] = [];
  const params: SqlParam[] = [];
  const add = (clause: string, ...values: SqlParam[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  const range = (column: string, { gte, lte }: Range) => {
    if (gte !== undefined) add(`${column} >= ?`, gte);
    if (lte !== undefined) add(`${column} <= ?`, lte);
  };
  const contains = (column: string) => `instr(${column}, ?) > 0`;
  const idMatch = (column: string, match: IdMatch | undefined, without: readonly number[] | undefined) => {
    if (match && match.ids.length > 0) {
      add(`(${match.ids.map(() => contains(column)).join(match.mode === 'and' ? ' AND ' : ' OR ')})`, ...match.ids.map((id) => idList([id])));
    }
    for (const id of without ?? []) add(`NOT ${contains(column)}`, idList([id]));
  };

  if (filter.matchesNothing) clauses.push('0');
  const { all, any, none } = filter.genres;
  if (all) add('(genre_bits & ?) = ?', all, all);
  if (any) add('(genre_bits & ?) <> 0', any);
  if (none) add('(genre_bits & ?) = 0', none);
  range(movie ? 'release_offset' : 'first_air_offset', filter.released);
  range('vote_average', filter.voteAverage);
  range('vote_count', filter.voteCount);
  range('runtime', filter.runtime);
  const oneOf = (column: string, values: readonly (string | number)[] | undefined) => {
    if (values && values.length > 0) add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values);
  };
  oneOf('original_language', filter.originalLanguages);
  oneOf('origin_country', filter.originCountries);
  if (filter.region) add('instr(regions, ?) > 0', idList([filter.region]));
  idMatch('companies', filter.companies, filter.withoutCompanies);
  idMatch('keywords', filter.keywords, filter.withoutKeywords);
  if (!movie) oneOf('network_id', filter.networks);
  if (movie && filter.certification) {
    const { country, from, to } = filter.certification;
    add('id IN (SELECT movie_id FROM movie_certifications WHERE country = ? AND rank BETWEEN ? AND ?)', country, from, to);
  }
  if (movie && !filter.includeVideo) clauses.push('video = 0');
  return {
    table: movie ? 'movies' : 'series',
    where: clauses.length > 0 ? clauses.join(' AND ') : '1',
    params,
    orderBy,
  };
}

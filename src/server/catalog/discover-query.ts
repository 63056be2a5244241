/**
 * Discover's filter, already read and checked (see the discover handlers), and its orders as
 * SQL. The filter is answered from columns in memory (discover-columns.ts); each order's
 * permutation is SQLite's ORDER BY, read once, and an index gives it without sorting. Ties
 * go by id, so every order is total.
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
  /**
   * Titles rated in this country from one order of its rating system to another, and with this
   * very label when one is named (two labels may share an order).
   */
  readonly certification?: { readonly country: string; readonly from: number; readonly to: number; readonly label?: string };
  /** Films flagged as videos are left out unless asked for. */
  readonly includeVideo: boolean;
  /** A filter no title can match (a genre of the other kind asked for): the answer is empty. */
  readonly matchesNothing: boolean;
  readonly sort: string;
}

/** Orders films and series share, as ORDER BY clauses over the index's tables. */
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

/** The SQL ORDER BY of a sort of a kind; an unknown sort is a RangeError. */
export function discoverOrder(kind: TitleKind, sort: string): string {
  const orderBy = ORDERS[kind][sort];
  if (orderBy === undefined) throw new RangeError(`no order ${sort} for ${kind}`);
  return orderBy;
}

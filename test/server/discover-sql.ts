import type { Database, SqlParam } from '../../src/server/sqlite.js';
import { type IdMatch, type Range, type TitleFilter, discoverOrder, idList } from '../../src/server/catalog/discover-query.js';

/**
 * Discover as one SQL query over the catalog's index: how the server answered it before the
 * columns in memory, kept as the oracle the columns are compared with (same ids, same order,
 * same totals).
 */

export interface DiscoverSql {
  readonly table: 'movies' | 'series';
  readonly where: string;
  readonly params: SqlParam[];
  readonly orderBy: string;
}

export function discoverSql(filter: TitleFilter): DiscoverSql {
  const movie = filter.kind === 'movie';
  const orderBy = discoverOrder(filter.kind, filter.sort);
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
  if (filter.certification) {
    const { country, from, to, label } = filter.certification;
    const [table, id] = movie ? ['movie_certifications', 'movie_id'] : ['series_certifications', 'series_id'];
    if (label === undefined) add(`id IN (SELECT ${id} FROM ${table} WHERE country = ? AND rank BETWEEN ? AND ?)`, country, from, to);
    else add(`id IN (SELECT ${id} FROM ${table} WHERE country = ? AND rank BETWEEN ? AND ? AND label = ?)`, country, from, to, label);
  }
  if (movie && !filter.includeVideo) clauses.push('video = 0');
  return {
    table: movie ? 'movies' : 'series',
    where: clauses.length > 0 ? clauses.join(' AND ') : '1',
    params,
    orderBy,
  };
}

/** One page of a discover and its total, as SQLite answers the query. */
export function discoverBySql(db: Database, filter: TitleFilter, offset: number, limit: number): { items: number[]; total: number } {
  const query = discoverSql(filter);
  const from = `FROM ${query.table} WHERE ${query.where}`;
  const items = db.prepare(`SELECT id ${from} ORDER BY ${query.orderBy} LIMIT ? OFFSET ?`).pluck().all(...query.params, limit, offset) as number[];
  const total = Number(db.prepare(`SELECT count(*) ${from}`).pluck().get(...query.params));
  return { items, total };
}

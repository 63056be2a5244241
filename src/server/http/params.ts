import { parseBoolean, parseId, parseInteger, parsePage } from '../../contract/params.js';
import { ApiError, ErrorsArrayError } from './errors.js';

/**
 * Parsing of path and query parameters, with the service's answers to bad values:
 * - a path id that is not a non-negative int32 (e.g. "abc", "-1", "1.5", "99999999999") names
 *   nothing, so it gets 404 status_code 34, as the real service answers /3/movie/abc;
 * - a page outside 1..MAX_PAGE or not an integer gets 400 status_code 22;
 * - a missing search query gets 422 {"errors":["query must be provided"]};
 * - clear without confirm=true gets 400 status_code 29;
 * - any other malformed parameter gets 422 status_code 5.
 */

export type RawQuery = Record<string, string | string[] | undefined>;

/** The first value of a query parameter (repeated parameters keep their first value). */
export function queryValue(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

export function pathId(raw: string | undefined): number {
  const value = raw === undefined ? undefined : parseId(raw);
  if (value === undefined) throw new ApiError(34);
  return value;
}

export function pageNumber(query: RawQuery): number {
  const values = query.page;
  if (values === undefined) return 1;
  // page=1&page=2 is not "an integer" either.
  const page = Array.isArray(values) ? undefined : parsePage(values);
  if (page === undefined) throw new ApiError(22);
  return page;
}

export function integerParam(query: RawQuery, name: string, required: boolean): number | undefined {
  const raw = queryValue(query, name);
  if (raw === undefined || raw === '') {
    if (required) throw new ApiError(5);
    return undefined;
  }
  const value = parseInteger(raw);
  if (value === undefined) throw new ApiError(5);
  return value;
}

export function booleanParam(query: RawQuery, name: string): boolean | undefined {
  const raw = queryValue(query, name);
  if (raw === undefined || raw === '') return undefined;
  const value = parseBoolean(raw);
  if (value === undefined) throw new ApiError(5);
  return value;
}

/** The `query` of the search operations: required and not blank. */
export function searchText(query: RawQuery): string {
  const text = queryValue(query, 'query');
  if (text === undefined || text.trim() === '') throw new ErrorsArrayError(['query must be provided']);
  return text;
}

/** clear's `confirm`: anything but "true" is a refusal to confirm. */
export function requireConfirmation(query: RawQuery): void {
  if (queryValue(query, 'confirm') !== 'true') throw new ApiError(29);
}

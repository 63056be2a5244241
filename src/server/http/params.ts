import {
  type ParamSpec, type ParamValue, type ParsedParams, parseId, parsePage, parseParam,
} from '../../contract/params.js';
import { ApiError, ErrorsArrayError } from './errors.js';

/**
 * Path and query parameters read once per request from the operation's row, with the
 * service's answers to bad values:
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

/**
 * Every path parameter of a row: ids, except text parameters (find's external id), which are
 * taken as they are; what such text names is the handler's question.
 */
export function parsePath(
  specs: Readonly<Record<string, ParamSpec>>,
  raw: Readonly<Record<string, string | undefined>>,
): Record<string, number | string> {
  const path: Record<string, number | string> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const text = raw[name];
    const value = text === undefined || text === '' ? undefined : spec.type === 'string' ? text : parseId(text);
    // A word outside the ones the path takes (trending's day or week) names nothing either.
    if (value === undefined || (spec.enum && !spec.enum.includes(String(value)))) throw new ApiError(34);
    path[name] = value;
  }
  return path;
}

/**
 * A write's query parameters, each one the query leaves out taken from the JSON body when the
 * body holds it as text, a number or a boolean: the real service reads its parameters from
 * either place, as it does api_key and session_id (see access.ts), and clients send clear's
 * `{"confirm": true}` in the body.
 */
export function queryWithBodyValues(names: Iterable<string>, query: RawQuery, body: unknown): RawQuery {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return query;
  const out: RawQuery = { ...query };
  for (const name of names) {
    const value = (body as Record<string, unknown>)[name];
    const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    if (out[name] === undefined && scalar) out[name] = String(value);
  }
  return out;
}

type Reader = (query: RawQuery, name: string, spec: ParamSpec) => ParamValue | undefined;

function pageNumber(query: RawQuery): number {
  const values = query.page;
  if (values === undefined) return 1;
  // page=1&page=2 is not "an integer" either.
  const page = Array.isArray(values) ? undefined : parsePage(values);
  if (page === undefined) throw new ApiError(22);
  return page;
}

/** The `query` of the search operations: required and not blank. */
function searchText(query: RawQuery): string {
  const text = queryValue(query, 'query');
  if (text === undefined || text.trim() === '') throw new ErrorsArrayError(['query must be provided']);
  return text;
}

/** clear's `confirm`: anything but "true" is a refusal to confirm. */
function confirmation(query: RawQuery): true {
  if (queryValue(query, 'confirm') !== 'true') throw new ApiError(29);
  return true;
}

function byType(query: RawQuery, name: string, spec: ParamSpec): ParamValue | undefined {
  const parsed = parseParam(spec, queryValue(query, name));
  if (!parsed.ok) throw new ApiError(5);
  return parsed.value;
}

/**
 * Parameters with answers of their own, in the order the service checks them: the page
 * first, then every other parameter, then the search text and clear's confirmation.
 */
const SPECIAL: Readonly<Record<string, { read: Reader; rank: number }>> = {
  page: { read: pageNumber, rank: 0 },
  query: { read: searchText, rank: 2 },
  confirm: { read: confirmation, rank: 2 },
};
const rankOf = (name: string) => SPECIAL[name]?.rank ?? 1;

/** The query of a row, typed, with the table's defaults; the first bad parameter is refused. */
export function parseQuery<Q extends Readonly<Record<string, ParamSpec>>>(specs: Q, raw: RawQuery): ParsedParams<Q> {
  const query: Record<string, ParamValue | undefined> = {};
  const names = Object.keys(specs).sort((a, b) => rankOf(a) - rankOf(b));
  for (const name of names) query[name] = (SPECIAL[name]?.read ?? byType)(raw, name, specs[name]!);
  return query as ParsedParams<Q>;
}

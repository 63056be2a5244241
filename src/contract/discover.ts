import type { ParamSpec } from './params.js';
import { OFFER_KINDS } from './vocabulary.js';

/**
 * The filters and orders of discover (films and series) and the windows of trending, as the
 * real service names them. The id filters take a list: ids joined with ',' must all match
 * (AND), ids joined with '|' need only one (OR).
 */

export const TRENDING_WINDOWS = ['day', 'week'] as const;
export type TrendingWindow = (typeof TRENDING_WINDOWS)[number];

export const MOVIE_SORTS = [
  'original_title.asc', 'original_title.desc', 'popularity.asc', 'popularity.desc', 'revenue.asc', 'revenue.desc',
  'primary_release_date.asc', 'title.asc', 'title.desc', 'primary_release_date.desc', 'vote_average.asc',
  'vote_average.desc', 'vote_count.asc', 'vote_count.desc',
] as const;

export const TV_SORTS = [
  'first_air_date.asc', 'first_air_date.desc', 'name.asc', 'name.desc', 'original_name.asc', 'original_name.desc',
  'popularity.asc', 'popularity.desc', 'vote_average.asc', 'vote_average.desc', 'vote_count.asc', 'vote_count.desc',
] as const;


/** A list of ids (or words) with how they combine. */
export interface ListFilter {
  readonly mode: 'and' | 'or';
  readonly values: readonly string[];
}

/**
 * "28,12" (both) or "28|12" (either) as a ListFilter; undefined for text that mixes the two or
 * has an empty entry ("28,,12"), which the service cannot read.
 */
export function parseListFilter(text: string): ListFilter | undefined {
  const and = text.includes(',');
  const or = text.includes('|');
  if (and && or) return undefined;
  const values = text.split(or ? '|' : ',').map((v) => v.trim());
  if (values.some((v) => v === '')) return undefined;
  return { mode: or ? 'or' : 'and', values };
}

/** The wire text of a list filter: the inverse of parseListFilter. */
export function listFilterText(filter: ListFilter): string {
  return filter.values.join(filter.mode === 'or' ? '|' : ',');
}

const text = (description: string) => ({ type: 'string', description }) as const satisfies ParamSpec;
const integer = (description: string) => ({ type: 'integer', description }) as const satisfies ParamSpec;
const number = (description: string) => ({ type: 'number', description }) as const satisfies ParamSpec;
const list = (what: string) => text(`${what}: ids joined with ',' (all of them) or '|' (any of them)`);
const date = (description: string) => text(`YYYY-MM-DD: ${description}`);

/** What discover of films and of series share. */
const commonFilters = {
  include_adult: { type: 'boolean', default: false },
  language: { type: 'string', default: 'en-US', description: 'ISO 639-1 language, optionally with region (en-US)' },
  page: { type: 'integer', default: 1, description: 'page 1..500' },
  'vote_average.gte': number('the lowest vote average'),
  'vote_average.lte': number('the highest vote average'),
  'vote_count.gte': number('the fewest votes'),
  'vote_count.lte': number('the most votes'),
  watch_region: text('ISO 3166-1 country of with_watch_providers and with_watch_monetization_types'),
  with_companies: list('production companies'),
  with_genres: list('genres'),
  with_keywords: list('keywords'),
  with_origin_country: text('ISO 3166-1 country of origin'),
  with_original_language: text('ISO 639-1 original language'),
  'with_runtime.gte': integer('the shortest runtime, in minutes'),
  'with_runtime.lte': integer('the longest runtime, in minutes'),
  with_watch_monetization_types: text(`kinds of offer in watch_region (${OFFER_KINDS.join(', ')}), joined with ',' or '|'`),
  with_watch_providers: list('watch providers in watch_region'),
  without_companies: list('production companies to leave out'),
  without_genres: list('genres to leave out'),
  without_keywords: list('keywords to leave out'),
  without_watch_providers: list('watch providers to leave out'),
} as const satisfies Readonly<Record<string, ParamSpec>>;

export const DISCOVER_MOVIE_QUERY = {
  ...commonFilters,
  certification: text('a certification label of certification_country'),
  'certification.gte': text('the lowest certification of certification_country'),
  'certification.lte': text('the highest certification of certification_country'),
  certification_country: text('ISO 3166-1 country of the certification filters'),
  include_video: { type: 'boolean', default: false },
  primary_release_year: integer('the year of first release'),
  'primary_release_date.gte': date('first released on or after'),
  'primary_release_date.lte': date('first released on or before'),
  region: text('ISO 3166-1 country of the release_date filters'),
  'release_date.gte': date('released in region on or after'),
  'release_date.lte': date('released in region on or before'),
  sort_by: { type: 'string', default: 'popularity.desc', enum: MOVIE_SORTS, description: `one of ${MOVIE_SORTS.join(', ')}` },
  with_cast: list('people in the cast'),
  with_crew: list('people in the crew'),
  with_people: list('people in the cast or crew'),
  with_release_type: text("release types 1-6 joined with ',' or '|'"),
  year: integer('the year of any release'),
} as const satisfies Readonly<Record<string, ParamSpec>>;

export const DISCOVER_TV_QUERY = {
  ...commonFilters,
  // The service reads these for series too (its content ratings), though its OpenAPI
  // description lists them for films only.
  certification: text('a content rating of certification_country'),
  'certification.gte': text('the lowest content rating of certification_country'),
  'certification.lte': text('the highest content rating of certification_country'),
  certification_country: text('ISO 3166-1 country of the certification filters'),
  'air_date.gte': date('an episode aired on or after'),
  'air_date.lte': date('an episode aired on or before'),
  first_air_date_year: integer('the year the first episode aired'),
  'first_air_date.gte': date('first aired on or after'),
  'first_air_date.lte': date('first aired on or before'),
  include_null_first_air_dates: { type: 'boolean', default: false },
  screened_theatrically: { type: 'boolean' },
  sort_by: { type: 'string', default: 'popularity.desc', enum: TV_SORTS, description: `one of ${TV_SORTS.join(', ')}` },
  timezone: text('the timezone of air_date'),
  with_networks: list('networks'),
  with_status: text("statuses 0-5 joined with ',' or '|'"),
  with_type: text("types 0-6 joined with ',' or '|'"),
} as const satisfies Readonly<Record<string, ParamSpec>>;

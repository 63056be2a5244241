import {
  OFFER_KINDS, PAGE_SIZE, STATUS_CODES, type OfferKind, type QueryValuesOf, parseId, parseListFilter,
} from '../../contract/index.js';
import { dayNumber } from '../catalog/calendar.js';
import type { IdMatch, Range, TitleFilter, TitleKind } from '../catalog/discover-query.js';
import { genreBit } from '../catalog/genres.js';
import { certificationLabels, certificationOrder, hasCertifications } from '../catalog/release-certifications.js';
import { isOut, offersIn } from '../catalog/watch-providers.js';
import { ApiError } from '../http/errors.js';
import type { Handler, HandlerContext } from './context.js';
import { pageOffset, pagedBody } from './paging.js';

/**
 * Discover: films or series by the real service's filters, checked before anything is read.
 * A filter the service cannot read (a date not written YYYY-MM-DD, a range whose lower end is
 * above its upper end, an id that is not a number) is refused with the service's envelope and
 * a message naming it, never answered with an empty page.
 */

type DiscoverKey = 'discoverMovies' | 'discoverSeries';
type MovieQuery = QueryValuesOf<'discoverMovies'>;
type SeriesQuery = QueryValuesOf<'discoverSeries'>;

/** 422 status_code 5, saying which parameter and why. */
function invalid(detail: string): ApiError {
  return new ApiError(5, `${STATUS_CODES[5].message} ${detail}`);
}

/** Filters the real service has that the generated catalog records nothing for. */
const NOT_RECORDED: Readonly<Record<DiscoverKey, readonly string[]>> = {
  discoverMovies: ['with_cast', 'with_crew', 'with_people', 'with_release_type'],
  discoverSeries: ['air_date.gte', 'air_date.lte', 'with_status', 'with_type', 'screened_theatrically'],
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD date as a day offset from today; another form is 400 status_code 23. */
function dayOffset(text: string | undefined, today: number): number | undefined {
  if (text === undefined || text === '') return undefined;
  const match = DATE.exec(text);
  const moment = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!moment || moment.toISOString().slice(0, 10) !== text) throw new ApiError(23);
  return dayNumber(moment) - today;
}

/** The days of a year, as offsets from today. */
function yearRange(year: number, today: number): Range {
  return { gte: dayNumber(new Date(Date.UTC(year, 0, 1))) - today, lte: dayNumber(new Date(Date.UTC(year, 11, 31))) - today };
}

/** A range of dates, as day offsets; one whose start is after its end is refused, naming both as given. */
function dateRange(name: string, gte: string | undefined, lte: string | undefined, today: number): Range {
  const range = { gte: dayOffset(gte, today), lte: dayOffset(lte, today) };
  if (range.gte !== undefined && range.lte !== undefined && range.gte > range.lte) {
    throw invalid(`${name}.gte (${gte}) is after ${name}.lte (${lte}).`);
  }
  return range;
}

function range(name: string, gte: number | undefined, lte: number | undefined): Range {
  if (gte !== undefined && lte !== undefined && gte > lte) throw invalid(`${name}.gte (${gte}) is above ${name}.lte (${lte}).`);
  return { gte, lte };
}

/** Two ranges on one value (a year and dates): a title must be in both. */
function within(a: Range, b: Range, name: string): Range {
  const gte = a.gte === undefined ? b.gte : b.gte === undefined ? a.gte : Math.max(a.gte, b.gte);
  const lte = a.lte === undefined ? b.lte : b.lte === undefined ? a.lte : Math.min(a.lte, b.lte);
  if (gte !== undefined && lte !== undefined && gte > lte) throw invalid(`the ${name} range is empty: its start is after its end.`);
  return { gte, lte };
}

/** A list of ids ("28,12" or "28|12"); undefined when the parameter is absent or empty. */
function idMatch(name: string, text: string | undefined): IdMatch | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const list = parseListFilter(text);
  const ids = list?.values.map(parseId);
  if (!list || !ids || ids.some((id) => id === undefined)) {
    throw invalid(`${name} must be ids joined with ',' (all of them) or '|' (any of them), not "${text}".`);
  }
  return { mode: list.mode, ids: ids as number[] };
}

/** A "without" list: every id named is left out, whichever separator joins them. */
function idsOf(name: string, text: string | undefined): number[] | undefined {
  const match = idMatch(name, text);
  return match ? [...match.ids] : undefined;
}

/** Words joined with ',' or '|' (languages, countries): a title has one of them. */
function wordsOf(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  return text.split(/[,|]/).map((word) => word.trim()).filter((word) => word !== '');
}

function genres(kind: TitleKind, withGenres: IdMatch | undefined, withoutGenres: readonly number[] | undefined) {
  const bits = (ids: readonly number[]) => ids.reduce((sum, id) => sum | genreBit(kind, id), 0);
  const named = withGenres?.ids ?? [];
  // A genre of the other kind (or none at all) is had by no title: "all of" such a list matches nothing.
  const unknown = named.some((id) => genreBit(kind, id) === 0);
  const matchesNothing = withGenres !== undefined && (withGenres.mode === 'and' ? unknown : bits(named) === 0);
  return {
    genres: {
      all: withGenres?.mode === 'and' ? bits(named) : 0,
      any: withGenres?.mode === 'or' ? bits(named) : 0,
      none: bits(withoutGenres ?? []),
    },
    matchesNothing,
  };
}

/** The filters both kinds share. */
function sharedFilter(kind: TitleKind, query: MovieQuery | SeriesQuery) {
  const withGenres = idMatch('with_genres', query.with_genres);
  const chosen = genres(kind, withGenres, idsOf('without_genres', query.without_genres));
  return {
    kind,
    ...chosen,
    voteAverage: range('vote_average', query['vote_average.gte'], query['vote_average.lte']),
    voteCount: range('vote_count', query['vote_count.gte'], query['vote_count.lte']),
    runtime: range('with_runtime', query['with_runtime.gte'], query['with_runtime.lte']),
    originalLanguages: wordsOf(query.with_original_language)?.map((code) => code.toLowerCase()),
    originCountries: wordsOf(query.with_origin_country)?.map((code) => code.toUpperCase()),
    companies: idMatch('with_companies', query.with_companies),
    withoutCompanies: idsOf('without_companies', query.without_companies),
    keywords: idMatch('with_keywords', query.with_keywords),
    withoutKeywords: idsOf('without_keywords', query.without_keywords),
    sort: query.sort_by,
  };
}

function refuseUnrecorded(key: DiscoverKey, query: Readonly<Record<string, unknown>>): void {
  const asked = NOT_RECORDED[key].find((name) => query[name] !== undefined && query[name] !== '');
  if (asked) throw invalid(`${asked} is not a filter of this catalog.`);
}

function movieFilter(ctx: HandlerContext<'discoverMovies'>): TitleFilter {
  const { query, today } = ctx;
  refuseUnrecorded('discoverMovies', query);
  // A film of the catalog comes out on one day in every country it is released in.
  const primary = dateRange('primary_release_date', query['primary_release_date.gte'], query['primary_release_date.lte'], today);
  const anyRelease = dateRange('release_date', query['release_date.gte'], query['release_date.lte'], today);
  let released = within(primary, anyRelease, 'release date');
  for (const year of [query.primary_release_year, query.year]) {
    if (year !== undefined) released = within(released, yearRange(year, today), 'release date');
  }
  return {
    ...sharedFilter('movie', query),
    released,
    region: query.region?.toUpperCase() || undefined,
    certification: certification('movie', query),
    includeVideo: query.include_video,
  };
}

/**
 * certification, .gte and .lte of certification_country as a span of its rating system's orders
 * (and the label itself for certification, which may share its order with another). A country
 * without certifications of this kind, or a label not of its list, is refused with the labels
 * it has, so the caller knows what to ask for instead.
 */
function certification(kind: TitleKind, query: MovieQuery | SeriesQuery): TitleFilter['certification'] {
  const { certification: exact, 'certification.gte': gte, 'certification.lte': lte } = query;
  if (!exact && !gte && !lte) return undefined;
  const country = query.certification_country?.toUpperCase();
  if (!country) throw invalid('certification filters need certification_country.');
  const what = kind === 'movie' ? 'movie' : 'TV';
  if (!hasCertifications(kind, country)) {
    throw invalid(`certification_country "${query.certification_country}" has no ${what} certifications; see /3/certification/${kind}/list for the countries.`);
  }
  const order = (name: string, label: string | undefined) => {
    if (!label) return undefined;
    const found = certificationOrder(kind, country, label);
    if (found === undefined) {
      throw invalid(`${name} "${label}" is not a ${what} certification of ${country}; its labels are ${certificationLabels(kind, country).join(', ')}.`);
    }
    return found;
  };
  const exactOrder = order('certification', exact);
  const span = range('certification', order('certification.gte', gte), order('certification.lte', lte));
  const from = Math.max(exactOrder ?? -Infinity, span.gte ?? -Infinity);
  const to = Math.min(exactOrder ?? Infinity, span.lte ?? Infinity);
  return { country, from: Number.isFinite(from) ? from : 0, to: Number.isFinite(to) ? to : 1000, label: exact || undefined };
}

function seriesFilter(ctx: HandlerContext<'discoverSeries'>): TitleFilter {
  const { query, today } = ctx;
  refuseUnrecorded('discoverSeries', query);
  let released = dateRange('first_air_date', query['first_air_date.gte'], query['first_air_date.lte'], today);
  if (query.first_air_date_year !== undefined) released = within(released, yearRange(query.first_air_date_year, today), 'first air date');
  return {
    ...sharedFilter('tv', query),
    released,
    networks: idMatch('with_networks', query.with_networks)?.ids,
    certification: certification('tv', query),
    includeVideo: true,
  };
}

/**
 * Where to watch, which the index does not hold: a test of each match, or undefined when the
 * request names no such filter. Titles not out yet are offered nowhere.
 */
function watchTest(ctx: HandlerContext<DiscoverKey>, kind: TitleKind): ((id: number) => boolean) | undefined {
  const { query } = ctx;
  const providers = idMatch('with_watch_providers', query.with_watch_providers);
  const without = idsOf('without_watch_providers', query.without_watch_providers);
  const types = query.with_watch_monetization_types ? parseListFilter(query.with_watch_monetization_types) : undefined;
  if (query.with_watch_monetization_types && (!types || types.values.some((t) => !(OFFER_KINDS as readonly string[]).includes(t)))) {
    throw invalid(`with_watch_monetization_types must be ${OFFER_KINDS.join(', ')} joined with ',' or '|'.`);
  }
  if (!providers && !without && !types) return undefined;
  const region = query.watch_region?.toUpperCase();
  if (!region) throw invalid('the watch provider filters need watch_region.');
  const { catalog } = ctx.server;
  const { seed } = catalog.shape;
  const kinds = (types?.values ?? OFFER_KINDS) as readonly OfferKind[];
  return (id) => {
    if (!isOut(catalog, kind, id)) return false;
    const offers = offersIn(seed, kind, id, region) ?? {};
    if (types) {
      const has = (t: string) => (offers[t as OfferKind]?.length ?? 0) > 0;
      if (types.mode === 'and' ? !types.values.every(has) : !types.values.some(has)) return false;
    }
    const offered = new Set(kinds.flatMap((t) => (offers[t] ?? []).map((p) => p.id)));
    if (providers && (providers.mode === 'and' ? !providers.ids.every((p) => offered.has(p)) : !providers.ids.some((p) => offered.has(p)))) {
      return false;
    }
    return !without?.some((p) => offered.has(p));
  };
}

export const discoverMovies: Handler<'discoverMovies'> = (ctx) => {
  const filter = movieFilter(ctx);
  const found = ctx.server.index.discover(filter, pageOffset(ctx.query.page), PAGE_SIZE, watchTest(ctx, 'movie'));
  return pagedBody(ctx.query.page, found.items.map((id) => ctx.server.catalog.movies.listItem(id, ctx.today)), found.total);
};

export const discoverSeries: Handler<'discoverSeries'> = (ctx) => {
  const filter = seriesFilter(ctx);
  const found = ctx.server.index.discover(filter, pageOffset(ctx.query.page), PAGE_SIZE, watchTest(ctx, 'tv'));
  return pagedBody(ctx.query.page, found.items.map((id) => ctx.server.catalog.series.listItem(id, ctx.today)), found.total);
};

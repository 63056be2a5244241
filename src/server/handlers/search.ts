import { PAGE_SIZE } from '../../contract/limits.js';
import { allCompanies } from '../catalog/companies.js';
import { allKeywords } from '../catalog/keywords.js';
import { searchNames } from '../catalog/name-search.js';
import type { SearchKind, TitleSearchFilter } from '../catalog/store.js';
import type { Handler } from './context.js';
import { pageOffset, pagedBody, slicePage } from './paging.js';

const MULTI_KINDS: readonly SearchKind[] = ['movie', 'tv', 'person'];

/** E20: films, series and people together, each tagged with its media_type. */
export const searchMulti: Handler<'searchMulti'> = (ctx) => {
  const found = ctx.server.index.search(MULTI_KINDS, ctx.query.query, pageOffset(ctx.query.page), PAGE_SIZE);
  const { movies, series, people } = ctx.server.catalog;
  const results = found.items.map((hit) => {
    switch (hit.kind) {
      case 'movie':
        return { ...movies.listItem(hit.id, ctx.today), media_type: 'movie' as const };
      case 'tv':
        return { ...series.listItem(hit.id, ctx.today), media_type: 'tv' as const };
      default:
        return people.searchItem(hit.id, ctx.today);
    }
  });
  return pagedBody(ctx.query.page, results, found.total);
};

/** E11: collections by name, original name or alternative name. */
export const searchCollections: Handler<'searchCollections'> = (ctx) => {
  const found = ctx.server.index.search(['collection'], ctx.query.query, pageOffset(ctx.query.page), PAGE_SIZE);
  return pagedBody(ctx.query.page, found.items.map((hit) => ctx.server.catalog.collections.searchItem(hit.id)), found.total);
};

/** The day offsets (from today) of a calendar year, for the year filters of the searches. */
function yearSpan(year: number | undefined, today: number): TitleSearchFilter {
  if (year === undefined) return {};
  const first = Math.floor(Date.UTC(year, 0, 1) / DAY_MS);
  const last = Math.floor(Date.UTC(year, 11, 31) / DAY_MS);
  return { fromOffset: first - today, toOffset: last - today };
}

const DAY_MS = 86_400_000;

/**
 * Films by title, ranked as the multi search ranks them. `primary_release_year` and `year`
 * both read the film's release date (the catalog keeps one per film); `region`, the countries
 * it is released in.
 */
export const searchMovies: Handler<'searchMovies'> = (ctx) => {
  const { query: text, page, primary_release_year, year, region } = ctx.query;
  const filter = { ...yearSpan(primary_release_year ?? year, ctx.today), ...(region === undefined ? {} : { region }) };
  const found = ctx.server.index.searchTitles('movie', text, filter, pageOffset(page), PAGE_SIZE);
  return pagedBody(page, found.items.map((id) => ctx.server.catalog.movies.listItem(id, ctx.today)), found.total);
};

/**
 * Series by name. `first_air_date_year` is the year the first episode aired; `year` any year
 * an episode aired in (read from each match's seasons).
 */
export const searchSeries: Handler<'searchSeries'> = (ctx) => {
  const { query: text, page, first_air_date_year, year } = ctx.query;
  const { series } = ctx.server.catalog;
  const airedIn = (id: number) => {
    const core = series.core(id);
    return core.seasons.some((season) =>
      Array.from({ length: season.episodeCount }, (_, i) => series.episodeSummary(core, season, i + 1, ctx.today).air_date).some(
        (date) => date?.startsWith(`${year}-`),
      ),
    );
  };
  const found = ctx.server.index.searchTitles(
    'tv', text, yearSpan(first_air_date_year, ctx.today), pageOffset(page), PAGE_SIZE, year === undefined ? undefined : airedIn,
  );
  return pagedBody(page, found.items.map((id) => series.listItem(id, ctx.today)), found.total);
};

/** People by name (and the names they are also known by), with what each is known for. */
export const searchPeople: Handler<'searchPeople'> = (ctx) => {
  const found = ctx.server.index.search(['person'], ctx.query.query, pageOffset(ctx.query.page), PAGE_SIZE);
  const results = found.items.map((hit) => ctx.server.catalog.people.listItem(hit.id, ctx.today));
  return pagedBody(ctx.query.page, results, found.total);
};

/** Production companies by name, best match first (networks are not companies: see /3/network). */
export const searchCompanies: Handler<'searchCompanies'> = (ctx) =>
  slicePage(ctx.query.page, searchNames(allCompanies(ctx.server.catalog.shape.seed), ctx.query.query));

/** Keywords by name, best match first: the ids discover's with_keywords and keyword/movies take. */
export const searchKeywords: Handler<'searchKeywords'> = (ctx) =>
  slicePage(ctx.query.page, searchNames(allKeywords(), ctx.query.query));

import { PAGE_SIZE } from '../../contract/limits.js';
import type { MarkedMediaType } from '../../contract/index.js';
import type { CatalogGenerator } from '../catalog/generator.js';
import type { Mark } from '../userdata/marks.js';
import type { UserStore } from '../userdata/store.js';
import type { Handler, UserCaller } from './context.js';
import { raterOf } from './callers.js';
import { pageOffset, pagedBody } from './paging.js';

/**
 * The rated lists (an account's, a guest session's), the watchlist and the favourites: pages
 * of titles in the order they were rated or added, sort_by created_at.asc (the default) or
 * created_at.desc (newest first; the table's enum refuses anything else). An entry survives a
 * change of catalog (another seed or size); titles that no longer exist are left out.
 */

type Order = 'asc' | 'desc';

const orderOf = (sortBy: string): Order => (sortBy === 'created_at.desc' ? 'desc' : 'asc');

/** What a page of user data needs of a request. */
interface PageRequest {
  readonly server: { readonly catalog: CatalogGenerator; readonly users: UserStore };
  readonly query: { readonly page: number; readonly sort_by: string };
  readonly today: number;
}

/** The films or the series of the catalog, as the lists show them. */
interface TitleFactory<T> {
  exists(id: number): boolean;
  listItem(id: number, today: number): T;
}

/** A page of the rater's rated episodes, each summarised with the rating. */
export function ratedEpisodesPage(ctx: PageRequest, rater: string) {
  const found = ctx.server.users.ratings.list(rater, orderOf(ctx.query.sort_by), pageOffset(ctx.query.page), PAGE_SIZE);
  const { series } = ctx.server.catalog;
  const results = [];
  for (const row of found.rows) {
    if (!series.hasEpisode(row.series_id, row.season_number, row.episode_number)) continue;
    const core = series.core(row.series_id);
    const season = series.season(core, row.season_number)!;
    results.push({ ...series.episodeSummary(core, season, row.episode_number, ctx.today), rating: row.value });
  }
  return pagedBody(ctx.query.page, results, found.total);
}

function ratedTitlesPage<T>(ctx: PageRequest, titles: TitleFactory<T>, mediaType: MarkedMediaType, rater: string) {
  const found = ctx.server.users.titleRatings.list(rater, mediaType, orderOf(ctx.query.sort_by), pageOffset(ctx.query.page), PAGE_SIZE);
  const results = found.rows
    .filter((row) => titles.exists(row.media_id))
    .map((row) => ({ ...titles.listItem(row.media_id, ctx.today), rating: row.value }));
  return pagedBody(ctx.query.page, results, found.total);
}

function markedTitlesPage<T>(ctx: PageRequest, titles: TitleFactory<T>, mediaType: MarkedMediaType, caller: UserCaller, mark: Mark) {
  const found = ctx.server.users.marks.list(caller.account.id, mark, mediaType, orderOf(ctx.query.sort_by), pageOffset(ctx.query.page), PAGE_SIZE);
  const results = found.ids.filter((id) => titles.exists(id)).map((id) => titles.listItem(id, ctx.today));
  return pagedBody(ctx.query.page, results, found.total);
}

export const accountRatedMovies: Handler<'accountRatedMovies'> = (ctx) =>
  ratedTitlesPage(ctx, ctx.server.catalog.movies, 'movie', raterOf(ctx.caller));
export const accountRatedSeries: Handler<'accountRatedSeries'> = (ctx) =>
  ratedTitlesPage(ctx, ctx.server.catalog.series, 'tv', raterOf(ctx.caller));

/** A guest session's own lists: the session in the path was checked before the handler runs. */
export const guestRatedMovies: Handler<'guestRatedMovies'> = (ctx) =>
  ratedTitlesPage(ctx, ctx.server.catalog.movies, 'movie', raterOf(ctx.caller));
export const guestRatedSeries: Handler<'guestRatedSeries'> = (ctx) =>
  ratedTitlesPage(ctx, ctx.server.catalog.series, 'tv', raterOf(ctx.caller));
export const guestRatedEpisodes: Handler<'guestRatedEpisodes'> = (ctx) => ratedEpisodesPage(ctx, raterOf(ctx.caller));

export const watchlistMovies: Handler<'watchlistMovies'> = (ctx) =>
  markedTitlesPage(ctx, ctx.server.catalog.movies, 'movie', ctx.caller, 'watchlist');
export const watchlistSeries: Handler<'watchlistSeries'> = (ctx) =>
  markedTitlesPage(ctx, ctx.server.catalog.series, 'tv', ctx.caller, 'watchlist');
export const favoriteMovies: Handler<'favoriteMovies'> = (ctx) =>
  markedTitlesPage(ctx, ctx.server.catalog.movies, 'movie', ctx.caller, 'favorite');
export const favoriteSeries: Handler<'favoriteSeries'> = (ctx) =>
  markedTitlesPage(ctx, ctx.server.catalog.series, 'tv', ctx.caller, 'favorite');

import type { CatalogIndex } from '../catalog/store.js';
import { TRENDING_POOL, type TrendingKind, trendingScore } from '../catalog/trending.js';
import type { TrendingWindow } from '../../contract/index.js';
import { PAGE_SIZE } from '../../contract/limits.js';
import type { Handler, HandlerContext } from './context.js';
import { pageOffset, pagedBody } from './paging.js';

/** Trending films, series and people, by day or week (see catalog/trending.ts). */

interface Ranked {
  kind: TrendingKind;
  id: number;
}

/**
 * Rankings already worked out, by catalog and (window, kinds, day): scoring the pools costs a
 * few milliseconds, and a day's ranking is asked for page after page. Only today's are kept.
 */
const rankings = new WeakMap<CatalogIndex, { day: number; byKey: Map<string, Ranked[]> }>();

function ranking(ctx: HandlerContext<TrendingKey>, kinds: readonly TrendingKind[], window: TrendingWindow): Ranked[] {
  const { index, catalog } = ctx.server;
  let cache = rankings.get(index);
  if (!cache || cache.day !== ctx.today) {
    cache = { day: ctx.today, byKey: new Map() };
    rankings.set(index, cache);
  }
  const key = `${window}:${kinds.join(',')}`;
  let ranked = cache.byKey.get(key);
  if (!ranked) {
    // People are less popular than titles; each kind is scored against its own most popular, so
    // a mixed ranking holds some of each.
    const scored = kinds.flatMap((kind) => {
      const pool = index.mostPopular(kind, TRENDING_POOL);
      const top = pool[0]?.popularity || 1;
      return pool.map(({ id, popularity }) => ({
        kind, id, score: trendingScore(catalog.shape.seed, kind, id, popularity / top, window, ctx.today),
      }));
    });
    // Ties (equal scores are rare) keep the order of the pools: films, series, people; by id.
    ranked = scored.sort((a, b) => b.score - a.score).map(({ kind, id }) => ({ kind, id }));
    cache.byKey.set(key, ranked);
  }
  return ranked;
}

type TrendingKey = 'trendingAll' | 'trendingMovies' | 'trendingSeries' | 'trendingPeople';

/** One page of a ranking, each entry built by `item`. */
function trendingPage<T>(ctx: HandlerContext<TrendingKey>, kinds: readonly TrendingKind[], item: (entry: Ranked) => T) {
  const all = ranking(ctx, kinds, ctx.path.time_window as TrendingWindow);
  const offset = pageOffset(ctx.query.page);
  return pagedBody(ctx.query.page, all.slice(offset, offset + PAGE_SIZE).map(item), all.length);
}

const movieItem = (ctx: HandlerContext<TrendingKey>, id: number) =>
  ({ ...ctx.server.catalog.movies.listItem(id, ctx.today), media_type: 'movie' as const });
const seriesItem = (ctx: HandlerContext<TrendingKey>, id: number) =>
  ({ ...ctx.server.catalog.series.listItem(id, ctx.today), media_type: 'tv' as const });
const personItem = (ctx: HandlerContext<TrendingKey>, id: number) => ctx.server.catalog.people.searchItem(id, ctx.today);

export const trendingAll: Handler<'trendingAll'> = (ctx) =>
  trendingPage(ctx, ['movie', 'tv', 'person'], ({ kind, id }) =>
    kind === 'movie' ? movieItem(ctx, id) : kind === 'tv' ? seriesItem(ctx, id) : personItem(ctx, id),
  );
export const trendingMovies: Handler<'trendingMovies'> = (ctx) => trendingPage(ctx, ['movie'], ({ id }) => movieItem(ctx, id));
export const trendingSeries: Handler<'trendingSeries'> = (ctx) => trendingPage(ctx, ['tv'], ({ id }) => seriesItem(ctx, id));
export const trendingPeople: Handler<'trendingPeople'> = (ctx) => trendingPage(ctx, ['person'], ({ id }) => personItem(ctx, id));

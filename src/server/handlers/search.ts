import { PAGE_SIZE } from '../../contract/limits.js';
import type { SearchKind } from '../catalog/store.js';
import type { Handler } from './context.js';
import { pageOffset, pagedBody } from './paging.js';

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

import { describe, expect, it } from 'vitest';
import { operations, type QueryValuesOf } from '../../src/contract/index.js';
import type { Handler, HandlerContext } from '../../src/server/handlers/context.js';
import { ApiError, ErrorsArrayError } from '../../src/server/http/errors.js';
import { parsePath, parseQuery } from '../../src/server/http/params.js';

/** The status_code of the refusal `run` throws, or the errors-array marker. */
function refusal(run: () => unknown): number | 'errors' | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.statusCode;
    if (error instanceof ErrorsArrayError) return 'errors';
    throw error;
  }
}

describe('the handler context: path and query read once from the row', () => {
  it('reads path parameters as ids, and refuses what names nothing with 34', () => {
    expect(parsePath(operations.episodeDetails.pathParams, { series_id: '1', season_number: '2', episode_number: '3' })).toEqual({
      series_id: 1, season_number: 2, episode_number: 3,
    });
    expect(refusal(() => parsePath(operations.movieDetails.pathParams, { movie_id: 'abc' }))).toBe(34);
    expect(refusal(() => parsePath(operations.movieDetails.pathParams, {}))).toBe(34);
  });

  it('types the query by the row and applies its defaults', () => {
    const rated: QueryValuesOf<'accountRatedEpisodes'> = parseQuery(operations.accountRatedEpisodes.query, {});
    expect(rated).toEqual({ language: 'en-US', page: 1, sort_by: 'created_at.asc' });
    expect(parseQuery(operations.searchMulti.query, { query: 'blade', page: '3', include_adult: 'true', extra: 'x' })).toEqual({
      query: 'blade', include_adult: true, language: 'en-US', page: 3,
    } satisfies QueryValuesOf<'searchMulti'>);
    expect(parseQuery(operations.listItemStatus.query, { movie_id: '550', language: ['fr', 'de'] })).toEqual({
      language: 'fr', movie_id: 550,
    });
  });

  it('answers a bad parameter the way the service does, the page first and the search text last', () => {
    expect(refusal(() => parseQuery(operations.popularMovies.query, { page: '501' }))).toBe(22);
    expect(refusal(() => parseQuery(operations.popularMovies.query, { page: ['1', '2'] }))).toBe(22);
    expect(refusal(() => parseQuery(operations.listItemStatus.query, {}))).toBe(5);
    expect(refusal(() => parseQuery(operations.searchMulti.query, { query: '  ' }))).toBe('errors');
    expect(refusal(() => parseQuery(operations.searchMulti.query, { page: '0' }))).toBe(22);
    expect(refusal(() => parseQuery(operations.searchMulti.query, { include_adult: 'maybe' }))).toBe(5);
    expect(refusal(() => parseQuery(operations.clearList.query, { confirm: 'false' }))).toBe(29);
    expect(parseQuery(operations.clearList.query, { confirm: 'true' })).toEqual({ confirm: true });
  });

  it('lets a handler read only what its row declares (checked by the compiler)', () => {
    const read: Handler<'movieImages'> = (ctx) => {
      const id: number = ctx.path.movie_id;
      const languages: string | undefined = ctx.query.include_image_language;
      // @ts-expect-error: movie images take no page
      void ctx.query.page;
      // @ts-expect-error: a movie path has no series id
      void ctx.path.series_id;
      void languages;
      return { id, backdrops: [], logos: [], posters: [] };
    };
    const needsUser = (ctx: HandlerContext<'createList'>): number => ctx.caller.account.id;
    const anyCaller = (ctx: HandlerContext<'rateEpisode'>): string => {
      // @ts-expect-error: a rating may come from a guest session, which has no account
      void ctx.caller.account;
      return ctx.caller.kind;
    };
    expect([typeof read, typeof needsUser, typeof anyCaller]).toEqual(['function', 'function', 'function']);
  });
});

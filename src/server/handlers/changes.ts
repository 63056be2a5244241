import { dayNumber } from '../catalog/calendar.js';
import { type ChangeKind, ChangeLog, type ChangeRange, type KeyChanges } from '../catalog/changes.js';
import { ApiError } from '../http/errors.js';
import type { Handler, HandlerContext } from './context.js';

/**
 * Changes: the films, series and people edited in a range of days, and one record's edits.
 * A range is start_date..end_date (both days included), at most 14 days apart as on the real
 * service; by default the last day (yesterday and today).
 */

const MAX_RANGE_DAYS = 14;

/** The change log is drawn from the catalog alone: nothing to keep between requests. */
const changeLog = (ctx: { server: { catalog: ConstructorParameters<typeof ChangeLog>[0] } }) => new ChangeLog(ctx.server.catalog);
/** The change lists give 100 ids a page, as the real service does. */
const CHANGES_PAGE_SIZE = 100;

/** The day number of a YYYY-MM-DD date; a date not so written, or not a real day, is refused. */
function dayOf(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const moment = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(moment) || new Date(moment).toISOString().slice(0, 10) !== text) throw new ApiError(23);
  return dayNumber(new Date(moment));
}

type RangeQuery = { readonly start_date?: string; readonly end_date?: string };

function rangeOf(ctx: { query: RangeQuery; now: Date; today: number }): ChangeRange {
  const { start_date, end_date } = ctx.query;
  const toDay = end_date === undefined ? (start_date === undefined ? ctx.today : Math.min(ctx.today, dayOf(start_date) + MAX_RANGE_DAYS)) : dayOf(end_date);
  const fromDay = start_date === undefined ? toDay - 1 : dayOf(start_date);
  if (toDay < fromDay || toDay - fromDay > MAX_RANGE_DAYS) throw new ApiError(20);
  return { fromDay, toDay, nowMs: ctx.now.getTime() };
}

function changeList(kind: ChangeKind) {
  return (ctx: HandlerContext<'movieChangeList' | 'seriesChangeList' | 'personChangeList'>) => {
    const ids = changeLog(ctx).changed(kind, rangeOf(ctx));
    const { page } = ctx.query;
    const results = ids.slice((page - 1) * CHANGES_PAGE_SIZE, page * CHANGES_PAGE_SIZE).map((id) => ({ id, adult: false }));
    return { page, results, total_pages: Math.ceil(ids.length / CHANGES_PAGE_SIZE), total_results: ids.length };
  };
}

export const movieChangeList: Handler<'movieChangeList'> = changeList('movie');
export const seriesChangeList: Handler<'seriesChangeList'> = changeList('tv');
export const personChangeList: Handler<'personChangeList'> = changeList('person');

const answer = (changes: KeyChanges[] | undefined) => {
  if (!changes) throw new ApiError(34);
  return { changes };
};

export const movieChanges: Handler<'movieChanges'> = (ctx) => {
  const id = ctx.path.movie_id;
  if (!ctx.server.catalog.movies.exists(id)) throw new ApiError(34);
  return answer(changeLog(ctx).movieChanges(id, rangeOf(ctx), ctx.today));
};

export const seriesChanges: Handler<'seriesChanges'> = (ctx) => {
  const id = ctx.path.series_id;
  if (!ctx.server.catalog.series.exists(id)) throw new ApiError(34);
  return answer(changeLog(ctx).seriesChanges(id, rangeOf(ctx), ctx.today));
};

export const personChanges: Handler<'personChanges'> = (ctx) => {
  const id = ctx.path.person_id;
  if (!ctx.server.catalog.people.exists(id)) throw new ApiError(34);
  return answer(changeLog(ctx).personChanges(id, rangeOf(ctx), ctx.today));
};

export const seasonChanges: Handler<'seasonChanges'> = (ctx) =>
  answer(changeLog(ctx).seasonChanges(ctx.path.season_id, rangeOf(ctx), ctx.today));

export const episodeChanges: Handler<'episodeChanges'> = (ctx) =>
  answer(changeLog(ctx).episodeChanges(ctx.path.episode_id, rangeOf(ctx), ctx.today));

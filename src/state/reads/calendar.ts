import { seriesName } from './names.js';
import type { EpisodeSummary, OperationKey } from '../../contract/index.js';
import type { CatalogApi } from '../deps.js';
import type { Source } from '../slices/queries.js';
import type { CurrentSession } from '../slices/session.js';

/**
 * The episode calendar: for the series on my watchlist, my favourites or that I rated, the
 * episodes that aired in the last days and the ones airing in the next weeks, by day. It is one
 * read of the query layer, so opening it again costs no request; building it reads each series
 * once and the seasons around its last and next episode, a few at a time.
 */

export interface CalendarEpisode {
  readonly seriesId: number;
  readonly seriesName: string;
  readonly season: number;
  readonly episode: number;
  readonly name: string;
  /** YYYY-MM-DD, as the service gives it. */
  readonly airDate: string;
}

export interface CalendarDay {
  readonly date: string;
  readonly episodes: readonly CalendarEpisode[];
}

export interface EpisodeCalendar {
  /** How many series it looked at. */
  readonly series: number;
  readonly days: readonly CalendarDay[];
  readonly from: string;
  readonly to: string;
}

/** Days back and ahead of today that the calendar shows. */
export const CALENDAR_DAYS_BACK = 7;
export const CALENDAR_DAYS_AHEAD = 21;
/** At most this many series are followed (newest marks first): the calendar stays a handful of requests. */
export const CALENDAR_MAX_SERIES = 40;
/** Series read at the same time: few enough to stay well inside the service's rate limit. */
const PARALLEL_READS = 4;

const NEWEST_FIRST = { sort_by: 'created_at.desc' } as const;

/** YYYY-MM-DD of `ms` in UTC, moved by `days`. */
export function isoDay(ms: number, days = 0): string {
  return new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}

/** The lists followedSeries reads, for an account and for a guest session. */
export const FOLLOWED_LISTS = [
  'watchlistSeries',
  'favoriteSeries',
  'accountRatedSeries',
  'accountRatedEpisodes',
  'guestRatedSeries',
  'guestRatedEpisodes',
] as const satisfies readonly OperationKey[];

/** The series I follow: on my watchlist, favourites, or rated (the series or one of its episodes). */
export async function followedSeries(client: CatalogApi, session: CurrentSession): Promise<number[]> {
  const ids: number[] = [];
  const add = (id: number | null | undefined) => {
    if (typeof id === 'number' && !ids.includes(id)) ids.push(id);
  };
  if (session.kind === 'user' && session.accountId !== undefined) {
    const path = { account_id: session.accountId };
    const [watchlist, favorites, rated, episodes] = await Promise.all([
      client.call('watchlistSeries', { path, query: NEWEST_FIRST }),
      client.call('favoriteSeries', { path, query: NEWEST_FIRST }),
      client.call('accountRatedSeries', { path, query: NEWEST_FIRST }),
      client.call('accountRatedEpisodes', { path, query: NEWEST_FIRST }),
    ]);
    for (const list of [watchlist, favorites, rated]) for (const series of list.results) add(series.id);
    for (const episode of episodes.results) add(episode.show_id);
  } else if (session.kind === 'guest') {
    const [rated, episodes] = await Promise.all([
      client.call('guestRatedSeries', { query: NEWEST_FIRST }),
      client.call('guestRatedEpisodes', { query: NEWEST_FIRST }),
    ]);
    for (const series of rated.results) add(series.id);
    for (const episode of episodes.results) add(episode.show_id);
  }
  return ids.slice(0, CALENDAR_MAX_SERIES);
}

/** The episodes of one series airing between `from` and `to`: from the seasons of its last and next episode. */
async function seriesEpisodes(client: CatalogApi, seriesId: number, from: string, to: string): Promise<CalendarEpisode[]> {
  const series = await client.call('tvDetails', { path: { series_id: seriesId } });
  const around = [series.last_episode_to_air, series.next_episode_to_air].filter((e): e is EpisodeSummary => Boolean(e));
  const seasons = [...new Set(around.map((e) => e.season_number))];
  const found: CalendarEpisode[] = [];
  for (const season of seasons) {
    const details = await client.call('seasonDetails', { path: { series_id: seriesId, season_number: season } });
    for (const episode of details.episodes ?? []) {
      const airDate = episode.air_date;
      if (!airDate || airDate < from || airDate > to) continue;
      found.push({
        seriesId,
        seriesName: seriesName({ id: seriesId, name: series.name }),
        season,
        episode: episode.episode_number,
        name: episode.name ?? '',
        airDate,
      });
    }
  }
  return found;
}

/** Runs `work` on each item, `parallel` at a time. */
export async function eachLimited<T, R>(items: readonly T[], parallel: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
}

/** The calendar of the session, around `today` (YYYY-MM-DD). */
export function calendarSource(session: CurrentSession, today: number): Source<EpisodeCalendar> {
  const from = isoDay(today, -CALENDAR_DAYS_BACK);
  const to = isoDay(today, CALENDAR_DAYS_AHEAD);
  const who = session.kind === 'user' ? `user:${session.accountId ?? '?'}` : session.kind;
  return {
    key: `calendar:${who}:${from}:${to}`,
    // Built from the lists of what I follow: a write that changes one (a series put on the
    // watchlist, an episode rated) makes it stale, and so does a change of who is signed in.
    reads: FOLLOWED_LISTS.map((op) => ({ op, params: {} })),
    load: async (client) => {
      const ids = await followedSeries(client, session);
      const perSeries = await eachLimited(ids, PARALLEL_READS, (id) => seriesEpisodes(client, id, from, to));
      const byDay = new Map<string, CalendarEpisode[]>();
      for (const episode of perSeries.flat()) byDay.set(episode.airDate, [...(byDay.get(episode.airDate) ?? []), episode]);
      const days = [...byDay.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, episodes]) => ({ date, episodes: episodes.sort((a, b) => a.seriesName.localeCompare(b.seriesName) || a.episode - b.episode) }));
      return { series: ids.length, days, from, to };
    },
  };
}

import { describe, expect, it } from 'vitest';
import type { CatalogApi } from '../../src/state/index.js';
import { calendarSource, CALENDAR_DAYS_AHEAD, CALENDAR_DAYS_BACK, isoDay } from '../../src/state/index.js';
import { isStale, staleQueries, type WriteOperationKey } from '../../src/contract/index.js';

const NOW = Date.UTC(2026, 10, 24, 12);
const page = (results: unknown[]) => ({ page: 1, results, total_pages: 1, total_results: results.length });
const episode = (season: number, number: number, days: number | null) => ({
  id: season * 100 + number,
  season_number: season,
  episode_number: number,
  name: `Episode ${number}`,
  air_date: days === null ? null : isoDay(NOW, days),
});

/** A service with two followed series (one on the watchlist, one through a rated episode) and one that airs nothing soon. */
function fakeService(calls: string[]): CatalogApi {
  const seasons: Record<string, unknown> = {
    '1/2': { episodes: [episode(2, 1, -30), episode(2, 2, -3), episode(2, 3, 4), episode(2, 4, 11), episode(2, 5, 40), episode(2, 6, null)] },
    '7/1': { episodes: [episode(1, 9, 0)] },
    '9/4': { episodes: [episode(4, 1, -200)] },
  };
  const series: Record<number, unknown> = {
    1: { id: 1, name: 'Harbour', last_episode_to_air: episode(2, 2, -3), next_episode_to_air: episode(2, 3, 4) },
    7: { id: 7, name: 'Atlas', last_episode_to_air: episode(1, 9, 0), next_episode_to_air: null },
    9: { id: 9, name: 'Ended', last_episode_to_air: episode(4, 1, -200), next_episode_to_air: null },
  };
  return {
    call: (async (key: string, args: { path?: Record<string, number> }) => {
      calls.push(key);
      switch (key) {
        case 'watchlistSeries':
          return page([{ id: 1 }]);
        case 'favoriteSeries':
          return page([{ id: 9 }, { id: 1 }]);
        case 'accountRatedSeries':
          return page([]);
        case 'accountRatedEpisodes':
          return page([{ id: 5, show_id: 7 }]);
        case 'tvDetails':
          return series[args.path!.series_id!];
        case 'seasonDetails':
          return seasons[`${args.path!.series_id}/${args.path!.season_number}`];
        default:
          throw new Error(`not expected: ${key}`);
      }
    }) as CatalogApi['call'],
  };
}

describe('the episode calendar', () => {
  it('lists the episodes of the series I follow from a week back to three weeks ahead, by day', async () => {
    const calls: string[] = [];
    const source = calendarSource({ kind: 'user', username: 'u', name: 'U', accountId: 3 }, NOW);
    const calendar = await source.load(fakeService(calls));
    expect(calendar).toMatchObject({ series: 3, from: isoDay(NOW, -CALENDAR_DAYS_BACK), to: isoDay(NOW, CALENDAR_DAYS_AHEAD) });
    expect(calendar.days.map((d) => [d.date, d.episodes.map((e) => `${e.seriesName} S${e.season} E${e.episode}`)])).toEqual([
      [isoDay(NOW, -3), ['Harbour S2 E2']],
      [isoDay(NOW, 0), ['Atlas S1 E9']],
      [isoDay(NOW, 4), ['Harbour S2 E3']],
      [isoDay(NOW, 11), ['Harbour S2 E4']],
    ]);
    // Each series once, and only the seasons around its last and next episode.
    expect(calls.filter((c) => c === 'tvDetails')).toHaveLength(3);
    expect(calls.filter((c) => c === 'seasonDetails')).toHaveLength(3);
  });

  it('is a read of its session: a guest session and an account have different ones', () => {
    const guest = calendarSource({ kind: 'guest' }, NOW);
    const user = calendarSource({ kind: 'user', username: 'u', name: 'U', accountId: 3 }, NOW);
    expect(guest.key).not.toBe(user.key);
  });

  it('is stale after a write to any list of what I follow, and only those', () => {
    const user = calendarSource({ kind: 'user', username: 'u', name: 'U', accountId: 3 }, NOW);
    const reads = [user.reads ?? []].flat();
    const staleAfter = (write: WriteOperationKey, args: Parameters<typeof staleQueries>[1] = {}, body?: unknown) =>
      reads.some((read) => isStale(staleQueries(write, args, body), read.op, read.params));
    expect(staleAfter('setWatchlist', { account_id: 3 }, { media_type: 'tv', media_id: 1, watchlist: true })).toBe(true);
    expect(staleAfter('setFavorite', { account_id: 3 }, { media_type: 'tv', media_id: 1, favorite: true })).toBe(true);
    expect(staleAfter('rateSeries', { series_id: 1 })).toBe(true);
    expect(staleAfter('rateEpisode', { series_id: 1, season_number: 1, episode_number: 2 })).toBe(true);
    expect(staleAfter('createList')).toBe(false);
  });
});

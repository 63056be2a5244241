import { MAX_PAGE } from '../../contract/limits.js';
import { eachLimited, followedSeries, FOLLOWED_LISTS, isoDay, type CalendarEpisode } from './calendar.js';
import type { CatalogApi } from '../deps.js';
import { seriesName } from './names.js';
import type { Source } from '../slices/queries.js';
import type { CurrentSession } from '../slices/session.js';

/**
 * Up next: for each series I follow (watchlist, favourites, rated series, series with rated
 * episodes), the first episode after the last one I rated that has aired, with how many aired
 * episodes are left after it. Series caught up, or whose next episode has not aired, are not
 * listed (the calendar shows what is coming). One read of the query layer: the lists of what I
 * follow and rated, then each series and the season its next episode is in, a few at a time.
 */

/** The next episode of a series, named as the calendar names an episode, with what Up next adds. */
export interface UpNextEntry extends CalendarEpisode {
  /** Aired episodes after the last rated one, this one included. */
  readonly left: number;
  /** The last episode I rated of the series ("S1 E4"), or none yet. */
  readonly lastRated?: { readonly season: number; readonly episode: number };
}

export interface UpNext {
  /** How many series it looked at. */
  readonly series: number;
  readonly entries: readonly UpNextEntry[];
}

/** Pages of my rated episodes read at most: enough for thousands of ratings, few requests. */
const RATED_PAGES = 10;
const PARALLEL_READS = 4;

type Position = { readonly season: number; readonly episode: number };
const later = (a: Position, b: Position) => a.season > b.season || (a.season === b.season && a.episode > b.episode);

/** The last episode I rated of each series (specials, season 0, are not part of the run). */
async function lastRatedBySeries(client: CatalogApi, session: CurrentSession): Promise<Map<number, Position>> {
  const last = new Map<number, Position>();
  let page = 1;
  let pages = 1;
  do {
    const answer =
      session.kind === 'user' && session.accountId !== undefined
        ? await client.call('accountRatedEpisodes', { path: { account_id: session.accountId }, query: { page } })
        : session.kind === 'guest'
          ? await client.call('guestRatedEpisodes', { query: { page } })
          : undefined;
    if (!answer) return last;
    for (const rated of answer.results) {
      if (typeof rated.show_id !== 'number' || rated.season_number < 1) continue;
      const position = { season: rated.season_number, episode: rated.episode_number };
      const known = last.get(rated.show_id);
      if (!known || later(position, known)) last.set(rated.show_id, position);
    }
    pages = Math.min(answer.total_pages ?? page, MAX_PAGE, RATED_PAGES);
    page++;
  } while (page <= pages);
  return last;
}

/** The episode after `lastRated` (or the first) of one series, if it has aired by `today`. */
async function nextOf(client: CatalogApi, seriesId: number, lastRated: Position | undefined, today: string): Promise<UpNextEntry | undefined> {
  const series = await client.call('tvDetails', { path: { series_id: seriesId } });
  const seasons = (series.seasons ?? [])
    .filter((s): s is typeof s & { episode_count: number } => s.season_number >= 1 && (s.episode_count ?? 0) > 0)
    .sort((a, b) => a.season_number - b.season_number);
  const lastAired = series.last_episode_to_air;
  if (!lastAired) return undefined;
  // The next episode's place: after the last rated one, into the next season past its end.
  let place: Position | undefined = lastRated ? { season: lastRated.season, episode: lastRated.episode + 1 } : seasons[0] && { season: seasons[0].season_number, episode: 1 };
  const current = place && seasons.find((s) => s.season_number === place!.season);
  if (place && (!current || place.episode > current.episode_count)) {
    const following = seasons.find((s) => s.season_number > place!.season);
    place = following ? { season: following.season_number, episode: 1 } : undefined;
  }
  if (!place || later(place, { season: lastAired.season_number, episode: lastAired.episode_number })) return undefined;
  const season = await client.call('seasonDetails', { path: { series_id: seriesId, season_number: place.season } });
  const episode = (season.episodes ?? []).find((e) => e.episode_number === place.episode);
  if (!episode?.air_date || episode.air_date > today) return undefined;
  // Aired episodes from this one to the last aired, counted by the seasons' sizes.
  const ordinal = (p: Position) =>
    seasons.filter((s) => s.season_number < p.season).reduce((sum, s) => sum + s.episode_count, 0) + p.episode;
  const left = ordinal({ season: lastAired.season_number, episode: lastAired.episode_number }) - ordinal(place) + 1;
  return {
    seriesId,
    seriesName: seriesName({ id: seriesId, name: series.name }),
    season: place.season,
    episode: place.episode,
    name: episode.name ?? '',
    airDate: episode.air_date,
    left: Math.max(1, left),
    lastRated,
  };
}

/** Up next for the session, as of `today`. */
export function upNextSource(session: CurrentSession, today: number): Source<UpNext> {
  const day = isoDay(today);
  const who = session.kind === 'user' ? `user:${session.accountId ?? '?'}` : session.kind;
  return {
    key: `up-next:${who}:${day}`,
    // A rating, a watchlist or favourite change, or another session changes what is next.
    reads: FOLLOWED_LISTS.map((op) => ({ op, params: {} })),
    load: async (client) => {
      const [ids, lastRated] = await Promise.all([followedSeries(client, session), lastRatedBySeries(client, session)]);
      const found = await eachLimited(ids, PARALLEL_READS, (id) => nextOf(client, id, lastRated.get(id), day));
      // The newest aired first: last night's episode is on top.
      const entries = found.filter((e): e is UpNextEntry => e !== undefined).sort((a, b) => b.airDate.localeCompare(a.airDate) || a.seriesName.localeCompare(b.seriesName));
      return { series: ids.length, entries };
    },
  };
}

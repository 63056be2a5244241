import { MAX_PAGE } from '../../../contract/limits.js';
import { describeFailure } from '../../words/failures.js';
import type { RatingsContext } from './context.js';
import { accountRatingsFailed, guestRatingsFailed } from './messages.js';
import { episodeRefKey, seasonKey, type RatingsSlice } from './model.js';

/**
 * Reads of my ratings:
 * - a user session: the account's rated episodes (paged), all loaded once per session;
 * - a guest session: the season's account states (one request per season opened), which
 *   also finds what the guest rated in earlier runs.
 * Either way, what is rated or deleted in this run overrides what was loaded.
 */

/**
 * What this run wrote, less what it wrote before a read of my ratings was asked (`before`): that
 * read's answer holds those (or what was set elsewhere since), and only later writes win over it.
 */
const writtenSince = (local: Readonly<Record<string, number | null>>, before: Readonly<Record<string, number | null>>, inRead: (key: string) => boolean) =>
  Object.fromEntries(Object.entries(local).filter(([key, value]) => !inRead(key) || !(key in before) || before[key] !== value));

/** A user session's rated episodes, every page; nothing to do for a guest or nobody. */
export async function loadAccountRatings(context: RatingsContext, force = false): Promise<void> {
  const { get, runtime } = context;
  const patch = (changes: Parameters<RatingsContext['patch']>[0]) => context.patch(changes);
  const session = get().session.current;
  const client = runtime.client;
  if (session.kind !== 'user' || !client) return;
  const status = get().ratings.accountStatus;
  if (!force && (status === 'loading' || status === 'ready')) return;
  const started = context.epoch;
  // Asked again while shown (the service may hold other values, set elsewhere): the rows stay
  // as they are until the whole answer replaces them.
  const again = status === 'ready';
  const before = get().ratings.local;
  if (!again) patch({ accountStatus: 'loading', accountError: undefined });
  try {
    const all: Record<string, number> = {};
    let page = 1;
    let pages = 1;
    do {
      const answer = await client.call('accountRatedEpisodes', {
        path: { account_id: await get().session.accountIdFor(client) },
        query: { page },
      });
      if (started !== context.epoch) return;
      const found: Record<string, number> = {};
      for (const rated of answer.results) {
        // The real service always says which series; an entry that does not cannot be placed.
        if (rated.show_id === undefined || rated.show_id === null) continue;
        found[episodeRefKey({ seriesId: rated.show_id, season: rated.season_number, episode: rated.episode_number })] = rated.rating;
      }
      Object.assign(all, found);
      // Rows appear as pages arrive.
      if (!again) patch((r) => ({ loaded: { ...r.loaded, ...found } }));
      pages = Math.min(answer.total_pages ?? page, MAX_PAGE);
      page++;
    } while (page <= pages);
    // What the service holds now: a rating deleted elsewhere goes too.
    patch((r) => ({ loaded: all, local: writtenSince(r.local, before, () => true), accountStatus: 'ready' }));
  } catch (error) {
    if (started !== context.epoch) return;
    // Asked behind rows shown: they stay, and the next showing asks again.
    if (again) return;
    const failure = describeFailure(error);
    patch({ accountStatus: 'error', accountError: failure });
    get().notifications.notify(accountRatingsFailed(failure.message), 'warning');
  }
}

/** My ratings of a season's episodes: the account's (all seasons at once), or a guest's season states. */
export async function loadSeasonRatings(context: RatingsContext, seriesId: number, season: number, force = false): Promise<void> {
  const { get, runtime } = context;
  const patch = (changes: Parameters<RatingsContext['patch']>[0]) => context.patch(changes);
  const session = get().session.current;
  if (session.kind === 'user') return get().ratings.loadAccountRatings(force);
  const client = runtime.client;
  if (session.kind !== 'guest' || !client) return;
  const key = seasonKey(seriesId, season);
  const status = get().ratings.guestSeasons[key]?.status;
  if (!force && (status === 'loading' || status === 'ready')) return;
  const started = context.epoch;
  const setSeason = (state: RatingsSlice['guestSeasons'][string]) =>
    patch((r) => ({ guestSeasons: { ...r.guestSeasons, [key]: state } }));
  const again = status === 'ready';
  const before = get().ratings.local;
  const inSeason = (episodeKey: string) => episodeKey.startsWith(`${key}/`);
  if (!again) setSeason({ status: 'loading' });
  try {
    const answer = await client.call('seasonAccountStates', { path: { series_id: seriesId, season_number: season } });
    if (started !== context.epoch) return;
    const found: Record<string, number> = {};
    for (const state of answer.results) {
      if (state.rated && typeof state.rated.value === 'number') {
        found[episodeRefKey({ seriesId, season, episode: state.episode_number })] = state.rated.value;
      }
    }
    // The season as the service holds it now: a rating deleted elsewhere goes too.
    const others = Object.fromEntries(Object.entries(get().ratings.loaded).filter(([episodeKey]) => !inSeason(episodeKey)));
    patch((r) => ({ loaded: { ...others, ...found }, local: writtenSince(r.local, before, inSeason) }));
    setSeason({ status: 'ready' });
  } catch (error) {
    if (started !== context.epoch || again) return;
    const failure = describeFailure(error);
    setSeason({ status: 'error', error: failure });
    get().notifications.notify(guestRatingsFailed(failure.message), 'warning');
  }
}

import type { OperationKey } from '../../../contract/index.js';
import type { Source } from '../../slices/queries.js';
import type { DatedRating } from '../../../storage/rating-dates.js';
import type { CurrentSession } from '../../slices/session.js';
import { accountFigures, type AccountFigures } from './figures.js';
import { readStatsData, type StatsData, type StatsProgress, type StatsRater } from './read.js';

/**
 * The Stats view's read: one read of the query layer, so the figures are kept for the session
 * and a second visit draws them at once. It reads the rated lists: a rating given or removed
 * anywhere (a film, a series, an episode) makes those lists stale (STALE_AFTER in the
 * contract), and with them this read, which is then loaded again on the next visit.
 */

export interface AccountStats {
  readonly figures: AccountFigures;
  readonly data: StatsData;
}

/** The rated lists the figures are built from: a write that changes one makes the figures stale. */
const RATED_LISTS = [
  'accountRatedMovies',
  'accountRatedSeries',
  'accountRatedEpisodes',
  'guestRatedMovies',
  'guestRatedSeries',
  'guestRatedEpisodes',
] as const satisfies readonly OperationKey[];

/**
 * How far each loading read of the figures is, by the read's key. The progress lives beside the
 * load rather than in the view, so that a view opened again while the load runs sees it too.
 */
const progressOf = new Map<string, StatsProgress>();
const listeners = new Set<() => void>();

export const statsProgress = {
  get: (key: string): StatsProgress | undefined => progressOf.get(key),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function setProgress(key: string, progress: StatsProgress | undefined): void {
  if (progress) progressOf.set(key, progress);
  else progressOf.delete(key);
  for (const listener of listeners) listener();
}

/** Whose ratings the session reads, or none when nobody is signed in (or the account is not known yet). */
export function statsRater(session: CurrentSession): StatsRater | undefined {
  if (session.kind === 'guest') return { kind: 'guest' };
  if (session.kind === 'user' && session.accountId !== undefined) return { kind: 'user', accountId: session.accountId };
  return undefined;
}

/**
 * `recorded` gives the record of rating dates (RatingsSlice.datedRatings), read when the figures
 * are loaded, so that ratings given since are dated.
 */
export function statsSource(rater: StatsRater, recorded?: () => readonly DatedRating[]): Source<AccountStats> {
  const key = `stats:${rater.kind === 'user' ? `user:${rater.accountId}` : 'guest'}`;
  return {
    key,
    reads: RATED_LISTS.map((op) => ({ op, params: {} })),
    load: async (client) => {
      try {
        const data = await readStatsData(client, rater, { progress: (p) => setProgress(key, p), recorded: recorded?.() ?? [] });
        return { figures: accountFigures(data), data };
      } finally {
        setProgress(key, undefined);
      }
    },
  };
}

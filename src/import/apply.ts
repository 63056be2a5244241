import { ServiceError } from '../api/index.js';
import type { ImportClient } from './client.js';
import { allPages } from './account-export.js';
import type { ImportJournal } from './journal.js';
import { clientLookup } from './lookup.js';
import { type MatchedTitle, type MatchResult, TitleMatcher } from './matcher.js';
import type { ImportFile, ImportRow } from './rows.js';

/**
 * Imports the rows of a file read whole: each row is matched, compared with what the account
 * already holds, and written (one request at a time) unless it is equal already or an earlier
 * run wrote it (the journal). Every row ends with exactly one outcome, so the totals add up to
 * the rows read.
 */

export type MatchOutcome = 'matched-by-id' | 'matched-by-title' | 'ambiguous' | 'not-found' | 'not-importable';
export type WriteOutcome = 'written' | 'would-write' | 'same' | 'done-before' | 'failed';

export interface RowOutcome {
  readonly index: number;
  readonly row: ImportRow;
  readonly match: MatchOutcome;
  readonly target?: MatchedTitle;
  /** For matched rows: what became of the write. */
  readonly write?: WriteOutcome;
  /** Why the row was not imported (or what failed). */
  readonly reason?: string;
  readonly candidates: readonly MatchedTitle[];
}

export interface ImportOptions {
  readonly dryRun: boolean;
  readonly journal: ImportJournal;
  /** Called as each row is settled (for the progress line). */
  readonly onRow?: (done: number, total: number, outcome: RowOutcome) => void;
  /** Called after each write the service accepted; a throw stops the run there (tests stop a run this way). */
  readonly afterWrite?: (writes: number) => void;
}

export const MATCH_LABELS: Readonly<Record<MatchOutcome, string>> = {
  'matched-by-id': 'matched by id',
  'matched-by-title': 'matched by title and year',
  ambiguous: 'ambiguous',
  'not-found': 'not found',
  'not-importable': 'not importable',
};
export const WRITE_LABELS: Readonly<Record<WriteOutcome, string>> = {
  written: 'written',
  'would-write': 'to write',
  same: 'already the same on the account',
  'done-before': 'written by an earlier run',
  failed: 'failed',
};

export const MATCH_OUTCOMES: readonly MatchOutcome[] = ['matched-by-id', 'matched-by-title', 'ambiguous', 'not-found', 'not-importable'];
export const WRITE_OUTCOMES: readonly WriteOutcome[] = ['written', 'would-write', 'same', 'done-before', 'failed'];

/** How the rows of a run ended: every row has one match outcome; each matched row one write outcome. */
export interface ImportTotals {
  readonly read: number;
  readonly matches: Readonly<Record<MatchOutcome, number>>;
  readonly matched: number;
  readonly writes: Readonly<Record<WriteOutcome, number>>;
  /** Rows not imported (unmatched, or the write failed): what the report holds. */
  readonly left: number;
}

export function importTotals(read: number, outcomes: readonly RowOutcome[]): ImportTotals {
  const matches = Object.fromEntries(MATCH_OUTCOMES.map((m) => [m, 0])) as Record<MatchOutcome, number>;
  const writes = Object.fromEntries(WRITE_OUTCOMES.map((w) => [w, 0])) as Record<WriteOutcome, number>;
  let matched = 0;
  for (const outcome of outcomes) {
    matches[outcome.match] += 1;
    if (outcome.target !== undefined) matched += 1;
    if (outcome.write !== undefined) writes[outcome.write] += 1;
  }
  return { read, matches, matched, writes, left: outcomes.filter(isLeftOut).length };
}

/** A row the report lists: not matched, or matched and its write failed. */
export const isLeftOut = (outcome: RowOutcome): boolean => outcome.write === undefined || outcome.write === 'failed';

/** Why a row cannot be imported whatever it matches, or undefined. */
function notImportable(row: ImportRow): string | undefined {
  if (row.kind === 'watched') return 'a watched mark without a rating: the service keeps no such mark';
  if (row.mediaType === undefined) return `${row.otherType ?? 'this type'} is not something the service rates or lists`;
  if (row.kind === 'rating' && row.rating === undefined) return 'the row gives no rating';
  if ((row.kind === 'watchlist' || row.kind === 'favorite') && row.mediaType === 'episode') {
    return `an episode cannot be on the ${row.kind === 'watchlist' ? 'watchlist' : 'favourites'}`;
  }
  if (row.kind === 'list-item' && row.mediaType !== 'movie') return 'lists on the service hold films only';
  return undefined;
}

const matched = (result: MatchResult): result is Extract<MatchResult, { target: MatchedTitle }> =>
  result.status === 'matched-by-id' || result.status === 'matched-by-title';

export async function importRows(
  client: ImportClient,
  accountId: number,
  file: ImportFile,
  options: ImportOptions,
): Promise<RowOutcome[]> {
  const matcher = new TitleMatcher(clientLookup(client));
  const lists = new AccountLists(client, accountId, file);
  const outcomes: RowOutcome[] = [];
  let writes = 0;
  const total = file.rows.length;
  for (const [index, row] of file.rows.entries()) {
    const outcome = await settleRow(index, row);
    outcomes.push(outcome);
    options.onRow?.(outcomes.length, total, outcome);
  }
  return outcomes;

  async function settleRow(index: number, row: ImportRow): Promise<RowOutcome> {
    const refused = notImportable(row);
    if (refused) return { index, row, match: 'not-importable', reason: refused, candidates: [] };
    const result = await matcher.match(row);
    if (!matched(result)) return { index, row, match: result.status, reason: result.reason, candidates: result.candidates };
    const base = { index, row, match: result.status, target: result.target, candidates: [] };
    if (options.journal.has(index)) return { ...base, write: 'done-before' };
    if (await isSame(row, result.target)) return { ...base, write: 'same' };
    if (options.dryRun) return { ...base, write: 'would-write' };
    try {
      await write(row, result.target);
    } catch (error) {
      // The service refused this row (no such episode, a list full): the row fails, the run goes on.
      // A refused token or session, the rate limit or a service down stop the run instead.
      if (error instanceof ServiceError && error.httpStatus >= 400 && error.httpStatus < 500 && !error.isAuthProblem && error.httpStatus !== 429) {
        return { ...base, write: 'failed', reason: `the service refused it: ${error.statusMessage} (HTTP ${error.httpStatus})` };
      }
      throw error;
    }
    options.journal.record(index);
    writes += 1;
    options.afterWrite?.(writes);
    return { ...base, write: 'written' };
  }

  async function isSame(row: ImportRow, target: MatchedTitle): Promise<boolean> {
    if (row.kind === 'list-item') {
      const list = await lists.find(row.listName!);
      if (list === undefined || target.mediaType !== 'movie') return false;
      return (await client.call('listItemStatus', { path: { list_id: list }, query: { movie_id: target.id } })).item_present === true;
    }
    if (target.mediaType === 'episode') {
      const states = await client.call('episodeAccountStates', {
        path: { series_id: target.seriesId, season_number: target.season, episode_number: target.episode },
      });
      return states.rated !== false && states.rated?.value === row.rating;
    }
    const states = target.mediaType === 'movie'
      ? await client.call('movieAccountStates', { path: { movie_id: target.id } })
      : await client.call('seriesAccountStates', { path: { series_id: target.id } });
    if (row.kind === 'rating') return states.rated !== false && states.rated?.value === row.rating;
    if (row.kind === 'watchlist') return states.watchlist === true;
    return states.favorite === true;
  }

  async function write(row: ImportRow, target: MatchedTitle): Promise<void> {
    const account = { account_id: accountId };
    if (row.kind === 'rating') {
      const body = { value: row.rating! };
      if (target.mediaType === 'episode') {
        await client.call('rateEpisode', {
          path: { series_id: target.seriesId, season_number: target.season, episode_number: target.episode }, body,
        });
      } else if (target.mediaType === 'movie') await client.call('rateMovie', { path: { movie_id: target.id }, body });
      else await client.call('rateSeries', { path: { series_id: target.id }, body });
      return;
    }
    if (target.mediaType === 'episode') throw new Error('an episode cannot be on the watchlist, favourites or a list');
    if (row.kind === 'watchlist') {
      await client.call('setWatchlist', { path: account, body: { media_type: target.mediaType, media_id: target.id, watchlist: true } });
    } else if (row.kind === 'favorite') {
      await client.call('setFavorite', { path: account, body: { media_type: target.mediaType, media_id: target.id, favorite: true } });
    } else {
      const list = await lists.findOrCreate(row.listName!);
      await client.call('addListItem', { path: { list_id: list }, body: { media_id: target.id } });
    }
  }
}

/** The account's lists by name, read once; a list the file names is created when first written to. */
class AccountLists {
  private byName: Map<string, number | string> | undefined;

  constructor(
    private readonly client: ImportClient,
    private readonly accountId: number,
    private readonly file: ImportFile,
  ) {}

  private async load(): Promise<Map<string, number | string>> {
    if (!this.byName) {
      const lists = await allPages((page) => this.client.call('accountLists', { path: { account_id: this.accountId }, query: { page } }));
      this.byName = new Map();
      // The first of two lists with one name is the one filled (the service allows both).
      for (const list of lists) if (list.name && !this.byName.has(list.name)) this.byName.set(list.name, list.id);
    }
    return this.byName;
  }

  async find(name: string): Promise<number | string | undefined> {
    return (await this.load()).get(name);
  }

  async findOrCreate(name: string): Promise<number | string> {
    const known = await this.find(name);
    if (known !== undefined) return known;
    const description = this.file.lists.find((list) => list.name === name)?.description ?? '';
    const { list_id } = await this.client.call('createList', { body: { name, description } });
    this.byName!.set(name, list_id);
    return list_id;
  }
}

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
/**
 * What became of a matched row:
 * - new: the account did not hold it (written, or to write in a dry run);
 * - changed: the account held another rating, which the row replaces (`previous` says which);
 * - same: the account holds it already as the row says;
 * - kept: the account holds another rating, left as it is (keepExisting);
 * - done-before: an earlier run of the same file wrote it (the journal);
 * - repeated: a later row of the file names the same title (and list), and that one counts;
 * - failed: the service refused the write.
 */
export type WriteOutcome = 'new' | 'changed' | 'same' | 'kept' | 'done-before' | 'repeated' | 'failed';

export interface RowOutcome {
  readonly index: number;
  readonly row: ImportRow;
  readonly match: MatchOutcome;
  readonly target?: MatchedTitle;
  /** For matched rows: what became of the write. */
  readonly write?: WriteOutcome;
  /** For a rating the account held before (changed, kept, same): its value then. */
  readonly previous?: number;
  /** For a repeated row: the line of the row that counts instead. */
  readonly repeatedAt?: number;
  /** Why the row was not imported (or what failed). */
  readonly reason?: string;
  readonly candidates: readonly MatchedTitle[];
}

export interface ImportOptions {
  readonly dryRun: boolean;
  readonly journal: ImportJournal;
  /** Leave a rating the account already holds as it is, instead of replacing it with the file's. */
  readonly keepExisting?: boolean;
  /** Called as each row is matched (every row is matched before any is written). */
  readonly onMatched?: (done: number, total: number) => void;
  /** Called as each row is settled (for the progress line); a throw stops the run after that row. */
  readonly onRow?: (done: number, total: number, outcome: RowOutcome) => void;
  /** Called after each write the service accepted; a throw stops the run there (tests stop a run this way). */
  readonly afterWrite?: (writes: number) => void;
  /**
   * Sends (`send`) each rating write of a row the file dates, or settles one the account holds
   * as the file says already (`send` does nothing then), with the record of rating dates kept in
   * step: the date is the file's (when the user rated it, not the time of import). It must call
   * `send` and pass on what it throws. Not called in a dry run, nor for a row the file does not date.
   */
  readonly recordRating?: (target: MatchedTitle, value: number, ratedAt: string, send: () => Promise<void>) => Promise<void>;
  /**
   * Whether the record of rating dates already dates the item's rating at this value (as it
   * stood before the run): a row the account holds as the file says leaves that date as it is,
   * since nothing was written (another file's date, or the time it was rated here, stays).
   */
  readonly isDated?: (target: MatchedTitle, value: number) => boolean;
  /**
   * Called once, before any row is written, with the lists the file names that the account does
   * not hold (by name), in the file's order: made then (in a dry run, they would be), the empty
   * ones too.
   */
  readonly onListsMade?: (names: readonly string[]) => void;
}

/** The file's date of a row when it reads as one (2023-04-01, or a full ISO time); undefined otherwise. */
export function rowDate(row: ImportRow): string | undefined {
  const text = row.date?.trim();
  return text && /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(Date.parse(text)) ? text : undefined;
}

export const MATCH_LABELS: Readonly<Record<MatchOutcome, string>> = {
  'matched-by-id': 'matched by id',
  'matched-by-title': 'matched by title and year',
  ambiguous: 'ambiguous',
  'not-found': 'not found',
  'not-importable': 'not importable',
};
export const WRITE_LABELS: Readonly<Record<WriteOutcome, string>> = {
  new: 'new',
  changed: 'changed (replaces the account\'s rating)',
  same: 'unchanged (already so on the account)',
  kept: 'kept as the account has it',
  'done-before': 'written by an earlier run',
  repeated: 'repeated in the file (the last row counts)',
  failed: 'failed',
};

export const MATCH_OUTCOMES: readonly MatchOutcome[] = ['matched-by-id', 'matched-by-title', 'ambiguous', 'not-found', 'not-importable'];
export const WRITE_OUTCOMES: readonly WriteOutcome[] = ['new', 'changed', 'same', 'kept', 'done-before', 'repeated', 'failed'];

/** Whether the row was written (or, in a dry run, would be). */
export const isWrite = (outcome: RowOutcome): boolean => outcome.write === 'new' || outcome.write === 'changed';

/** A rating as the service shows it: 8.5, 3, 10. */
export const ratingText = (value: number): string => String(value);

/** What a matched row does to the account, in words: "new", "replaces your 8.5 with 3", "keeps your 8.5 (the file says 3)". */
export function changeText(outcome: RowOutcome, dryRun: boolean): string {
  const { row, previous } = outcome;
  switch (outcome.write) {
    case 'new':
      return dryRun ? 'new, to write' : 'new, written';
    case 'changed':
      return `${dryRun ? 'replaces' : 'replaced'} your ${ratingText(previous!)} with ${ratingText(row.rating!)}`;
    case 'kept':
      return `keeps your ${ratingText(previous!)} (the file says ${ratingText(row.rating!)})`;
    case 'repeated':
      return `repeated: line ${outcome.repeatedAt} names this title again and counts instead`;
    case undefined:
      return '';
    default:
      return WRITE_LABELS[outcome.write];
  }
}

/** How the rows of a run ended: every row has one match outcome; each matched row one write outcome. */
export interface ImportTotals {
  readonly read: number;
  readonly matches: Readonly<Record<MatchOutcome, number>>;
  readonly matched: number;
  readonly writes: Readonly<Record<WriteOutcome, number>>;
  /** new + changed: what was written (or would be, in a dry run). */
  readonly written: number;
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
  return { read, matches, matched, writes, written: writes.new + writes.changed, left: outcomes.filter(isLeftOut).length };
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

type RowMatch = MatchResult | { readonly status: 'not-importable'; readonly reason: string };

const matched = (result: RowMatch): result is Extract<MatchResult, { target: MatchedTitle }> =>
  result.status === 'matched-by-id' || result.status === 'matched-by-title';

/** One entry of the account: what a row writes to, so that two rows writing to one entry are seen as one. */
function entryKey(row: ImportRow, target: MatchedTitle): string {
  const title = target.mediaType === 'episode' ? `episode:${target.seriesId}:${target.season}:${target.episode}` : `${target.mediaType}:${target.id}`;
  return row.kind === 'list-item' ? `list-item:${row.listName ?? ''}:${title}` : `${row.kind}:${title}`;
}

/** What the account holds of a row's entry: whether it is as the row says, and a rating it held. */
interface Holding {
  readonly same: boolean;
  readonly previous?: number;
}

export async function importRows(
  client: ImportClient,
  accountId: number,
  file: ImportFile,
  options: ImportOptions,
): Promise<RowOutcome[]> {
  const matcher = new TitleMatcher(clientLookup(client));
  const lists = new AccountLists(client, accountId, file);
  const total = file.rows.length;

  // Every row is matched first, so that rows naming one entry are known before anything is
  // written: of those, the last row of the file counts and the earlier ones are "repeated".
  const matches: RowMatch[] = [];
  for (const row of file.rows) {
    const refused = notImportable(row);
    matches.push(refused ? { status: 'not-importable', reason: refused } : await matcher.match(row));
    options.onMatched?.(matches.length, total);
  }
  const lastOfEntry = new Map<string, number>();
  matches.forEach((result, index) => {
    if (matched(result)) lastOfEntry.set(entryKey(file.rows[index]!, result.target), index);
  });

  const made = await lists.makeMissing(options.dryRun);
  if (made.length > 0) options.onListsMade?.(made);

  const outcomes: RowOutcome[] = [];
  let writes = 0;
  for (const [index, row] of file.rows.entries()) {
    const outcome = await settleRow(index, row, matches[index]!);
    outcomes.push(outcome);
    options.onRow?.(outcomes.length, total, outcome);
  }
  return outcomes;

  async function settleRow(index: number, row: ImportRow, result: RowMatch): Promise<RowOutcome> {
    if (result.status === 'not-importable') return { index, row, match: 'not-importable', reason: result.reason, candidates: [] };
    if (!matched(result)) return { index, row, match: result.status, reason: result.reason, candidates: result.candidates };
    const base = { index, row, match: result.status, target: result.target, candidates: [] };
    const last = lastOfEntry.get(entryKey(row, result.target))!;
    if (last !== index) return { ...base, write: 'repeated', repeatedAt: file.rows[last]!.origin.line };
    if (options.journal.has(index)) return { ...base, write: 'done-before' };
    const holding = await accountHolds(row, result.target);
    const previous = holding.previous === undefined ? {} : { previous: holding.previous };
    if (holding.same) {
      const dated = row.kind === 'rating' && row.rating !== undefined && options.isDated?.(result.target, row.rating) === true;
      if (!options.dryRun && !dated) await recorded(row, result.target, async () => {});
      return { ...base, ...previous, write: 'same' };
    }
    if (holding.previous !== undefined && options.keepExisting) return { ...base, ...previous, write: 'kept' };
    const change: WriteOutcome = holding.previous === undefined ? 'new' : 'changed';
    if (options.dryRun) return { ...base, ...previous, write: change };
    try {
      await recorded(row, result.target, () => write(row, result.target));
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
    return { ...base, ...previous, write: change };
  }

  /** Sends the row's write; a rating the file dates goes to the record of rating dates with it. */
  function recorded(row: ImportRow, target: MatchedTitle, send: () => Promise<void>): Promise<void> {
    const date = rowDate(row);
    if (row.kind !== 'rating' || row.rating === undefined || date === undefined || !options.recordRating) return send();
    return options.recordRating(target, row.rating, date, send);
  }

  /** What the account holds of the row's entry; for a rating, the value it held (if any). */
  async function accountHolds(row: ImportRow, target: MatchedTitle): Promise<Holding> {
    if (row.kind === 'list-item') {
      const list = await lists.find(row.listName!);
      if (list === undefined || target.mediaType !== 'movie') return { same: false };
      return { same: (await client.call('listItemStatus', { path: { list_id: list }, query: { movie_id: target.id } })).item_present === true };
    }
    const states = target.mediaType === 'episode'
      ? await client.call('episodeAccountStates', {
          path: { series_id: target.seriesId, season_number: target.season, episode_number: target.episode },
        })
      : target.mediaType === 'movie'
        ? await client.call('movieAccountStates', { path: { movie_id: target.id } })
        : await client.call('seriesAccountStates', { path: { series_id: target.id } });
    if (row.kind === 'rating') {
      const held = states.rated === false || states.rated === undefined || states.rated === null ? undefined : (states.rated.value ?? undefined);
      return held === undefined ? { same: false } : { same: held === row.rating, previous: held };
    }
    const flags = states as { watchlist?: boolean | null; favorite?: boolean | null };
    return { same: (row.kind === 'watchlist' ? flags.watchlist : flags.favorite) === true };
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

  /**
   * Makes the lists the file names that the account does not hold, the empty ones too, and says
   * which (in a dry run, only says). The service lists an account's lists newest first, so they
   * are made from the file's last to its first: the account then lists them in the file's order,
   * as an export wrote them.
   */
  async makeMissing(dryRun: boolean): Promise<string[]> {
    if (this.file.lists.length === 0) return [];
    const known = await this.load();
    const missing = [...new Set(this.file.lists.map((list) => list.name))].filter((name) => !known.has(name));
    if (!dryRun) for (const name of [...missing].reverse()) await this.findOrCreate(name);
    return missing;
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

import { createHash } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { serviceKey } from './sessions.js';
import { writeSecretFile } from './secret-file.js';
import { readUserFile } from './user-file.js';

/**
 * When each of my ratings was given: the version 3 rated lists say a rating's value but not its
 * date, so Marquee keeps the date of every rating it wrote (or imported) itself. One entry per
 * rated item (the latest), so a file grows with the number of rated items, never with the number
 * of writes. One file per rater and service, under the data dir:
 *
 *   rating-dates/<service>/account-<account id>.json
 *   rating-dates/<service>/guest-<first 16 hex digits of SHA-256 of the guest session id>.json
 *
 * A guest session id is a secret: it appears in no file name and no file's text, only its
 * one-way digest does (the id is random, so the digest cannot be turned back into it), which
 * keeps the file findable again for as long as the guest session lives. Written whole and
 * atomically (temp file + rename), 0600: what someone rated is private.
 */
export const RATING_DATES_DIR = 'rating-dates';
const FORMAT = 'marquee-rating-dates';
const VERSION = 1;

export type DatedKind = 'movie' | 'tv' | 'episode';

/** One rated item and when the service took its rating. */
export interface DatedRating {
  readonly kind: DatedKind;
  /** The film's or series' id; for an episode, its series' id. */
  readonly id: number;
  readonly season?: number;
  readonly episode?: number;
  readonly value: number;
  /** ISO date-time (or an imported file's ISO date). */
  readonly ratedAt: string;
}

/** Whose ratings: an account, or a guest session (its id is only ever digested). */
export type DatesRater = { readonly kind: 'account'; readonly accountId: number } | { readonly kind: 'guest'; readonly sessionId: string };

export interface RatingDatesStorage {
  /** The rater's entries; throws RatingDatesFileError when the file is there but cannot be read. */
  load(rater: DatesRater): DatedRating[];
  save(rater: DatesRater, entries: readonly DatedRating[]): void;
  /**
   * Moves an unreadable file aside (so that the next save starts a new one without destroying
   * the old) and says where it went.
   */
  setAside(rater: DatesRater): string | undefined;
}

export class RatingDatesFileError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`The record of rating dates ${file} cannot be read: ${reason}`);
  }
}

/** One key per item: "movie:603", "tv:1399", "episode:1399:1:2". */
export const datedKey = (item: Omit<DatedRating, 'value' | 'ratedAt'>) =>
  item.kind === 'episode' ? `episode:${item.id}:${item.season}:${item.episode}` : `${item.kind}:${item.id}`;

/** The same item (kind, id, and for an episode its place): one entry each. */
export const sameDatedItem = (a: Omit<DatedRating, 'value' | 'ratedAt'>, b: Omit<DatedRating, 'value' | 'ratedAt'>) => datedKey(a) === datedKey(b);

/** When the service says I rated it: newer answers carry `account_rating.created_at`; older ones no date. */
export function serviceRatedAt(item: object): string | null {
  const nested = (item as { account_rating?: { created_at?: unknown } | null }).account_rating?.created_at;
  const value = nested ?? (item as { rated_at?: unknown }).rated_at;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value : null;
}

/**
 * The date of a rating a rated list names: the service's own date first, else the record's when
 * it holds the same value (a different value was given elsewhere, at a time the record does not
 * know). What the Stats timelines and the export both show.
 */
export function ratedAtPicker(recorded: readonly DatedRating[]) {
  const byItem = new Map(recorded.map((entry) => [datedKey(entry), entry]));
  return (item: object, ref: Omit<DatedRating, 'value' | 'ratedAt'>, rating: number): string | null => {
    const entry = byItem.get(datedKey(ref));
    return serviceRatedAt(item) ?? (entry?.value === rating ? entry.ratedAt : null);
  };
}

const isEntry = (value: unknown): value is DatedRating => {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  const kindOk = e.kind === 'movie' || e.kind === 'tv' || (e.kind === 'episode' && Number.isInteger(e.season) && Number.isInteger(e.episode));
  return (
    kindOk &&
    Number.isInteger(e.id) &&
    typeof e.value === 'number' &&
    e.value >= 0.5 &&
    e.value <= 10 &&
    typeof e.ratedAt === 'string' &&
    !Number.isNaN(Date.parse(e.ratedAt))
  );
};

/** A service's folder name: "embedded", or its origin with every character a file name may not hold replaced. */
const serviceFolder = (baseUrl: string | undefined) => serviceKey(baseUrl).replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9.-]/g, '_');

export const raterFileName = (rater: DatesRater) =>
  rater.kind === 'account'
    ? `account-${rater.accountId}.json`
    : `guest-${createHash('sha256').update(rater.sessionId).digest('hex').slice(0, 16)}.json`;

/** One entry per rated item, about 100 bytes each: room for well over 100,000 rated items. */
const MAX_DATES_BYTES = 16 * 1024 * 1024;

export function fileRatingDates(dataDir: string, baseUrl: string | undefined, now: () => Date = () => new Date()): RatingDatesStorage {
  const folder = join(dataDir, RATING_DATES_DIR, serviceFolder(baseUrl));
  const pathOf = (rater: DatesRater) => join(folder, raterFileName(rater));
  return {
    load(rater) {
      const path = pathOf(rater);
      if (!existsSync(path)) return [];
      let parsed: unknown;
      try {
        // Read as the other files Marquee keeps: a FIFO or a device in its place is refused, not read.
        parsed = JSON.parse(readUserFile(path, MAX_DATES_BYTES));
      } catch (error) {
        throw new RatingDatesFileError(path, error instanceof SyntaxError ? 'it is not JSON' : error instanceof Error ? error.message : String(error));
      }
      const body = parsed as { format?: unknown; version?: unknown; ratings?: unknown } | null;
      if (typeof body !== 'object' || body === null || body.format !== FORMAT || !Array.isArray(body.ratings)) {
        throw new RatingDatesFileError(path, `it is not a ${FORMAT} file`);
      }
      if (body.version !== VERSION) throw new RatingDatesFileError(path, `it is version ${String(body.version)}; this Marquee reads version ${VERSION}`);
      // An entry this version cannot read is dropped, the others kept.
      return body.ratings.filter(isEntry);
    },
    save(rater, entries) {
      writeSecretFile(pathOf(rater), `${JSON.stringify({ format: FORMAT, version: VERSION, ratings: entries }, null, 1)}\n`);
    },
    setAside(rater) {
      const path = pathOf(rater);
      if (!existsSync(path)) return undefined;
      const aside = `${path}.unreadable-${now().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(path, aside);
      return aside;
    },
  };
}

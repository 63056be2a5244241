import {
  datedKey, RatingDatesFileError, sameDatedItem,
  type DatedRating, type DatesRater, type RatingDatesStorage,
} from '../../storage/rating-dates.js';
import type { MatchedTitle } from '../../transfers/matcher.js';

/**
 * The record of when each of my ratings was given (storage/rating-dates.ts): a rating sets its
 * item's entry (value and time), a removed rating drops it. A write is entered as it is sent and
 * stamped again with the time the service acknowledged it; one the service refused (or that
 * never got an answer) puts back the entry it replaced. It has to be entered before the answer
 * is handed on: the client loads the reads a write makes stale (the Stats figures among them)
 * before it hands on the write's answer, and that load reads this record. The writes of one item
 * go out one at a time (latest-intent.ts), so the entry ends with the value the service ends
 * with. Nothing here ever throws: a record that cannot be read or written is a notice, and the
 * rating itself stands on the service.
 */

/** What was rated: a film, a series, or an episode (by its series' id and place). */
export type DatedItem =
  | { readonly kind: 'movie' | 'tv'; readonly id: number }
  | { readonly kind: 'episode'; readonly id: number; readonly season: number; readonly episode: number };

/** The item an import's matched title names. */
export function importedItem(target: MatchedTitle): DatedItem {
  return target.mediaType === 'episode'
    ? { kind: 'episode', id: target.seriesId, season: target.season, episode: target.episode }
    : { kind: target.mediaType, id: target.id };
}

/** Whether the entries (as they are now) date the item's rating at this value. */
export function datesValue(entries: readonly DatedRating[]): (item: DatedItem, value: number) => boolean {
  const values = new Map(entries.map((entry) => [datedKey(entry), entry.value]));
  return (item, value) => values.get(datedKey(item)) === value;
}

export interface RatingDates {
  /** The service now holds `value` for the item (null: no rating), since `at` (ISO; now when not given). */
  record(rater: DatesRater | undefined, item: DatedItem, value: number | null, at?: string): void;
  /** The rater's entries; none when the record cannot be read (after saying so; it is left where it is until the next rating). */
  entries(rater: DatesRater | undefined): readonly DatedRating[];
  /**
   * Sends a write of the item's rating (`value`, null: its removal) with the record kept in step:
   * entered as sent, stamped when the service answers, the earlier entry put back when it fails
   * (the failure is thrown on). `at` dates it instead of the clock (an imported file's date).
   */
  sending<T>(rater: DatesRater | undefined, item: DatedItem, value: number | null, send: () => Promise<T>, at?: string): Promise<T>;
}

export function ratingDates(storage: RatingDatesStorage | undefined, now: () => number, notify: (message: string) => void): RatingDates {
  /** The rater's entries; undefined (after a notice) when unreadable. Before a write (`setAside`) an unreadable file is moved aside instead. */
  const load = (rater: DatesRater, setAside: boolean): DatedRating[] | undefined => {
    if (!storage) return [];
    try {
      return storage.load(rater);
    } catch (error) {
      if (!(error instanceof RatingDatesFileError) || !setAside) {
        notify(`Could not read the record of rating dates: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
      // Kept aside rather than overwritten: whatever it still holds can be looked at by hand.
      try {
        const aside = storage.setAside(rater);
        notify(`${error.message}. It was moved aside to ${aside ?? error.file}; a new record starts now (your ratings on the service are untouched).`);
        return [];
      } catch (moveError) {
        notify(`${error.message}, and it could not be moved aside: ${moveError instanceof Error ? moveError.message : String(moveError)}`);
        return undefined;
      }
    }
  };
  return {
    record(rater, item, value, at) {
      if (!rater || !storage) return;
      const entries = load(rater, true);
      if (!entries) return;
      const kept = entries.filter((entry) => !sameDatedItem(entry, item));
      const next = value === null ? kept : [...kept, { ...item, value, ratedAt: at ?? new Date(now()).toISOString() }];
      if (value === null && kept.length === entries.length) return;
      try {
        storage.save(rater, next);
      } catch (error) {
        notify(`Could not record when you rated it: ${error instanceof Error ? error.message : String(error)} (the rating itself is saved on the service)`);
      }
    },
    entries: (rater) => (rater ? (load(rater, false) ?? []) : []),
    async sending(rater, item, value, send, at) {
      if (!rater || !storage) return send();
      const before = load(rater, false)?.find((entry) => sameDatedItem(entry, item));
      this.record(rater, item, value, at);
      let answer;
      try {
        answer = await send();
      } catch (error) {
        // The service keeps what it held: so does the record (a different value there is undated anyway).
        this.record(rater, item, before?.value ?? null, before?.ratedAt);
        throw error;
      }
      if (value !== null && at === undefined) this.record(rater, item, value);
      return answer;
    },
  };
}
